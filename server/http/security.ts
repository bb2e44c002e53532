import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { AppError } from '../core/app-error';
import { MSG } from '../../contracts/messages';

const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
/**
 * Stored documents are shown by the browser's own image or PDF viewer; nothing else may run. `sandbox` makes the
 * answer a unique origin with scripts, forms and popups off, whatever the bytes turn out to be (issue 13).
 */
export const DOCUMENT_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'none'";

export function installSecurityHeaders(app: FastifyInstance, config: AppConfig) {
  // A callback hook, not an async one: it runs on every answer and needs no promise.
  app.addHook('onSend', (req, reply, payload, done) => {
    setSecurityHeaders(reply, config);
    // Answers of the API carry personal data and money: no browser or proxy keeps a copy (issue 13).
    // The one exception: a public route's own public asset (the company logo at a versioned address).
    const cacheControl = String(reply.getHeader('cache-control') ?? '');
    const publicAsset = cacheControl.startsWith('public') && (req.routeOptions.config as { access?: string } | undefined)?.access === 'public';
    if ((req.url.startsWith('/api/') || req.url === '/api' || req.url.startsWith('/metrics')) && !cacheControl.includes('no-store') && !publicAsset) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}

/** Also used where Fastify answers before any hook runs (malformed URLs). */
export function setSecurityHeaders(reply: FastifyReply, config: AppConfig) {
  if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', APP_CSP);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  reply.header('x-frame-options', 'DENY');
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
  if (config.secureCookies) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence beside SameSite=Lax: a browser write must come from our own origin.
 * Requests without Origin and Referer are not from a browser form or script and carry no ambient risk.
 */
export function checkOrigin(req: FastifyRequest, config: AppConfig) {
  if (!UNSAFE.has(req.method)) return;
  const header = req.headers.origin ?? req.headers.referer;
  if (!header) return;
  // Compared as parsed origins, so an explicit default port (Host: example.com:443) still matches.
  const source = originOf(header);
  if (!source) throw new AppError('CSRF_REJECTED', 403, MSG.csrfRejected);
  const allowed = new Set([new URL(config.appUrl).origin]);
  const host = req.headers.host;
  if (host) {
    for (const scheme of ['http', 'https']) {
      const o = originOf(`${scheme}://${host}`);
      if (o) allowed.add(o);
    }
  }
  if (!allowed.has(source)) throw new AppError('CSRF_REJECTED', 403, MSG.csrfRejected);
}

/** The origin of a URL, or undefined for anything that is not an http(s) URL ('null' included). */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
