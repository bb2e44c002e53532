import type { AdminStatsResponse, AdminUserRow, KycDocumentType } from '@contracts';

export type { AdminUserRow };

/** GET /api/admin/stats */
export type AdminStats = AdminStatsResponse;
export type ActionRequired = AdminStatsResponse['actionsRequired'][number];

export interface AdminUserPageData {
  items: AdminUserRow[];
  nextCursor: string | null;
}

export interface FreeUsersData {
  items: AdminUserRow[];
  matching: number;
  total: number;
}

export interface TodayJoiningsData {
  date: string;
  timezone: string;
  items: AdminUserRow[];
}

/** One document in the reviewer's view (full numbers). */
export interface ReviewDocument {
  id: string;
  documentType: KycDocumentType;
  documentNumber: string | null;
  documentUrl: string;
  documentContentType: string;
  documentFilename: string | null;
  documentSize: number;
  status: 'pending' | 'approved' | 'rejected';
  rejectionReason: string | null;
  createdAt: string;
  reviewedAt: string | null;
}

/** GET /api/admin/kyc?status= : one user of a review tab. */
export interface KycQueueEntry {
  userId: string;
  userUserId: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  kycStatus: string;
  status: string;
  panNumber: string | null;
  aadhaarNumber: string | null;
  bankAccountNumber: string | null;
  bankIFSC: string | null;
  bankName: string | null;
  documents: ReviewDocument[];
  pendingCount: number;
  createdAt: string | null;
  updatedAt: string | null;
  reviewedAt: string | null;
  rejectionReason: string | null;
}

/** GET /api/admin/kyc/:userId/documents */
export interface UserDocumentsData {
  user: Omit<KycQueueEntry, 'documents' | 'pendingCount' | 'createdAt' | 'updatedAt' | 'reviewedAt' | 'rejectionReason'>;
  documents: ReviewDocument[];
}

export interface AuditEntry {
  id: string;
  action: string;
  entityType: string;
  entityId: string | null;
  actorId?: string | null;
  actorUserId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  actorRole: string | null;
  onBehalfOfUserId: string | null;
  previousState: unknown;
  newState: unknown;
  changes: unknown;
  reason: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
}

export interface AuditPage {
  items: AuditEntry[];
  nextCursor: string | null;
}

export type { DirectIncomeReport, HolidayRewardReport, PayoutSummaryReport } from '@contracts';
