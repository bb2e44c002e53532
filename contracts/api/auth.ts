import { z } from 'zod';
import type { RouteContract } from '../route-contract';
import { Message, redirect } from '../route-contract';
import {
  ChangePasswordRequest,
  CompleteInvitationRequest,
  CurrentUser,
  ForgotPasswordRequest,
  ImpersonationExchangeRequest,
  ImpersonationExchangeResponse,
  InvitationResponse,
  LoginRequest,
  LoginResponse,
  RecoveryCodesResponse,
  ResetPasswordRequest,
  SignedIn,
  SignupRequest,
  SponsorCodeParam,
  SponsorResponse,
  StepUpResponse,
  TwoFactorCodeRequest,
  TwoFactorDisableRequest,
  TwoFactorSetupResponse,
  TwoFactorStatus,
  UserIdParam,
  ValidateInvitationRequest,
  VerifyEmailRequest,
} from '../auth';
import { ProfileUpdateRequest } from '../profile';
import { ApprovalRequested } from '../approvals';
import { AdminUserListItem, AdminUserListQuery } from '../users';

/** Sign-in, sessions, sign-up, passwords, invitations, two-factor and impersonation; the profile. */
export const AUTH_API = {
  'GET /api/auth/user': { summary: 'The signed-in user (401 when signed out)', response: { 200: CurrentUser } },
  'POST /api/login': {
    summary: 'Sign in with user ID or email and password; with two-factor on, a challenge cookie and { twoFactorRequired }',
    body: LoginRequest,
    response: { 200: LoginResponse },
  },
  'POST /api/login/two-factor': { summary: 'The second step of a two-factor sign-in: a code or a recovery code', body: TwoFactorCodeRequest, response: { 200: SignedIn } },
  'GET /api/login': { summary: 'Where unauthorised visitors are sent: redirects to /', response: { 302: redirect('To /') } },
  'POST /api/logout': { summary: 'End the session (or the impersonation token)', response: { 200: Message } },
  'GET /api/logout': { summary: 'End the session and redirect to /', response: { 302: redirect('To /') } },
  'POST /api/auth/change-password': { summary: "Change the own password; ends the user's other sessions", body: ChangePasswordRequest, response: { 200: Message } },
  'POST /api/auth/forgot-password': { summary: 'Mail a reset link (the same answer whether or not the email exists)', body: ForgotPasswordRequest, response: { 200: Message } },
  'GET /api/auth/verify-sponsor/:code': { summary: 'Name and masked email of an active sponsor', params: SponsorCodeParam, response: { 200: SponsorResponse } },
  'POST /api/auth/signup': { summary: 'Create an account; a verification mail follows', body: SignupRequest, response: { 201: Message } },
  'POST /api/auth/verify-email': { summary: 'Verify the email with its single-use token', body: VerifyEmailRequest, response: { 200: Message } },
  'POST /api/auth/reset-password': { summary: 'Set a new password with a single-use reset token', body: ResetPasswordRequest, response: { 200: Message } },
  'POST /api/auth/validate-invitation': { summary: 'Who an invitation is for', body: ValidateInvitationRequest, response: { 200: InvitationResponse } },
  'POST /api/auth/complete-invitation': { summary: "Set an invited account's password", body: CompleteInvitationRequest, response: { 200: Message } },
  'GET /api/auth/two-factor': { summary: 'Own two-factor status', response: { 200: TwoFactorStatus } },
  'POST /api/auth/two-factor/setup': { summary: 'Start enrolment: a new secret and its otpauth address', response: { 200: TwoFactorSetupResponse } },
  'POST /api/auth/two-factor/enable': { summary: 'Turn two-factor on with a first code; answers the recovery codes once', body: TwoFactorCodeRequest, response: { 200: RecoveryCodesResponse } },
  'POST /api/auth/two-factor/step-up': { summary: 'The code again: step-up routes are open to this session for 5 minutes', body: TwoFactorCodeRequest, response: { 200: StepUpResponse } },
  'POST /api/auth/two-factor/recovery-codes': { summary: 'New recovery codes; the old ones stop working', body: TwoFactorCodeRequest, response: { 200: RecoveryCodesResponse } },
  'POST /api/auth/two-factor/disable': { summary: 'Turn two-factor off (members only)', body: TwoFactorDisableRequest, response: { 200: Message } },
  'POST /api/admin/users/:id/two-factor/reset': {
    summary: "Clear another user's two-factor (lost phone; step-up); ends their sessions. An admin's or founder's waits for a third person (202)",
    params: UserIdParam,
    response: { 200: Message, 202: ApprovalRequested },
  },
  'POST /api/impersonation/exchange': {
    summary: "Exchange a single-use code (in the issuing admin's browser) for a bearer token",
    body: ImpersonationExchangeRequest,
    response: { 200: ImpersonationExchangeResponse },
  },
  'POST /api/impersonation/revoke': { summary: 'End the impersonation token in use', response: { 200: Message } },
  'PUT /api/user/profile': { summary: 'Update the own profile (email not editable); a payout change holds withdrawals 24 hours', body: ProfileUpdateRequest, response: { 200: CurrentUser } },
  'GET /api/users': { summary: 'Users by name, email or user ID (identity numbers masked)', query: AdminUserListQuery, response: { 200: z.array(AdminUserListItem) } },
} as const satisfies Record<string, RouteContract>;
