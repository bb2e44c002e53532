import { z } from 'zod';
import type { RouteContract } from '../route-contract';
import { Message, redirect, created, ok, route } from '../route-contract';
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
import { okOrApproval } from '../approvals';
import { AdminUserListItem, AdminUserListQuery } from '../users';

/** Sign-in, sessions, sign-up, passwords, invitations, two-factor and impersonation; the profile. */
export const AUTH_API = {
  'GET /api/auth/user': ok('The signed-in user (401 when signed out)', CurrentUser),
  'POST /api/login': ok('Sign in with user ID or email and password; with two-factor on, a challenge cookie and { twoFactorRequired }', LoginResponse, { body: LoginRequest }),
  'POST /api/login/two-factor': ok('The second step of a two-factor sign-in: a code or a recovery code', SignedIn, { body: TwoFactorCodeRequest }),
  'GET /api/login': route('Where unauthorised visitors are sent: redirects to /', { 302: redirect('To /') }),
  'POST /api/logout': ok('End the session (or the impersonation token)', Message),
  'GET /api/logout': route('End the session and redirect to /', { 302: redirect('To /') }),
  'POST /api/auth/change-password': ok("Change the own password; ends the user's other sessions", Message, { body: ChangePasswordRequest }),
  'POST /api/auth/forgot-password': ok('Mail a reset link (the same answer whether or not the email exists)', Message, { body: ForgotPasswordRequest }),
  'GET /api/auth/verify-sponsor/:code': ok('Name and masked email of an active sponsor', SponsorResponse, { params: SponsorCodeParam }),
  'POST /api/auth/signup': created('Create an account; a verification mail follows', Message, { body: SignupRequest }),
  'POST /api/auth/verify-email': ok('Verify the email with its single-use token', Message, { body: VerifyEmailRequest }),
  'POST /api/auth/reset-password': ok('Set a new password with a single-use reset token', Message, { body: ResetPasswordRequest }),
  'POST /api/auth/validate-invitation': ok('Who an invitation is for', InvitationResponse, { body: ValidateInvitationRequest }),
  'POST /api/auth/complete-invitation': ok("Set an invited account's password", Message, { body: CompleteInvitationRequest }),
  'GET /api/auth/two-factor': ok('Own two-factor status', TwoFactorStatus),
  'POST /api/auth/two-factor/setup': ok('Start enrolment: a new secret and its otpauth address', TwoFactorSetupResponse),
  'POST /api/auth/two-factor/enable': ok('Turn two-factor on with a first code; answers the recovery codes once', RecoveryCodesResponse, { body: TwoFactorCodeRequest }),
  'POST /api/auth/two-factor/step-up': ok('The code again: step-up routes are open to this session for 5 minutes', StepUpResponse, { body: TwoFactorCodeRequest }),
  'POST /api/auth/two-factor/recovery-codes': ok('New recovery codes; the old ones stop working', RecoveryCodesResponse, { body: TwoFactorCodeRequest }),
  'POST /api/auth/two-factor/disable': ok('Turn two-factor off (members only)', Message, { body: TwoFactorDisableRequest }),
  'POST /api/admin/users/:id/two-factor/reset': okOrApproval(
    "Clear another user's two-factor (lost phone; step-up); ends their sessions. An admin's or founder's waits for a third person (202)",
    Message,
    { params: UserIdParam },
  ),
  'POST /api/impersonation/exchange': ok("Exchange a single-use code (in the issuing admin's browser) for a bearer token", ImpersonationExchangeResponse, { body: ImpersonationExchangeRequest }),
  'POST /api/impersonation/revoke': ok('End the impersonation token in use', Message),
  'PUT /api/user/profile': ok('Update the own profile (email not editable); a payout change holds withdrawals 24 hours', CurrentUser, { body: ProfileUpdateRequest }),
  'GET /api/users': ok('Users by name, email or user ID (identity numbers masked)', z.array(AdminUserListItem), { query: AdminUserListQuery }),
} as const satisfies Record<string, RouteContract>;
