import { z } from 'zod';
import type { RouteContract } from '../route-contract';
import { Message, file } from '../route-contract';
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
import { ApprovalRequested } from '../approvals';
import { KycDecided, KycQueueEntry, KycUserParam, UserDocuments } from '../admin-kyc';
import { DirectIncomeReport, HolidayRewardReport, PayoutSummaryReport } from '../reports';

/** The back-office: members, the dashboard, KYC review, the audit log and the income reports. */
export const ADMIN_API = {
  'GET /api/admin/users/search': { summary: 'All Members: the advanced search, keyset-paginated', query: AdminUserSearchQuery, response: { 200: AdminUserPage } },
  'PATCH /api/admin/users/:id/status': { summary: 'Block or activate a user', params: IdParam, body: UserStatusRequest, response: { 200: UserStatusChanged } },
  'PATCH /api/admin/users/:id': {
    summary: 'Edit User Details; a change of payout details waits for a second admin (202)',
    params: IdParam,
    body: AdminUserEditRequest,
    response: { 200: UserUpdated, 202: UserChangeRequested },
  },
  'PUT /api/users/:userId': {
    summary: 'Edit User Details by user ID; a change of payout details waits for a second admin (202)',
    params: UserDisplayIdParam,
    body: AdminUserEditRequest,
    response: { 200: UserUpdated, 202: UserChangeRequested },
  },
  'PATCH /api/users/:id': {
    summary: 'Edit name, email, role and status; a role change to admin waits for a second admin (202)',
    params: IdParam,
    body: MemberEditRequest,
    response: { 200: UserUpdated, 202: UserChangeRequested },
  },
  'POST /api/users': {
    summary: 'Create a user and mail an invitation; a new admin waits for a second admin (202)',
    body: CreateUserRequest,
    response: { 201: UserCreated, 202: ApprovalRequested },
  },
  'DELETE /api/users/:id': { summary: 'Delete a user without tree position, ledger entries or purchases', params: IdParam, response: { 200: Message } },
  'POST /api/admin/login-as-user/:id': { summary: "A single-use code that opens the user's session in the admin's browser", params: IdParam, response: { 200: LoginAsUserResponse } },
  'POST /api/admin/impersonate/:id': { summary: 'The same code, with the address that opens it', params: IdParam, response: { 200: ImpersonateResponse } },
  'GET /api/users/paid-members': { summary: 'Paid members: approved KYC, bank details and a package', response: { 200: z.array(AdminUserRow) } },
  'GET /api/users/free-users': { summary: 'Free users: no package', query: FreeUsersQuery, response: { 200: FreeUsersResponse } },
  'GET /api/users/today-joinings': { summary: 'Members activated today in the given time zone', query: TodayJoiningsQuery, response: { 200: TodayJoiningsResponse } },
  'GET /api/admin/users/export': {
    summary: 'The member list as CSV or Excel (streamed; no secrets)',
    query: ExportQuery,
    response: { 200: file(['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], 'The export file') },
  },
  'GET /api/admin/stats': { summary: "The dashboard's cards and the work waiting for an admin", query: TimeZoneQuery, response: { 200: AdminStatsResponse } },
  'GET /api/users/stats': { summary: 'Member counts by status and KYC', query: TimeZoneQuery, response: { 200: UserCounts } },
  'GET /api/admin/kyc': { summary: 'Users with documents in a review tab (pending, approved, rejected)', query: AdminKycQuery, response: { 200: z.array(KycQueueEntry) } },
  'GET /api/admin/kyc/:userId/documents': { summary: 'Every document of one user, with full numbers', params: KycUserParam, response: { 200: UserDocuments } },
  'PATCH /api/admin/kyc/:documentId': { summary: 'Approve or reject a document', params: DocumentIdParam, body: KycReviewRequest, response: { 200: KycDecided } },
  'GET /api/admin/audit-log': { summary: 'Users Activities: the audit log, newest first', query: AuditLogQuery, response: { 200: AuditPage } },
  'GET /api/admin/reports/payout-summary': { summary: 'Posted cycles (gross, deductions, net, members paid) and approved withdrawals', response: { 200: PayoutSummaryReport } },
  'GET /api/admin/reports/direct-income': { summary: 'Sponsor income lines of posted cycles, with totals', response: { 200: DirectIncomeReport } },
  'GET /api/admin/reports/holiday-reward': { summary: 'Travel fund awards', response: { 200: HolidayRewardReport } },
} as const satisfies Record<string, RouteContract>;
