import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { SESSION_COOKIE } from '../../../contracts/constants';
import { BOOT_USER_ELEMENT_ID } from '../../../contracts/web-storage';
import { currentUserView } from '../users';
import { resolveIdentityWithView } from './identity';
import { agreementPending } from '../agreements';
import { clearSessionHint } from '../../http/session-hint';

/**
 * The current user written into a signed-in browser's page (issue 30), as GET /api/auth/user would answer the same
 * cookie: the client starts with it instead of asking, so a phone's first screen does not wait for that round trip
 * after the entry script. A JSON data block, never run (the CSP's script-src 'self' is untouched); `<` escaped so
 * that no text in it can close the element. A cookie the server no longer honours writes null and goes, with the
 * session hint, as the API call would have done (ADR 0012). Only the cookie counts here: an impersonating tab holds
 * its token in sessionStorage and asks the API with it (the client ignores this block then).
 */
export async function pageUserBlock(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): Promise<string> {
  if (!req.cookies?.[SESSION_COOKIE]) return '';
  let identity;
  let view;
  try {
    const found = await resolveIdentityWithView(ctx, { cookie: req.cookies[SESSION_COOKIE], authorization: undefined });
    identity = found.identity;
    if (identity) {
      const [read, pending] = await Promise.all([
        currentUserView(ctx, identity.user, undefined, { verifiedAt: identity.verifiedAt, now: ctx.clock.now() }, found.view),
        agreementPending(ctx, identity.user),
      ]);
      view = read ? { ...read, agreementRequired: pending } : read;
    }
  } catch (err) {
    // Without the database the page still loads; the client then asks the API, which answers for itself.
    req.log.warn({ err }, 'current user unavailable for the page');
    return '';
  }
  let json = 'null';
  if (identity) {
    json = JSON.stringify(view);
  } else {
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.config.secureCookies });
    clearSessionHint(reply, ctx.config.secureCookies);
  }
  return `<script type="application/json" id="${BOOT_USER_ELEMENT_ID}">${json.replace(/</g, '\\u003c')}</script>`;
}
