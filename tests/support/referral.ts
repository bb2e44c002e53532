import type { ApiResult, TestApp } from './test-app';

/**
 * Submits a referral registration as the web form does: the link's token in the address too, so the server can
 * check it before it reads a body of documents (issue 13).
 */
export function registerRecruit(t: TestApp, body: unknown): Promise<ApiResult> {
  const token = (body as { referralToken?: unknown } | null)?.referralToken;
  const query = typeof token === 'string' ? `?token=${encodeURIComponent(token)}` : '';
  return t.api('POST', `/api/referral/complete-registration${query}`, { body });
}
