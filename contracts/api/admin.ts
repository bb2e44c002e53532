import { z } from 'zod';
import type { RouteContract } from '../route-contract';
import { Message, file, ok, route } from '../route-contract';
import { IdParam } from '../notifications';
import { DocumentIdParam } from '../kyc';
import {
  AdminKycQuery,
  AdminStatsResponse,
  AdminUserEditRequest,
  AdminUserPage,
  AdminUserRow,
  AdminUserSearchQuery,
  AuditLogQuery,
  AuditPage,
  CreateUserRequest,
  ExportQuery,
  FreeUsersQuery,
  FreeUsersResponse,
  ImpersonateResponse,
  KycReviewRequest,
  LoginAsUserResponse,
  MemberEditRequest,
  TimeZoneQuery,
  TodayJoiningsQuery,
  TodayJoiningsResponse,
  UserChangeRequested,
  UserCounts,
  UserCreated,
  UserDisplayIdParam,
  UserStatusChanged,
  UserStatusRequest,
  UserUpdated,
} from '../admin';
import { createdOrApproval } from '../approvals';
import { KycDecided, KycQueueEntry, KycUserParam, UserDocuments } from '../admin-kyc';
import { DirectIncomeReport, HolidayRewardReport, PayoutSummaryReport } from '../reports';

/** The back-office: members, the dashboard, KYC review, the audit log and the income reports. */
export const ADMIN_API = {
  'GET /api/admin/users/search': ok('All Members: the advanced search, keyset-paginated', AdminUserPage, { query: AdminUserSearchQuery }),
  'PATCH /api/admin/users/:id/status': ok('Block or activate a user', UserStatusChanged, { params: IdParam, body: UserStatusRequest }),
  'PATCH /api/admin/users/:id': route(
    'Edit User Details; a change of payout details waits for a second admin (202)',
    { 200: UserUpdated, 202: UserChangeRequested },
    { params: IdParam, body: AdminUserEditRequest },
  ),
  'PUT /api/users/:userId': route(
    'Edit User Details by user ID; a change of payout details waits for a second admin (202)',
    { 200: UserUpdated, 202: UserChangeRequested },
    { params: UserDisplayIdParam, body: AdminUserEditRequest },
  ),
  'PATCH /api/users/:id': route(
    'Edit name, email, role and status; a role change to admin waits for a second admin (202)',
    { 200: UserUpdated, 202: UserChangeRequested },
    { params: IdParam, body: MemberEditRequest },
  ),
  'POST /api/users': createdOrApproval('Create a user and mail an invitation; a new admin waits for a second admin (202)', UserCreated, { body: CreateUserRequest }),
  'DELETE /api/users/:id': ok('Delete a user without tree position, ledger entries or purchases', Message, { params: IdParam }),
  'POST /api/admin/login-as-user/:id': ok("A single-use code that opens the user's session in the admin's browser", LoginAsUserResponse, { params: IdParam }),
  'POST /api/admin/impersonate/:id': ok('The same code, with the address that opens it', ImpersonateResponse, { params: IdParam }),
  'GET /api/users/paid-members': ok('Paid members: approved KYC, bank details and a package', z.array(AdminUserRow)),
  'GET /api/users/free-users': ok('Free users: no package', FreeUsersResponse, { query: FreeUsersQuery }),
  'GET /api/users/today-joinings': ok('Members activated today in the given time zone', TodayJoiningsResponse, { query: TodayJoiningsQuery }),
  'GET /api/admin/users/export': ok(
    'The member list as CSV or Excel (streamed; no secrets)',
    file(['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], 'The export file'),
    { query: ExportQuery },
  ),
  'GET /api/admin/stats': ok("The dashboard's cards and the work waiting for an admin", AdminStatsResponse, { query: TimeZoneQuery }),
  'GET /api/users/stats': ok('Member counts by status and KYC', UserCounts, { query: TimeZoneQuery }),
  'GET /api/admin/kyc': ok('Users with documents in a review tab (pending, approved, rejected)', z.array(KycQueueEntry), { query: AdminKycQuery }),
  'GET /api/admin/kyc/:userId/documents': ok('Every document of one user, with full numbers', UserDocuments, { params: KycUserParam }),
  'PATCH /api/admin/kyc/:documentId': ok('Approve or reject a document', KycDecided, { params: DocumentIdParam, body: KycReviewRequest }),
  'GET /api/admin/audit-log': ok('Users Activities: the audit log, newest first', AuditPage, { query: AuditLogQuery }),
  'GET /api/admin/reports/payout-summary': ok('Posted cycles (gross, deductions, net, members paid) and approved withdrawals', PayoutSummaryReport),
  'GET /api/admin/reports/direct-income': ok('Sponsor income lines of posted cycles, with totals', DirectIncomeReport),
  'GET /api/admin/reports/holiday-reward': ok('Travel fund awards', HolidayRewardReport),
} as const satisfies Record<string, RouteContract>;
