import type { CurrentUser, LoginResponse } from '@contracts';
import { apiRequest } from '../../lib/api';

/**
 * The sign-in page's two requests as plain functions: the signed-out first load carries no query library (ADR 0012),
 * so the page cannot use the mutation hooks of ./api; these are its api module.
 */
export const postLogin = (body: { userId: string; password: string; rememberMe?: boolean }) => apiRequest<LoginResponse>('POST', '/api/login', body);

/** POST /api/login/two-factor: the code step of a sign-in (CodeForm shows its own errors). */
export const submitLoginCode = (code: string) => apiRequest<{ user: CurrentUser }>('POST', '/api/login/two-factor', { code });
