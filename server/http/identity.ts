import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { UserRow } from '../modules/users/users.repo';
import { findSessionWithUser, findImpersonation } from '../modules/auth/session.repo';
import { findUserById } from '../modules/users/users.repo';
import { sha256 } from '../lib/crypto';
import { SESSION_COOKIE } from '../../contracts/constants';

export interface Identity {
  /** The user the request acts as. */
  user: UserRow;
  /** SHA-256 of the session cookie, when signed in by cookie. */
  sessionHash?: string;
  /** When this session last had the second factor (sign-in or step-up); null when never. */
  verifiedAt?: Date | null;
  /** Present while an admin acts through an impersonation token (decisions.md §8). */
  impersonation?: { grantId: string; admin: UserRow };
}

/** Statuses whose sessions still count; anyone else is signed out at the next request. */
const SIGNED_IN_STATUSES = new Set(['active', 'pending', 'registered', 'invited']);

/** `cookieOnly`: the session cookie alone, as for a page (a page request carries no bearer token). */
export async function resolveIdentity(ctx: AppContext, req: FastifyRequest, { cookieOnly = false } = {}): Promise<Identity | null> {
  const now = ctx.clock.now();
  const auth = cookieOnly ? undefined : req.headers.authorization;
  if (auth && auth.startsWith('Bearer ')) {
    const token = auth.slice(7).trim();
    if (token) {
      const found = await findImpersonation(ctx.db, sha256(token), now);
      // Never an admin or a founder (issue 29), whatever the token says.
      if (found && !found.grant.revokedAt && found.user.status === 'active' && found.user.role !== 'admin' && found.user.role !== 'founder') {
        const admin = await findUserById(ctx.db, found.grant.adminId);
        if (admin && admin.status === 'active' && (admin.role === 'admin' || admin.role === 'founder')) {
          return { user: found.user, impersonation: { grantId: found.grant.id, admin } };
        }
      }
    }
  }
  const cookie = req.cookies?.[SESSION_COOKIE];
  if (!cookie) return null;
  const sessionHash = sha256(cookie);
  const found = await findSessionWithUser(ctx.db, sessionHash, now);
  if (!found || !SIGNED_IN_STATUSES.has(found.user.status)) return null;
  return { user: found.user, sessionHash, verifiedAt: found.verifiedAt };
}
