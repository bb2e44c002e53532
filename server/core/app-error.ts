import type { ErrorCode } from '../../contracts/errors';

/** The one error type: the handler turns it into `{ message, code, fieldErrors? }`. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly status: number,
    message: string,
    public readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>, code: ErrorCode = 'VALIDATION_ERROR') => new AppError(code, 400, message, fieldErrors);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', 404, message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(code, 409, message);
export const forbidden = (message: string, code: ErrorCode = 'FORBIDDEN') => new AppError(code, 403, message);
export const unauthenticated = (message = 'Not signed in') => new AppError('UNAUTHENTICATED', 401, message);
