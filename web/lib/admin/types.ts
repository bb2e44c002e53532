import type { AdminStatsResponse, AdminUserPage, AdminUserRow, AuditEntry, AuditPage, FreeUsersResponse, KycQueueEntry, ReviewDocument, TodayJoiningsResponse, UserDocuments } from '@contracts';

/** The admin screens' answer types: each is the `z.infer` of its route's response schema in contracts/ (issue 14). */
export type { AdminUserRow, AuditEntry, AuditPage, KycQueueEntry, ReviewDocument };

/** GET /api/admin/stats */
export type AdminStats = AdminStatsResponse;
export type ActionRequired = AdminStatsResponse['actionsRequired'][number];

/** GET /api/admin/users/search */
export type AdminUserPageData = AdminUserPage;
/** GET /api/users/free-users */
export type FreeUsersData = FreeUsersResponse;
/** GET /api/users/today-joinings */
export type TodayJoiningsData = TodayJoiningsResponse;
/** GET /api/admin/kyc/:userId/documents */
export type UserDocumentsData = UserDocuments;

export type { DirectIncomeReport, HolidayRewardReport, PayoutSummaryReport } from '@contracts';
