import { z } from 'zod';
import { MSG } from './messages';
import { emailField, passwordField, requiredText, tokenField, optionalCode } from './fields';
import { ROLES, USER_STATUSES, KYC_STATUSES } from './enums';
import { instant } from './route-contract';
import { agreementVersionField } from './agreements';
import { bankAccountFields, identityNumberFields, memberIdentityFields, postalAddressFields } from './answer-fields';

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
  sponsorCode: optionalCode(40),
  /** The Direct Seller Agreement version the form showed and the person accepted (issue 32). */
  agreementVersion: agreementVersionField(),
});
export type SignupRequest = z.infer<typeof SignupRequest>;

export const SignupForm = z
  .object({
    fullName: requiredText(MSG.fullNameRequired, 80),
    email: emailField(),
    password: passwordField(),
    confirmPassword: z.string(),
    sponsorCode: z.string().trim().max(40).optional(),
    agreementVersion: agreementVersionField(),
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
  /** Required of an invited member (not of an invited admin): the agreement version accepted (issue 32). */
  agreementVersion: agreementVersionField().optional(),
});
export const CompleteInvitationForm = z
  .object({ password: passwordField(MSG.invitationPasswordMin), confirmPassword: z.string(), agreementVersion: agreementVersionField().optional() })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.invitationPasswordMismatch, path: ['confirmPassword'] });
export type CompleteInvitationForm = z.infer<typeof CompleteInvitationForm>;

export const MessageResponse = z.strictObject({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const SponsorResponse = z.strictObject({ name: z.string(), email: z.string(), id: z.string() });
/** GET /api/auth/verify-sponsor/:code: a sponsor's user ID (or email, as typed). */
export const SponsorCodeParam = z.object({ code: z.string().trim().min(1).max(40) });
export type SponsorResponse = z.infer<typeof SponsorResponse>;

/** `agreementRequired`: an invited member accepts the Direct Seller Agreement in force with the password (issue 32). */
export const InvitationResponse = z.strictObject({ user: z.strictObject({ firstName: z.string(), email: z.string() }), agreementRequired: z.boolean() });

/** Two-factor sign-in (issue 13): on or off, and whether the role requires it (admins and founders). */
const TwoFactorState = z.strictObject({ enabled: z.boolean(), required: z.boolean() });

/** The signed-in user as every screen sees it; never carries secrets. */
export const CurrentUser = z.strictObject({
  ...memberIdentityFields,
  mobile: z.string().nullable(),
  ...postalAddressFields,
  ...bankAccountFields,
  cryptoWalletAddress: z.string().nullable(),
  /** When the payout details last changed, and when the 24-hour hold on withdrawals after it ends (issue 13). */
  payoutDetailsChangedAt: z.string().nullable(),
  payoutHoldUntil: z.string().nullable(),
  ...identityNumberFields,
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  kycStatus: z.enum(KYC_STATUSES),
  kycDeadline: z.string().nullable(),
  currentRank: z.string(),
  emailVerified: z.boolean(),
  firstLogin: z.boolean(),
  activationDate: z.string().nullable(),
  createdAt: z.string(),
  impersonatedBy: z.strictObject({ id: z.string(), userId: z.string(), name: z.string() }).nullable(),
  twoFactor: TwoFactorState,
  /**
   * How many more milliseconds the second factor given in this session opens step-up routes (issue 30): 0 when the
   * next one asks for the code again. Relative, so the browser needs no clock agreeing with the server's; the web
   * client asks for the code before such a request instead of after its 403.
   */
  stepUpValidForMs: z.number().int().nonnegative(),
  /**
   * A newer Direct Seller Agreement is in force than the one this member accepted (issue 32): the portal shows the
   * update screen, and member routes answer 403 AGREEMENT_REQUIRED until it is accepted. Given by sign-in and
   * GET /api/auth/user.
   */
  agreementRequired: z.boolean().optional(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

/** Signed in, or (two-factor on) the password was right and a code is awaited: the challenge rides in a cookie. */
export const SignedIn = z.strictObject({ user: CurrentUser });
export const LoginResponse = z.union([SignedIn, z.strictObject({ twoFactorRequired: z.literal(true) })]);
export type LoginResponse = z.infer<typeof LoginResponse>;

/**
 * A second-factor code as typed: six digits from the authenticator app, or a one-time recovery code
 * (`xxxxx-xxxxx`, letters and digits). Spaces are ignored; recovery codes are read in any case.
 */
export const twoFactorCodeField = () =>
  z
    .string({ error: MSG.twoFactorCodeRequired })
    .transform((v) => v.replace(/\s+/g, '').toLowerCase())
    .pipe(
      z
        .string()
        .min(1, { error: MSG.twoFactorCodeRequired })
        .max(20, { error: MSG.invalidTwoFactorCode })
        .regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/, { error: MSG.invalidTwoFactorCode }),
    );
export const TwoFactorCodeRequest = z.object({ code: twoFactorCodeField() });
export type TwoFactorCodeRequest = z.infer<typeof TwoFactorCodeRequest>;
/** Turning it off (members only) takes the password and a code. */
export const TwoFactorDisableRequest = z.object({
  password: z.string({ error: MSG.passwordRequired }).min(1, { error: MSG.passwordRequired }).max(200),
  code: twoFactorCodeField(),
});
export type TwoFactorDisableRequest = z.infer<typeof TwoFactorDisableRequest>;
/** GET /api/auth/two-factor: the same state, since when it is on and how many recovery codes are left. */
export const TwoFactorStatus = TwoFactorState.extend({ enabledAt: z.string().nullable(), recoveryCodesLeft: z.number().int() });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;
export const TwoFactorSetupResponse = z.strictObject({ secret: z.string(), otpauthUri: z.string(), account: z.string(), issuer: z.string() });
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponse>;
export const RecoveryCodesResponse = z.strictObject({ message: z.string(), recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>;
/** Step-up accepted: step-up routes are open to this session until then. */
export const StepUpResponse = z.strictObject({ message: z.string(), verifiedUntil: instant });
export type StepUpResponse = z.infer<typeof StepUpResponse>;
export const UserIdParam = z.object({ id: z.uuid({ error: 'Invalid user id' }) });

export const ImpersonationExchangeRequest = z.object({ code: tokenField() });
export const ImpersonationExchangeResponse = z.strictObject({ accessToken: z.string(), expiresAt: instant, user: CurrentUser });
export type ImpersonationExchangeResponse = z.infer<typeof ImpersonationExchangeResponse>;
