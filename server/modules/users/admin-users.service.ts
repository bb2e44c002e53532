import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Actor, Principal } from '../../core/actor';
import { badRequest, conflict, forbidden, notFound } from '../../core/app-error';
import { AdminUserSearchQuery, AdminUserEditRequest, MemberEditRequest, CreateUserRequest, type AdminUserRow } from '../../../contracts/admin';
import { MSG } from '../../../contracts/messages';
import { maskTail } from '../../../contracts/kyc';
import { hashPassword } from '../../lib/password';
import { isValidTimeZone, startOfDayIn, endOfDayIn } from '../../lib/time';
import type { ApprovalView } from '../../../contracts/approvals';
import { findUserById, findUserByEmail, findUserByUserId, updateUser, type UserRow } from './users.repo';
import { hasChanges, payoutChangesOf } from './payout-details';
import { deleteUserSessions } from '../auth';
import { assertPasswordFor, isUniqueViolation } from '../auth';
import { audit } from '../audit';
import { accountFields, snapshot, tellOfAdminChanges, withPayout } from './admin-changes';
import {
  GUARDED_ROLES,
  createInvitedUser,
  hasCredentialChange,
  requestAdminInvite,
  requestCredentialChange,
  requestPayoutChange,
  requestRoleChange,
  type CredentialPayload,
} from './account-approvals.service';
import { clearTwoFactorFor } from '../auth';
import { markCustody } from '../custody';
import { realUser } from '../../core/actor';
import { readDb } from '../../core/read-db';
import type { DbOrTx } from '../../db/client';
import { lockTree, onStatusChange } from '../tree';
import { searchUserPage, hasLedgerOrPurchases, deleteUserRow, type UserFilter, type AdminUserRecord, type SortKey } from './admin-users.repo';

type SearchInput = z.output<typeof AdminUserSearchQuery>;

export function encodeCursor(sort: SortKey, v: string, id: string) {
  return Buffer.from(JSON.stringify([sort, v, id])).toString('base64url');
}

const TIMESTAMP_TEXT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2}){0,2})$/;

/** A timestamp as PostgreSQL prints it, with a real calendar date and time of day. */
function isTimestampText(v: string): boolean {
  const m = TIMESTAMP_TEXT.exec(v);
  if (!m) return false;
  const [y, mo, d, h, mi, sec] = m.slice(1, 7).map(Number);
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, sec));
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && h < 24 && mi < 60 && sec < 60;
}

/** What a sort key's value looks like in a cursor; anything else would reach the database as a bad cast. */
const CURSOR_VALUE: Record<SortKey, (v: string) => boolean> = {
  registrationDate: isTimestampText,
  activationDate: isTimestampText,
  packageAmount: (v) => /^-?\d{1,12}(\.\d{1,2})?$/.test(v),
  userId: (v) => v.length <= 40,
  name: (v) => v.length <= 400,
};

/** A cursor is only good for the sort order that made it. */
function decodeCursor(cursor: string | undefined, sort: SortKey): { v: string; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const [s, v, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown, unknown];
    if (s === sort && typeof v === 'string' && CURSOR_VALUE[sort](v) && typeof id === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
      return { v, id };
    }
  } catch {
    /* fall through */
  }
  throw badRequest('Invalid page cursor', { cursor: ['Invalid page cursor'] });
}

/** Turns the search form into a filter; dates are days in the admin's time zone. */
export function toFilter(q: Pick<SearchInput, 'query' | 'searchType' | 'status' | 'role' | 'kycStatus' | 'dateFilterType' | 'dateFrom' | 'dateTo' | 'timezone'>): UserFilter {
  const tz = q.timezone ?? 'UTC';
  if (!isValidTimeZone(tz)) throw badRequest('Unknown time zone', { timezone: ['Unknown time zone'] });
  if (q.searchType === 'bv' && q.query && !/^\d{1,10}(\.\d{1,2})?$/.test(q.query)) {
    throw badRequest('BV search needs a number', { query: ['BV search needs a number'] });
  }
  if (q.dateFrom && q.dateTo && q.dateFrom > q.dateTo) throw badRequest('The start date is after the end date', { dateFrom: ['The start date is after the end date'] });
  return {
    query: q.query,
    searchType: q.searchType,
    status: q.status,
    role: q.role,
    kycStatus: q.kycStatus,
    dateFilterType: q.dateFilterType,
    from: q.dateFrom ? startOfDayIn(q.dateFrom, tz) : undefined,
    to: q.dateTo ? endOfDayIn(q.dateTo, tz) : undefined,
  };
}

