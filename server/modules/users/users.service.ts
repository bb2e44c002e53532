import { audit } from '../audit';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../context';
import type { ArgsAfterDb } from '../../core/repo-args';
import type { CurrentUser } from '../../../contracts/auth';
import { maskTail } from '../../../contracts/kyc';
import { randomDigits } from '../../lib/crypto';
import { findCurrentUser, updateUser, userIdExists, type CurrentUserRow, type NewUser, type UserRow } from './users.repo';
import { findPayoutDetails, savePayoutDetails, type PayoutDetailsValues } from './payout-details.repo';
import { PAYOUT_FIELDS, PAYOUT_LABELS, hasChanges, payoutChangesOf, payoutHoldEnd, payoutStamp, payoutTime } from './payout-details';
import { notify } from '../notifications';
import { queueMail } from '../mail';
import type { Actor, Principal } from '../../core/actor';
import { forbidden } from '../../core/app-error';
import { MSG, payoutHoldMessage } from '../../../contracts/messages';
import { STEP_UP_WINDOW_MS, TWO_FACTOR_ROLES } from '../../../contracts/constants';
import * as usersRepo from './users.repo';

/** Public id: the configured two-letter prefix and 7 random digits, never sequential (docs/spec/decisions.md §2). */
export async function generateUserId(ctx: AppContext, db: DbOrTx): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = `${ctx.config.userIdPrefix}${randomDigits(7)}`;
    if (!(await userIdExists(db, candidate))) return candidate;
  }
  throw new Error('could not find a free user id');
}

export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

export const displayName = (u: Pick<UserRow, 'firstName' | 'lastName' | 'userId'>) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.userId;

