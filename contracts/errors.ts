/** Error codes shared by server and web. Every error answer is `{ message, code, fieldErrors? }`. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_NOT_VERIFIED',
  'ACCOUNT_NOT_ACTIVE',
  'PASSWORD_CHANGE_REQUIRED',
  'DUPLICATE_EMAIL',
  'DUPLICATE_PAN',
  'INVALID_TOKEN',
  'INVALID_SPONSOR',
  'CSRF_REJECTED',
  'PAYLOAD_TOO_LARGE',
  'INVALID_FILE_TYPE',
  'FILE_TOO_LARGE',
  'DOCUMENT_LOCKED',
  'IMPERSONATION_FORBIDDEN',
  'ALREADY_REJECTED',
  'ALREADY_APPROVED',
  'ALREADY_DECIDED',
  'INSUFFICIENT_FUNDS',
  'KYC_REQUIRED',
  'IDEMPOTENCY_MISMATCH',
  'INVALID_STATE',
  'SECOND_ADMIN_REQUIRED',
  'SELF_APPROVAL',
  'TWO_FACTOR_ENROLMENT_REQUIRED',
  'STEP_UP_REQUIRED',
  'INVALID_CODE',
  'PAYOUT_HOLD',
  // docs/spec/returns.md §2: a member's or franchise's return asked for after the cooling-off window.
  'RETURN_WINDOW_ENDED',
  'PAYOUT_NOT_VERIFIED',
  'LIMIT_EXCEEDED',
  'DUPLICATE_REFERENCE',
  'CUSTODY_CONFLICT',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  message: string;
  code: ErrorCode;
  fieldErrors?: Record<string, string[]>;
}
