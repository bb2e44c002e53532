/**
 * Browser storage keys used by the web client (doc 1 §3, §9). Shared so browser tests and
 * fixtures can prepare or inspect the same keys. Not re-exported from index.ts (web only).
 */
export const STORAGE_KEYS = {
  /** localStorage: the user id remembered by "Remember me". */
  rememberedUserId: 'rememberedUserId',
  /** localStorage: 'true' or 'false'. */
  rememberMe: 'rememberMe',
  /** sessionStorage: the bearer token of an impersonated session. */
  impersonationToken: 'impersonationToken',
  /** sessionStorage or localStorage: one-shot prefill of the login form, removed once read. */
  prefillUserId: 'prefillUserId',
  prefillPassword: 'prefillPassword',
} as const;

/** Query parameter carrying a single-use impersonation code (doc 1 §2). */
export const IMPERSONATION_CODE_PARAM = 'impersonationCode';

/** The id of the page's JSON block with the current user, written by the server for a signed-in browser (issue 30). */
export const BOOT_USER_ELEMENT_ID = 'current-user';

/** The id of the page's JSON block with the company's public branding, written by the server into every page (issue 30). */
export const BRANDING_ELEMENT_ID = 'branding';