export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  if (!domain) return email;
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, Math.min(local.length - 1, 6)))}@${domain}`;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The signed-in user as the screens see it: no secrets, identity numbers masked (docs/spec/decisions.md §7); `admin` is the one impersonating them. */
/** What is left of the step-up window of a session whose second factor was last given at `verifiedAt`. */
function stepUpLeft(stepUp: { verifiedAt: Date | null | undefined; now: Date } | undefined): number {
  const at = stepUp?.verifiedAt?.getTime();
  if (at === undefined || !stepUp) return 0;
  const now = stepUp.now.getTime();
  // As recentlyVerified (auth/two-factor.service.ts): a stamp more than a minute ahead of the clock opens nothing.
  if (at > now + 60_000) return 0;
  return Math.max(0, Math.min(STEP_UP_WINDOW_MS, at + STEP_UP_WINDOW_MS - now));
}

/** The current-user view; `stepUp` (the session's last second factor and now) only for the session's own answers. */
export function toCurrentUser(u: CurrentUserRow, admin?: Principal, stepUp?: { verifiedAt: Date | null | undefined; now: Date }): CurrentUser {
  return {
    id: u.id,
    userId: u.userId,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    mobile: u.mobile,
    address: u.address,
    city: u.city,
    state: u.state,
    pincode: u.pincode,
    bankName: u.bankName,
    bankAccountNumber: maskTail(u.bankAccountNumber),
    bankIFSC: u.bankIFSC,
    bankAccountHolderName: u.bankAccountHolderName,
    cryptoWalletAddress: u.cryptoWalletAddress,
    payoutDetailsChangedAt: iso(u.payoutDetailsChangedAt),
    payoutHoldUntil: iso(payoutHoldEnd(u)),
    panNumber: maskTail(u.panNumber),
    aadhaarNumber: maskTail(u.aadhaarNumber),
    role: u.role as CurrentUser['role'],
    status: u.status as CurrentUser['status'],
    kycStatus: (['pending', 'approved', 'rejected'].includes(u.kycStatus) ? u.kycStatus : 'pending') as CurrentUser['kycStatus'],
    kycDeadline: iso(u.kycDeadline),
    currentRank: u.currentRank,
    emailVerified: u.emailVerified,
    firstLogin: u.firstLogin,
    activationDate: iso(u.activationDate),
    createdAt: u.createdAt.toISOString(),
    impersonatedBy: admin ? { id: admin.id, userId: admin.userId, name: displayName(admin) } : null,
    twoFactor: { enabled: Boolean(u.twoFactorEnabledAt), required: TWO_FACTOR_ROLES.includes(u.role) },
    stepUpValidForMs: admin ? 0 : stepUpLeft(stepUp),
  };
}

/**
 * The signed-in user's view (GET /api/auth/user, the page's boot block). The request carries only its principal, so
 * the profile and the masked numbers are read here; null when the row is gone.
 */
export async function currentUserView(
  ctx: AppContext,
  user: Principal,
  admin?: Principal,
  stepUp?: { verifiedAt: Date | null | undefined; now: Date },
  read?: CurrentUserRow,
): Promise<CurrentUser | null> {
  // `read`: the row the session lookup already brought (one round trip, auth's findSessionWithView).
  const row = read ?? (await findCurrentUser(ctx.db, user.id));
  return row ? toCurrentUser(row, admin, stepUp) : null;
}

/** The current-user view of a whole users row, its payout details read in `db` (a login's or an exchange's answer). */
export async function currentUserOf(db: DbOrTx, u: UserRow, admin?: Principal, stepUp?: { verifiedAt: Date | null | undefined; now: Date }): Promise<CurrentUser> {
  return toCurrentUser({ ...u, ...(await findPayoutDetails(db, u.id)) }, admin, stepUp);
}

/**
 * The member's own profile edit. Under impersonation, payout details stay as they are (issue 13): an admin
 * acting as the member may correct a name or an address, never where the money goes. A change of payout details
 * starts the 24-hour hold on withdrawals (payout-details.ts) and is announced to the member by notification and mail,
 * in the same transaction, so that a stolen password shows itself before any money can follow it.
 */
export async function updateOwnProfile(ctx: AppContext, actor: Actor, input: Partial<NewUser> & PayoutDetailsValues): Promise<CurrentUser> {
  return ctx.db.transaction(async (tx) => {
    const { bankAccountNumber, bankIFSC, bankName, bankAccountHolderName, cryptoWalletAddress, payoutDetailsChangedAt: _c, bankAccountChangedAt: _b, ...profile } = input;
    const current = await findPayoutDetails(tx, actor.user.id);
    const payout = payoutChangesOf(current, { bankAccountNumber, bankIFSC, bankName, bankAccountHolderName, cryptoWalletAddress });
    if (actor.onBehalfOf && hasChanges(payout)) throw forbidden(MSG.impersonationMoneyReadOnly, 'IMPERSONATION_FORBIDDEN');
    const now = ctx.clock.now();
    const updated = (await updateUser(tx, actor.user.id, profile))!;
    const details = hasChanges(payout) ? await savePayoutDetails(tx, actor.user.id, { ...payout, ...payoutStamp(payout, now) }) : current;
    if (hasChanges(payout)) {
      const opens = payoutTime(payoutHoldEnd(details)!);
      const what = PAYOUT_FIELDS.filter((f) => f in payout)
        .map((f) => PAYOUT_LABELS[f])
        .join(', ');
      await notify(tx, [updated.id], {
        type: 'security',
        priority: 'high',
        title: 'Your payout details changed',
        message: `${payoutHoldMessage(payoutTime(now), opens)} Changed: ${what}. If this was not you, contact support at once and change your password.`,
      });
      await queueMail(ctx, tx, updated.email, { template: 'payout_details_changed', params: { name: displayName(updated), changed: what, opens, link: `${ctx.config.appUrl}/profile` } });
      // Who gets paid changed: in the audit log, field names only (issue 29, money-control matrix).
      await audit(tx, actor, { entityType: 'user', entityId: updated.id, action: 'user.payout_details_change', changes: { fields: PAYOUT_FIELDS.filter((f) => f in payout), by: 'member' } });
      ctx.kickMail();
    }
    return toCurrentUser({ ...updated, ...details }, actor.onBehalfOf?.admin);
  });
}

/** Reads and marks for the routes (a route calls its module's services, never a repo). */
export const searchUsers = (ctx: AppContext, ...args: ArgsAfterDb<typeof usersRepo.searchUsers>) => usersRepo.searchUsers(ctx.db, ...args);
