import type { ImpersonationExchangeResponse } from '../../../contracts/auth';
import type { AppContext } from '../../context';
import type { Actor, Origin } from '../../core/actor';
import { AppError, badRequest, notFound } from '../../core/app-error';
import { CannotLoginMessage } from '../../../contracts/admin';
import { MSG } from '../../../contracts/messages';
import { IMPERSONATION_TOKEN_TTL_MS } from '../../../contracts/constants';
import { newToken, sha256 } from '../../lib/crypto';
import { findUserById, type UserRow } from '../users';
import { currentUserOf, displayName } from '../users';
import { notify } from '../notifications';
import { findNode, isInDownline } from '../tree';
import { issueToken, useToken } from '../auth';
import { audit } from '../audit';
import { markCustody } from '../custody';
import { insertImpersonationToken, revokeImpersonationToken } from './impersonation.repo';

const canImpersonate = (u: Pick<UserRow, 'status' | 'role'> | undefined) => Boolean(u && u.status === 'active' && (u.role === 'admin' || u.role === 'founder'));
/** Never an admin or a founder (issue 29): their pages are guarded by their own two-factor, which "Login as user" would skip. */
export const canBeImpersonated = (u: Pick<UserRow, 'status' | 'role'> | undefined): boolean => Boolean(u && u.status === 'active' && u.role !== 'admin' && u.role !== 'founder');

/** A single-use code that lives 60 s, for an active non-admin target only (docs/spec/decisions.md §8). */
export async function issueImpersonationCode(ctx: AppContext, issuer: Actor, targetId: string) {
  if (!canImpersonate(issuer.user) || issuer.onBehalfOf) throw new AppError('FORBIDDEN', 403, MSG.forbidden);
  return ctx.db.transaction(async (tx) => {
    const target = await findUserById(tx, targetId);
    if (!target || !canBeImpersonated(target)) {
      throw new AppError('IMPERSONATION_FORBIDDEN', 400, target && (target.role === 'founder' || target.role === 'admin') ? MSG.impersonationPrivileged : MSG.impersonationTargetInvalid);
    }
    // A founder acts only within their own tree (issue 13); admins support every member.
    if (issuer.user.role === 'founder') {
      const node = await findNode(tx, issuer.user.id);
      if (!node?.placedAt || target.id === issuer.user.id || !(await isInDownline(tx, node, target.id))) {
        throw new AppError('IMPERSONATION_FORBIDDEN', 403, MSG.impersonationOutsideTree);
      }
    }
    const code = await issueToken(ctx, tx, {
      email: target.email,
      userId: target.id,
      type: 'impersonation_code',
      scopedData: { adminId: issuer.user.id },
      ip: issuer.ip ?? undefined,
    });
    await audit(tx, issuer, { entityType: 'user', entityId: target.id, action: 'impersonation.issue', newState: { target: target.userId } });
    // Whoever opened the account does not approve its withdrawals for 30 days (issue 29, chain of custody).
    await markCustody(ctx, tx, issuer.user.id, target.id, 'impersonated');
    return { code, target };
  });
}

/**
 * `origin` is the caller's address and agent; `sessionUserId` whoever is signed in by cookie in that browser. The
 * code is exchanged only in the issuing admin's own signed-in browser (issue 13): a code that leaks (a link
 * forwarded, a shoulder-surfed address bar) is worth nothing elsewhere, and a refused exchange leaves it unused.
 * The member is told that their account was opened.
 */
export async function exchangeCode(ctx: AppContext, origin: Origin, code: string, sessionUserId: string | undefined): Promise<ImpersonationExchangeResponse> {
  return ctx.db.transaction(async (tx) => {
    const row = await useToken(ctx, tx, code, 'impersonation_code');
    const adminId = (row?.scopedData as { adminId?: string } | null)?.adminId;
    const [target, admin] = row?.userId && adminId ? await Promise.all([findUserById(tx, row.userId), findUserById(tx, adminId)]) : [];
    if (!row || !target || !canBeImpersonated(target) || !canImpersonate(admin)) throw new AppError('INVALID_TOKEN', 400, MSG.impersonationInvalid);
    if (!sessionUserId || sessionUserId !== admin!.id) throw new AppError('INVALID_TOKEN', 400, MSG.impersonationInvalid);
    const accessToken = newToken();
    const expiresAt = new Date(ctx.clock.now().getTime() + IMPERSONATION_TOKEN_TTL_MS);
    const grant = await insertImpersonationToken(tx, { tokenHash: sha256(accessToken), adminId: admin!.id, targetUserId: target.id, expiresAt });
    const actor: Actor = { user: target, role: target.role, onBehalfOf: { admin: admin!, grantId: grant.id }, ...origin };
    await audit(tx, actor, { entityType: 'user', entityId: target.id, action: 'impersonation.exchange' });
    await notify(tx, [target.id], {
      type: 'security',
      title: 'Support opened your account',
      message: `${displayName(admin!)} (${admin!.role === 'founder' ? 'founder' : 'admin'}) opened your account to help you. Money and payout details cannot be changed this way. Contact support if you did not expect this.`,
    });
    return { accessToken, expiresAt: expiresAt.toISOString(), user: await currentUserOf(tx, target, admin!) };
  });
}

export async function revoke(ctx: AppContext, actor: Actor) {
  if (!actor.onBehalfOf) throw badRequest('No impersonation token was presented');
  const grantId = actor.onBehalfOf.grantId;
  await ctx.db.transaction(async (tx) => {
    await revokeImpersonationToken(tx, grantId, ctx.clock.now());
    await audit(tx, actor, { entityType: 'user', entityId: actor.user.id, action: 'impersonation.revoke' });
  });
  return { message: MSG.impersonationRevoked };
}

/** login-as-user: a single-use code for an active, non-admin user ('Cannot Login' otherwise). */
export async function loginAsUser(ctx: AppContext, actor: Actor, id: string) {
  const target = await findUserById(ctx.db, id);
  if (!target) throw notFound();
  if (target.role === 'admin') throw new AppError('IMPERSONATION_FORBIDDEN', 409, 'Cannot login as another admin.');
  if (target.role === 'founder') throw new AppError('IMPERSONATION_FORBIDDEN', 409, MSG.impersonationPrivileged);
  if (target.status !== 'active') throw new AppError('IMPERSONATION_FORBIDDEN', 409, CannotLoginMessage(target.status));
  const { code } = await issueImpersonationCode(ctx, actor, id);
  return { code, url: `/dashboard?impersonationCode=${encodeURIComponent(code)}` };
}
