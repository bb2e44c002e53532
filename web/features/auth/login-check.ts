export interface LoginValues {
  userId: string;
  password: string;
  rememberMe: boolean;
}
export type LoginField = 'userId' | 'password';
export type LoginErrors = Partial<Record<LoginField, string>>;

/**
 * Contract messages the sign-in page shows, as contracts/messages.ts words them (login-check.test.ts holds them
 * equal): the whole MSG table is 3.4 KB gzipped of the sign-in page's first load.
 */
export const LOGIN_MESSAGES = {
  userIdRequired: 'User ID is required',
  passwordRequired: 'Password is required',
  invalidCredentials: 'Invalid credentials',
} as const;

/** The server's limits in LoginRequest (contracts/auth.ts). */
const USER_ID_MAX = 254;
const PASSWORD_MAX = 200;

/**
 * LoginRequest (contracts/auth.ts) checked without zod, so that the sign-in page's first load carries neither zod
 * nor the form library (issue 14, ADR 0012): the same messages, the same trimmed user ID. login-check.test.ts
 * holds the two together; the server checks the contract itself in any case.
 */
export function checkLogin(input: LoginValues): { values: LoginValues; errors: LoginErrors } {
  const userId = input.userId.trim();
  const errors: LoginErrors = {};
  if (!userId) errors.userId = LOGIN_MESSAGES.userIdRequired;
  else if (userId.length > USER_ID_MAX) errors.userId = `At most ${USER_ID_MAX} characters`;
  if (!input.password) errors.password = LOGIN_MESSAGES.passwordRequired;
  else if (input.password.length > PASSWORD_MAX) errors.password = `At most ${PASSWORD_MAX} characters`;
  return { values: { userId, password: input.password, rememberMe: input.rememberMe }, errors };
}
