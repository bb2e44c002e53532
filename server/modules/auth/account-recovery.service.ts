import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import type { SystemActor } from '../../core/actor';
import { forbidden, notFound } from '../../core/app-error';
import { clearRateLimits } from '../../core/rate-limits.repo';
import { passwordProblem } from '../../../contracts/passwords';
import { TWO_FACTOR_ROLES } from '../../../contracts/constants';
import { hashPassword } from '../../lib/password';
import { findUserByEmail, updateUser, type UserRow } from '../users';
import { displayName } from '../users';
import { audit } from '../audit';
import { notify } from '../notifications';
import { queueMail } from '../mail';
import { deleteUserSessions } from './session.repo';
import { deleteTwoFactor } from './two-factor.repo';
import { CURRENT_PASSWORD_FAILURES, LOGIN_FAILURES } from './auth.service';
import { CODE_FAILURES } from './two-factor.service';

/** The actor of the audit row: the operator at the server's console, not a signed-in user. */
export const RECOVERY_ACTOR: SystemActor = { system: 'admin-recover', ip: null, userAgent: null };

export interface RecoveredAccount {
  user: Pick<UserRow, 'id' | 'userId' | 'email' | 'role' | 'status'>;
  /** The one-time password, shown once by the caller; only its argon2 hash is stored. */
  oneTimePassword: string;
}

/** 16 URL-safe characters (96 bits), more than the 12 the admin password rules ask. */
function newOneTimePassword(role: string): string {
  for (;;) {
    const candidate = randomBytes(12).toString('base64url');
    if (!passwordProblem(candidate, role)) return candidate;
  }
}

/**
 * `npm run admin:recover -- <email>` (server/admin-recover.ts): the way back in for an admin or founder when no
 * second admin is there to approve a change of their sign-in (a lost phone and lost recovery codes, a forgotten
 * password of the only admin). Whoever can run commands on the server can do this; the account's owner is told at
 * once, by notification and mail, and the audit log has it with a system actor.
 *
 * A new random one-time password (changed at the next sign-in, `firstLogin`), two-factor cleared (enrolled again
 * at that sign-in, as after `resetForUser`), every session and impersonation token it issued ended, its
 * sign-in counters cleared (a lock-out by wrong passwords would otherwise outlast the recovery), all in one
 * transaction. Refuses an unknown email (404) and a member's account (403): members reset their own password by mail.
 */
export async function recoverAccount(ctx: AppContext, email: string, reason = 'No second admin to approve the change'): Promise<RecoveredAccount> {
  const user = await findUserByEmail(ctx.db, email.trim());
  if (!user) throw notFound(`No account has the email ${email.trim()}.`);
  if (!TWO_FACTOR_ROLES.includes(user.role)) {
    throw forbidden(`${user.email} is a member account (${user.role}); admin:recover is only for admin and founder accounts. Members reset their password with "Forgot password".`);
  }
  const oneTimePassword = newOneTimePassword(user.role);
  const hash = await hashPassword(oneTimePassword);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { password: hash, firstLogin: true, passwordChangedAt: now, twoFactorEnabledAt: null });
    await deleteTwoFactor(tx, user.id);
    await deleteUserSessions(tx, user.id);
    await clearRateLimits(
      tx,
      [LOGIN_FAILURES.name, CURRENT_PASSWORD_FAILURES.name, CODE_FAILURES.name].map((name) => `${name}:${user.id}`),
    );
    await audit(tx, RECOVERY_ACTOR, {
      entityType: 'user',
      entityId: user.id,
      action: 'user.recovered',
      reason,
      previousState: { twoFactor: Boolean(user.twoFactorEnabledAt) },
      newState: { oneTimePassword: true, twoFactor: false, sessionsEnded: true },
    });
    const change = 'the password was replaced by a one-time password from the server console, two-factor sign-in was cleared and every session was signed out';
    await notify(tx, [user.id], {
      type: 'security',
      priority: 'high',
      title: 'Your sign-in was recovered',
      message: `Your account's sign-in was recovered on the server: ${change}. Sign in with the one-time password you were given, choose a new password and set up two-factor sign-in again. If you did not ask for this, contact the other administrators at once.`,
    });
    await queueMail(ctx, tx, user.email, {
      template: 'account_changed_by_admin',
      params: { name: displayName(user), changes: [change, 'at your next sign-in choose a new password and set up two-factor sign-in again'], link: `${ctx.config.appUrl}/` },
    });
  });
  ctx.kickMail();
  return { user: { id: user.id, userId: user.userId, email: user.email, role: user.role, status: user.status }, oneTimePassword };
}