export function toAdminUserRow(r: AdminUserRecord): AdminUserRow {
  const u = r.user;
  return {
    id: u.id,
    ...accountFields(u),
    kycStatus: u.kycStatus,
    idStatus: u.idStatus,
    currentRank: u.currentRank,
    totalBV: u.totalBV,
    sponsorUserId: r.sponsorUserId ?? null,
    packageAmount: u.packageAmount,
    cryptoWalletAddress: u.cryptoWalletAddress,
    bankName: u.bankName,
    bankAccountNumber: maskTail(u.bankAccountNumber),
    bankIFSC: u.bankIFSC,
    bankAccountHolderName: u.bankAccountHolderName,
    walletBalance: r.walletBalance,
    totalEarnings: r.totalEarnings,
    totalWithdrawals: r.totalWithdrawals,
    withdrawStatus: r.withdrawStatus ?? null,
    passwordState: !u.hasPassword ? 'none' : u.firstLogin ? 'temporary' : 'set',
    txnPinSet: Boolean(u.txnPinSet),
    bankComplete: Boolean(u.bankComplete),
    hasTreePosition: Boolean(u.hasTreePosition),
    registrationDate: u.registrationDate.toISOString(),
    activationDate: u.activationDate?.toISOString() ?? null,
  };
}

/** The admin's search tolerates a little lag: a replica serves it when one is in use (ADR 0031). */
export async function searchUsers(ctx: AppContext, actor: Actor, q: SearchInput) {
  const sort = q.sort as SortKey;
  const rows = await searchUserPage(readDb(ctx, actor), toFilter(q), sort, q.dir, decodeCursor(q.cursor, sort), q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return { items: page.map(toAdminUserRow), nextCursor: rows.length > q.limit && last ? encodeCursor(sort, last.sortValue, last.user.id) : null };
}

/**
 * Status rules: only users who were activated once (placed in the tree by an approval) or admins may be
 * active or blocked; pending is only for users never activated. Nobody blocks their own account.
 */
function checkStatusChange(actor: Principal, target: UserRow, status: string) {
  if (status === target.status) return;
  if (actor.id === target.id) throw conflict('You cannot change the status of your own account.');
  const activatedOnce = Boolean(target.activationDate) || target.role === 'admin';
  if ((status === 'active' || status === 'inactive') && !activatedOnce) {
    throw conflict('This user has not been approved yet. Approve the registration from Pending Recruits first.');
  }
  if (status === 'pending' && activatedOnce) throw conflict('An activated account cannot be set back to pending.');
}

async function emailTaken(ctx: AppContext, email: string, exceptId: string) {
  const other = await findUserByEmail(ctx.db, email);
  return Boolean(other && other.id !== exceptId);
}

export async function setStatus(ctx: AppContext, actor: Actor, id: string, status: 'active' | 'inactive') {
  return ctx.db.transaction(async (tx) => {
    await lockTree(tx);
    const target = await findUserById(tx, id);
    if (!target) throw notFound();
    checkStatusChange(actor.user, target, status);
    const updated = await updateUser(tx, id, { status, idStatus: status === 'active' ? 'Active' : 'Inactive' });
    await onStatusChange(tx, target, target.status, status, ctx.clock.now());
    if (status === 'inactive') await deleteUserSessions(tx, id);
    await audit(tx, actor, { entityType: 'user', entityId: id, action: status === 'active' ? 'user.activate' : 'user.block', previousState: { status: target.status }, newState: { status } });
    return updated!;
  });
}

/** An admin or founder other than the actor: their sign-in changes wait for a third person (issue 29). */
export const isGuardedTarget = (actor: Actor, target: Pick<UserRow, 'id' | 'role'>) => GUARDED_ROLES.includes(target.role) && target.id !== realUser(actor).id;

/**
 * The chain-of-custody marks of an admin's change of a member's email or password (issue 29): that admin does not
 * approve the member's withdrawals for 30 days, and a changed email holds withdrawals and password resets a day.
 */
async function markCredentialChanges(ctx: AppContext, tx: DbOrTx, actor: Actor, before: UserRow, after: UserRow, passwordSet: boolean) {
  if (before.email !== after.email) await markCustody(ctx, tx, realUser(actor).id, after.id, 'email_changed');
  if (passwordSet) await markCustody(ctx, tx, realUser(actor).id, after.id, 'password_changed');
}

export async function editUser(ctx: AppContext, actor: Actor, target: UserRow | undefined, input: z.output<typeof AdminUserEditRequest>) {
  if (!target) throw notFound();
  checkStatusChange(actor.user, target, input.status);
  if (await emailTaken(ctx, input.email, target.id)) throw conflict(MSG.duplicateEmail, 'DUPLICATE_EMAIL');
  if (input.password) assertPasswordFor(target.role, input.password, 'password');
  const password = input.password ? await hashPassword(input.password) : undefined;
  const txnPin = input.txnPin ? await hashPassword(input.txnPin) : undefined;
  // Another admin's or a founder's email, password and PIN change only when a third person approves (issue 29).
  const guarded = isGuardedTarget(actor, target);
  const credential: CredentialPayload = guarded
    ? { ...(input.email !== target.email ? { email: input.email } : {}), ...(password ? { passwordHash: password } : {}), ...(txnPin ? { txnPinHash: txnPin } : {}) }
    : {};
  return ctx.db.transaction(async (tx) => {
    await lockTree(tx);
    const before = await withPayout(tx, (await findUserById(tx, target.id))!);
    const direct = { password: guarded ? undefined : password, txnPin: guarded ? undefined : txnPin };
    const row = await updateUser(tx, target.id, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: guarded ? before.email : input.email,
      ...(input.mobile !== undefined ? { mobile: input.mobile } : {}),
      ...(input.packageAmount !== undefined ? { packageAmount: input.packageAmount } : {}),
      status: input.status,
      ...(input.status !== target.status && input.status !== 'pending' ? { idStatus: input.status === 'active' ? 'Active' : 'Inactive' } : {}),
      // A password set by an admin is temporary: the user must change it at the next sign-in.
      ...(direct.password ? { password: direct.password, firstLogin: true, passwordChangedAt: ctx.clock.now() } : {}),
      ...(direct.txnPin ? { txnPin: direct.txnPin } : {}),
    }).catch((err) => {
      if (isUniqueViolation(err)) throw conflict(MSG.duplicateEmail, 'DUPLICATE_EMAIL');
      throw err;
    });
    const updated = row && { ...before, ...row };
    await onStatusChange(tx, before, before.status, updated!.status, ctx.clock.now());
    if (direct.password || input.status === 'inactive') await deleteUserSessions(tx, target.id);
    await tellOfAdminChanges(ctx, tx, before, updated!, Boolean(direct.password));
    await markCredentialChanges(ctx, tx, actor, before, updated!, Boolean(direct.password));
    await audit(tx, actor, {
      entityType: 'user',
      entityId: target.id,
      action: 'user.edit',
      previousState: snapshot({ ...before, ...target }),
      newState: snapshot(updated!),
      changes: { passwordReset: Boolean(direct.password), txnPinReset: Boolean(direct.txnPin) },
    });
    const signIn = hasCredentialChange(credential) ? await requestCredentialChange(ctx, tx, actor, updated!, credential) : undefined;
    // Where the member's money goes changes only when a second admin approves it (issue 13).
    const payout = payoutChangesOf(before, {
      bankAccountNumber: input.bankAccountNumber,
      bankIFSC: input.bankIFSC,
      bankName: input.bankName,
      bankAccountHolderName: input.bankAccountHolderName,
      cryptoWalletAddress: input.cryptoWalletAddress,
    });
    const payoutApproval = hasChanges(payout) ? await requestPayoutChange(ctx, tx, actor, updated!, payout) : undefined;
    return { user: updated!, approval: signIn ?? payoutApproval, approvalKind: signIn ? ('credential_change' as const) : payoutApproval ? ('payout_details' as const) : undefined };
  });
}

