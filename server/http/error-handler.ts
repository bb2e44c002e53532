import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../core/app-error';
import { MSG } from '../../contracts/messages';
import type { ErrorBody } from '../../contracts/errors';

/** One handler for every error: never a stack, SQL or driver detail in an answer. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) {
      const body: ErrorBody = { message: err.message, code: err.code };
      if (err.fieldErrors) body.fieldErrors = err.fieldErrors;
      if (err.status >= 500) req.log.error({ err }, 'request failed');
      return reply.status(err.status).send(body);
    }
    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 413) return reply.status(413).send({ message: MSG.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, bad content type): keep them 4xx with a plain message.
      const code = 'code' in err ? String(err.code) : '';
      const message =
        code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type' : code.startsWith('FST_ERR_CTP') || err instanceof SyntaxError ? 'The request body is not valid JSON' : 'Bad request';
      return reply.status(status).send({ message, code: 'VALIDATION_ERROR' });
    }
    // Database refusals a request can provoke without a bug: a total past its column's range, or a
    // transaction PostgreSQL chose to abort under contention. Both change nothing and can be retried.
    const dbCode = String((err as { code?: unknown }).code ?? (err as { cause?: { code?: unknown } }).cause?.code ?? '');
    if (dbCode === '22003') return reply.status(409).send({ message: MSG.valueOutOfRange, code: 'CONFLICT' });
    if (dbCode === '40P01' || dbCode === '40001') return reply.status(409).send({ message: MSG.tryAgain, code: 'CONFLICT' });
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: MSG.internalError, code: 'INTERNAL_ERROR' });
  });
  app.setNotFoundHandler((req, reply) => reply.status(404).send({ message: MSG.notFound, code: 'NOT_FOUND' }));
}
