import type { FastifyReply } from 'fastify';

/**
 * Not HttpOnly: the web client reads it to know, before any request, whether a session cookie may be there, and
 * so asks GET /api/auth/user only then (a signed-out visitor gets no 401 in the console; ADR 0012). Set on page
 * answers from the presence of the session cookie (server/app.ts), never from its validity; cleared with a session
 * cookie the server no longer honours.
 */
export const SESSION_HINT_COOKIE = 'session_hint';

const options = (secure: boolean) => ({ path: '/', sameSite: 'lax' as const, secure, httpOnly: false });

export const setSessionHint = (reply: FastifyReply, secure: boolean) => reply.setCookie(SESSION_HINT_COOKIE, '1', options(secure));
export const clearSessionHint = (reply: FastifyReply, secure: boolean) => reply.clearCookie(SESSION_HINT_COOKIE, options(secure));