export async function editMember(ctx: AppContext, actor: Actor, id: string, input: z.output<typeof MemberEditRequest>) {
  const target = await findUserById(ctx.db, id);
  if (!target) throw notFound();
  checkStatusChange(actor.user, target, input.status);
  if (input.role !== target.role) {
    if (actor.user.id === target.id) throw conflict('You cannot change your own role.');
    // Tree members cannot become admins (admins are outside the tree), and the founder role is not granted here.
    if (input.role === 'admin' && (target.parentId || target.placedAt)) throw conflict('A member placed in the tree cannot become an admin.');
    if (!['user', 'admin'].includes(target.role)) throw conflict(`The ${target.role} role is not changed here.`);
  }
  if (await emailTaken(ctx, input.email, target.id)) throw conflict(MSG.duplicateEmail, 'DUPLICATE_EMAIL');
  // A role that carries the back-office (admin, founder) is granted only when a second admin approves it (issue 13).
  const guarded = input.role !== target.role && GUARDED_ROLES.includes(input.role);
  // Another admin's or a founder's email changes only when a third person approves it (issue 29).
  const emailRequest = isGuardedTarget(actor, target) && input.email !== target.email;
  return ctx.db.transaction(async (tx) => {
    await lockTree(tx);
    const before = await withPayout(tx, (await findUserById(tx, id))!);
    const role = guarded ? before.role : input.role;
    const row = await updateUser(tx, id, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: emailRequest ? before.email : input.email,
      role,
      status: input.status,
      // idStatus follows a block or an activation, as it does in the edit dialog and block/activate.
      ...(input.status !== target.status && input.status !== 'pending' ? { idStatus: input.status === 'active' ? 'Active' : 'Inactive' } : {}),
    });
    const updated = row && { ...before, ...row };
    await onStatusChange(tx, before, before.status, updated!.status, ctx.clock.now());
    if (input.status === 'inactive' || role !== before.role) await deleteUserSessions(tx, id);
    await tellOfAdminChanges(ctx, tx, before, updated!, false);
    await markCredentialChanges(ctx, tx, actor, before, updated!, false);
    await audit(tx, actor, { entityType: 'user', entityId: id, action: 'user.update', previousState: snapshot({ ...before, ...target }), newState: snapshot(updated!) });
    const signIn = emailRequest ? await requestCredentialChange(ctx, tx, actor, updated!, { email: input.email }) : undefined;
    const roleApproval = guarded ? await requestRoleChange(ctx, tx, actor, updated!, input.role) : undefined;
    return { user: updated!, approval: roleApproval ?? signIn, approvalKind: roleApproval ? ('role_change' as const) : signIn ? ('credential_change' as const) : undefined };
  });
}

