/** Error codes shared by server and web. Every error answer is `{ message, code, fieldErrors? }`. */
export const ERROR_CODES = [
  'VALIDATION_ERROR', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED',
  'INVALID_CREDENTIALS', 'ACCOUNT_NOT_VERIFIED', 'ACCOUNT_NOT_ACTIVE', 'PASSWORD_CHANGE_REQUIRED',
  'DUPLICATE_EMAIL', 'INVALID_TOKEN', 'INVALID_SPONSOR', 'CSRF_REJECTED', 'PAYLOAD_TOO_LARGE',
  'INVALID_FILE_TYPE', 'FILE_TOO_LARGE', 'DOCUMENT_LOCKED', 'IMPERSONATION_FORBIDDEN', 'ALREADY_REJECTED', 'ALREADY_APPROVED', 'ALREADY_DECIDED', 'INSUFFICIENT_FUNDS', 'KYC_REQUIRED', 'IDEMPOTENCY_MISMATCH', 'INVALID_STATE', 'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  message: string;
  code: ErrorCode;
  fieldErrors?: Record<string, string[]>;
}
