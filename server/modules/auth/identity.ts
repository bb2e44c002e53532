import type { AppContext } from '../../context';
import type { Credentials, Identity, IdentityGate } from '../../core/identity';
import { AppError, forbidden } from '../../core/app-error';
import { findSessionWithUser, findSessionWithView, findImpersonation } from './session.repo';
import { identityCacheOf } from './identity-cache';
import { findPrincipalById, type CurrentUserRow } from '../users';
import { sha256 } from '../../lib/crypto';
import { MSG } from '../../../contracts/messages';
import { mustEnrol, recentlyVerified } from './two-factor.service';
import { agreementPending } from '../agreements';

export type { Identity } from '../../core/identity';

/** Statuses whose sessions still count; anyone else is signed out at the next request. */
const SIGNED_IN_STATUSES = new Set(['active', 'pending', 'registered', 'invited']);

/** The identity of a request's credentials; a page passes the cookie alone (a page request carries no bearer token). */
export async function resolveIdentity(ctx: AppContext, { cookie, authorization: auth }: Credentials): Promise<Identity | null> {
  const now = ctx.clock.now();
  if (auth && auth.startsWith('Bearer ')) {
    const token = auth.slice(7).trim();
    if (token) {
      const found = await findImpersonation(ctx.db, sha256(token), now);
      // Never an admin or a founder (issue 29), whatever the token says.
      if (found && !found.grant.revokedAt && found.user.status === 'active' && found.user.role !== 'admin' && found.user.role !== 'founder') {
        const admin = await findPrincipalById(ctx.db, found.grant.adminId);
        if (admin && admin.status === 'active' && (admin.role === 'admin' || admin.role === 'founder')) {
          return { user: found.user, impersonation: { grantId: found.grant.id, admin } };
        }
      }
    }
  }
  if (!cookie) return null;
  const sessionHash = sha256(cookie);
  // The identity this process kept for the session, while nothing changed it (ADR 0034).
  const cache = identityCacheOf(ctx.db);
  const kept = cache?.get(sessionHash, now);
  if (kept) return kept;
  const mark = cache?.mark() ?? 0;
  const found = await findSessionWithUser(ctx.db, sessionHash, now);
  if (!found || !SIGNED_IN_STATUSES.has(found.user.status)) return null;
  const identity = { user: found.user, sessionHash, verifiedAt: found.verifiedAt };
  cache?.keep(mark, identity, found.expire, now);
  return identity;
}

/**
 * The identity and, for a session cookie, the current-user view's row read with it in one round trip (GET
 * /api/auth/user and the page's boot block answer that view). An impersonation token resolves as above, without it.
 */
export async function resolveIdentityWithView(ctx: AppContext, credentials: Credentials): Promise<{ identity: Identity | null; view?: CurrentUserRow }> {
  if (credentials.authorization?.startsWith('Bearer ') || !credentials.cookie) return { identity: await resolveIdentity(ctx, credentials) };
  const sessionHash = sha256(credentials.cookie);
  const found = await findSessionWithView(ctx.db, sessionHash, ctx.clock.now());
  if (!found || !SIGNED_IN_STATUSES.has(found.view.status)) return { identity: null };
  return { identity: { user: found.view, sessionHash, verifiedAt: found.verifiedAt }, view: found.view };
}

/**
 * The second factor again (issue 13): a route that moves money or changes who may do what needs a code given in
 * this session within the last 5 minutes; a handler whose step-up depends on the input (a role change inside an
 * edit) calls this itself. An impersonation token never passes (those routes refuse it anyway).
 */
export function requireStepUp(id: Identity, now: Date) {
  if (id.impersonation || !id.sessionHash) throw forbidden(MSG.stepUpRequired, 'STEP_UP_REQUIRED');
  if (!id.user.twoFactorEnabledAt) throw new AppError('TWO_FACTOR_ENROLMENT_REQUIRED', 403, MSG.twoFactorEnrolmentRequired);
  if (!recentlyVerified(id.verifiedAt, now)) throw forbidden(MSG.stepUpRequired, 'STEP_UP_REQUIRED');
}

/** Identity and step-up as the app hands them to the route registration (server/app.ts, http/routes.ts). */
export const identityGate: IdentityGate = { resolve: resolveIdentity, mustEnrol, requireStepUp, agreementPending };