/**
 * Creates the account as invited and queues the invitation (7 days) in one transaction. A new admin account waits
 * for a second admin instead (issue 13): nothing is created or mailed until it is approved.
 */
export async function createUser(ctx: AppContext, actor: Actor, input: z.output<typeof CreateUserRequest>): Promise<{ user?: UserRow; approval?: ApprovalView }> {
  if (await findUserByEmail(ctx.db, input.email)) throw conflict(MSG.duplicateEmail, 'DUPLICATE_EMAIL');
  if (GUARDED_ROLES.includes(input.role)) {
    return { approval: await ctx.db.transaction((tx) => requestAdminInvite(ctx, tx, actor, input)) };
  }
  const user = await ctx.db.transaction((tx) => createInvitedUser(ctx, tx, actor, input, actor.user));
  ctx.kickMail();
  return { user };
}

/** Refused (409) for users with a tree position, ledger entries or purchases (the contract). */
export async function deleteUser(ctx: AppContext, actor: Actor, id: string) {
  await ctx.db.transaction(async (tx) => {
    const target = await findUserById(tx, id);
    if (!target) throw notFound();
    if (target.id === actor.user.id) throw conflict('You cannot delete your own account.');
    if (target.parentId || target.placedAt || target.leftChildId || target.rightChildId) throw conflict('This user has a position in the tree and cannot be deleted. Block the account instead.');
    if (await hasLedgerOrPurchases(tx, id)) throw conflict('This user has wallet transactions or purchases and cannot be deleted. Block the account instead.');
    await audit(tx, actor, { entityType: 'user', entityId: id, action: 'user.delete', previousState: snapshot(await withPayout(tx, target)) });
    await deleteUserRow(tx, id).catch((err: { code?: string; cause?: { code?: string } }) => {
      if (err?.code === '23503' || err?.cause?.code === '23503') throw conflict('Other records refer to this user, so it cannot be deleted. Block the account instead.');
      throw err;
    });
  });
}

/**
 * An admin clears another user's two-factor (a lost phone). A member's is cleared at once; an admin's or founder's
 * waits for a third person (issue 29). Answers the approval when it waits.
 */
export async function resetTwoFactor(ctx: AppContext, actor: Actor, id: string): Promise<{ approval?: ApprovalView }> {
  const target = await findUserById(ctx.db, id);
  if (!target) throw notFound('User not found');
  if (realUser(actor).id === target.id) throw forbidden('Another admin must reset your two-factor sign-in.', 'SECOND_ADMIN_REQUIRED');
  if (!target.twoFactorEnabledAt) throw badRequest(MSG.twoFactorNotOn, undefined, 'INVALID_STATE');
  if (isGuardedTarget(actor, target)) {
    return { approval: await ctx.db.transaction((tx) => requestCredentialChange(ctx, tx, actor, target, { twoFactorReset: true })) };
  }
  await ctx.db.transaction((tx) => clearTwoFactorFor(ctx, tx, actor, target, 'reset by an admin'));
  ctx.kickMail();
  return {};
}

export { findUserById, findUserByUserId };
