import { z } from 'zod';
import { KYC_DOCUMENT_TYPES } from './kyc';
import { id, instant } from './route-contract';
import { identityNumberFields } from './answer-fields';

/** The KYC reviewer's views (doc 2 §2.4): full identity numbers are shown here and nowhere else (docs/spec/decisions.md §7). */

export const ReviewDocument = z.strictObject({
  id,
  documentType: z.enum(KYC_DOCUMENT_TYPES),
  documentNumber: z.string().nullable(),
  documentUrl: z.string(),
  documentContentType: z.string(),
  documentFilename: z.string().nullable(),
  documentSize: z.number().int(),
  status: z.enum(['pending', 'approved', 'rejected']),
  rejectionReason: z.string().nullable(),
  createdAt: instant,
  reviewedAt: instant.nullable(),
});
export type ReviewDocument = z.infer<typeof ReviewDocument>;

/** Who the documents belong to. */
export const KycUserSummary = z.strictObject({
  userId: id,
  userUserId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  kycStatus: z.string(),
  status: z.string(),
  ...identityNumberFields,
  bankAccountNumber: z.string().nullable(),
  bankIFSC: z.string().nullable(),
  bankName: z.string().nullable(),
});
export type KycUserSummary = z.infer<typeof KycUserSummary>;

/** GET /api/admin/kyc?status= : one user of a review tab with the newest document of each type. */
export const KycQueueEntry = KycUserSummary.extend({
  documents: z.array(ReviewDocument),
  pendingCount: z.number().int(),
  createdAt: instant.nullable(),
  updatedAt: instant.nullable(),
  reviewedAt: instant.nullable(),
  rejectionReason: z.string().nullable(),
});
export type KycQueueEntry = z.infer<typeof KycQueueEntry>;

/** GET /api/admin/kyc/:userId/documents: every document of one user. */
export const UserDocuments = z.strictObject({ user: KycUserSummary, documents: z.array(ReviewDocument) });
export type UserDocuments = z.infer<typeof UserDocuments>;

/** PATCH /api/admin/kyc/:documentId: the document as decided and the user's KYC status that follows. */
export const KycDecided = ReviewDocument.extend({ userKycStatus: z.string() });
export type KycDecided = z.infer<typeof KycDecided>;

export const KycUserParam = z.object({ userId: z.uuid({ error: 'Not found' }) });
