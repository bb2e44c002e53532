import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { AppError } from './app-error';
import { MSG } from '../../contracts/messages';

const APP_CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:",
  "font-src 'self' data:", "connect-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
/** Stored documents are shown by the browser's own image or PDF viewer; nothing else may run. */
export const DOCUMENT_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'none'";

export function installSecurityHeaders(app: FastifyInstance, config: AppConfig) {
  app.addHook('onSend', async (_req, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', APP_CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (config.secureCookies) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence beside SameSite=Lax: a browser write must come from our own origin.
 * Requests without Origin and Referer are not from a browser form or script and carry no ambient risk.
 */
export function checkOrigin(req: FastifyRequest, config: AppConfig) {
  if (!UNSAFE.has(req.method)) return;
  const source = req.headers.origin ?? refererOrigin(req.headers.referer);
  if (!source) return;
  if (source === 'null') throw new AppError('CSRF_REJECTED', 403, MSG.csrfRejected);
  const allowed = new Set([new URL(config.appUrl).origin]);
  const host = req.headers.host;
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  if (!allowed.has(source)) throw new AppError('CSRF_REJECTED', 403, MSG.csrfRejected);
}

function refererOrigin(referer: string | undefined) {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}
