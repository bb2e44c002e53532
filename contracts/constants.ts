const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Members' minimum; admins and founders need 12 (contracts/passwords.ts, issue 13). */
export const PASSWORD_MIN_LENGTH = 8;
export const REFERRAL_PACKAGE_AMOUNT = 5000;
export const REFERRAL_LINK_TTL_MS = 48 * HOUR;
export const KYC_MAX_BYTES = 5 * 1024 * 1024;
export const REFERRAL_DOC_MAX_BYTES = 10_485_760;
export const KYC_DEADLINE_DAYS = 7;
/** Withdrawals to payout details wait this long after any change of them (issue 13). */
export const PAYOUT_HOLD_HOURS = 24;
export const PAYOUT_HOLD_MS = PAYOUT_HOLD_HOURS * HOUR;

export const TOKEN_TTL_MS = {
  email_verification: 24 * HOUR,
  password_reset: 1 * HOUR,
  invitation: 7 * DAY,
  impersonation_code: 60_000,
} as const;
export const IMPERSONATION_TOKEN_TTL_MS = 30 * MINUTE;

export const SESSION_REMEMBER_MS = 30 * DAY;
export const SESSION_DEFAULT_MS = 12 * HOUR;
export const SESSION_COOKIE = 'sid';

export const DELAYS = {
  unauthorisedRedirectMs: 1500,
  invalidReferralRedirectMs: 2000,
  logoutAfterPasswordChangeMs: 2000,
  redirectAfterResetMs: 3000,
} as const;

export const TOAST = { limit: 1, durationMs: 5000, swipeDirection: 'right', swipeThreshold: 50, hotkey: ['F8'] } as const;
export const IMPERSONATION_WINDOW = { width: 1200, height: 800 } as const;
export const KYC_REPLACE_PROGRESS_STEPS = [25, 75, 100] as const;
export const CURRENT_USER_GC_MS = 5 * MINUTE;
export const HIDDEN_ID_LIMIT = 20;

/** Roles that must sign in with a second factor (issue 13); the others may turn it on. */
export const TWO_FACTOR_ROLES: readonly string[] = ['admin', 'founder'];
/** A code given in a session covers the actions that ask for it again (step-up) for this long. */
export const STEP_UP_WINDOW_MS = 5 * MINUTE;
export const TWO_FACTOR_CHALLENGE_COOKIE = 'mfa';
export const TWO_FACTOR_CHALLENGE_MS = 5 * MINUTE;
