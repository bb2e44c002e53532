import { z } from 'zod';
import { MSG } from './messages';
import { emailField, passwordField, requiredText, tokenField } from './fields';
import { ROLES, USER_STATUSES, KYC_STATUSES } from './enums';

export const LoginRequest = z.object({
  userId: requiredText(MSG.userIdRequired, 254),
  password: z.string({ error: MSG.passwordRequired }).min(1, { error: MSG.passwordRequired }).max(200),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const SignupRequest = z.object({
  fullName: requiredText(MSG.fullNameRequired, 80),
  email: emailField(),
  password: passwordField(),
  sponsorCode: z.string().trim().max(40).optional().transform((v) => (v ? v.toUpperCase() : undefined)),
});
export type SignupRequest = z.infer<typeof SignupRequest>;

export const SignupForm = z
  .object({
    fullName: requiredText(MSG.fullNameRequired, 80),
    email: emailField(),
    password: passwordField(),
    confirmPassword: z.string(),
    sponsorCode: z.string().trim().max(40).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsDontMatch, path: ['confirmPassword'] });
export type SignupForm = z.infer<typeof SignupForm>;

export const ChangePasswordRequest = z.object({
  currentPassword: z.string({ error: MSG.currentPasswordRequired }).min(1, { error: MSG.currentPasswordRequired }).max(200),
  newPassword: passwordField(MSG.newPasswordMin),
});
export const ChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, { error: MSG.currentPasswordRequired }),
    newPassword: passwordField(MSG.newPasswordMin),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MSG.newPasswordsDontMatch, path: ['confirmPassword'] });
export type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;

export const ForgotPasswordRequest = z.object({ email: emailField() });

export const ResetPasswordRequest = z.object({
  token: tokenField(MSG.noResetToken),
  newPassword: passwordField(),
});
export const ResetPasswordForm = z
  .object({ newPassword: passwordField(), confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MSG.passwordsDontMatch, path: ['confirmPassword'] });
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;

export const VerifyEmailRequest = z.object({ token: tokenField(MSG.noVerificationToken) });
export const ValidateInvitationRequest = z.object({ token: tokenField() });
export const CompleteInvitationRequest = z.object({
  token: tokenField(),
  password: passwordField(MSG.invitationPasswordMin),
});
export const CompleteInvitationForm = z
  .object({ password: passwordField(MSG.invitationPasswordMin), confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.invitationPasswordMismatch, path: ['confirmPassword'] });
export type CompleteInvitationForm = z.infer<typeof CompleteInvitationForm>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const SponsorResponse = z.object({ name: z.string(), email: z.string(), id: z.string() });
export type SponsorResponse = z.infer<typeof SponsorResponse>;

export const InvitationResponse = z.object({ user: z.object({ firstName: z.string(), email: z.string() }) });

/** The signed-in user as every screen sees it; never carries secrets. */
export const CurrentUser = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  mobile: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  bankIFSC: z.string().nullable(),
  bankAccountHolderName: z.string().nullable(),
  cryptoWalletAddress: z.string().nullable(),
  /** When the payout details last changed, and when the 24-hour hold on withdrawals after it ends (issue 13). */
  payoutDetailsChangedAt: z.string().nullable(),
  payoutHoldUntil: z.string().nullable(),
  panNumber: z.string().nullable(),
  aadhaarNumber: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  kycStatus: z.enum(KYC_STATUSES),
  kycDeadline: z.string().nullable(),
  currentRank: z.string(),
  emailVerified: z.boolean(),
  firstLogin: z.boolean(),
  activationDate: z.string().nullable(),
  createdAt: z.string(),
  impersonatedBy: z.object({ id: z.string(), userId: z.string(), name: z.string() }).nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const LoginResponse = z.object({ user: CurrentUser });

export const ImpersonationExchangeRequest = z.object({ code: tokenField() });
export const ImpersonationExchangeResponse = z.object({ accessToken: z.string(), expiresAt: z.string(), user: CurrentUser });
