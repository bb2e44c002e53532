import type { ApiResult, TestApp } from './test-app';

/**
 * Submits a referral registration as the web form does: the link's token in the address too, so the server can
 * check it before it reads a body of documents (issue 13).
 */
export function registerRecruit(t: TestApp, body: unknown): Promise<ApiResult> {
  const token = (body as { referralToken?: unknown } | null)?.referralToken;
  const query = typeof token === 'string' ? `?token=${encodeURIComponent(token)}` : '';
  // The form's checkbox: the Direct Seller Agreement in force accepted (issue 32; the first start seeds version 1).
  // A body that names its own `agreementVersion` (or leaves it out as undefined on purpose) keeps it.
  const accepted = body && typeof body === 'object' && !('agreementVersion' in body) ? { agreementVersion: 1, ...body } : body;
  return t.api('POST', `/api/referral/complete-registration${query}`, { body: accepted });
}

/**
 * A referral registration form as a recruit fills it in (doc 1 §8: every required field valid), for the link's
 * token and a unique email; `extra` overrides or adds fields (a document, another package).
 */
export function recruitForm(referralToken: string | null, email: string, extra: Record<string, unknown> = {}) {
  return {
    firstName: 'Kiran',
    lastName: 'Rao',
    email,
    mobile: '9812345678',
    nominee: 'Asha Rao',
    password: 'Recruit#123',
    address: '14 MG Road, Shivaji Nagar',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411005',
    packageAmount: 5000,
    referralToken,
    ...extra,
  };
}
