import type { AppContext } from '../../context';
import { maskTail } from '../../../contracts/kyc';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from './users.repo';
import { displayName } from './users.service';
import { bankChanged, payoutChangesOf, payoutHoldEnd, payoutTime } from './payout-details';
import { findPayoutDetails, type PayoutDetails } from './payout-details.repo';
import { queueMail } from '../mail';
import { notify } from '../notifications';

/** A users row with its payout details (ADR 0026), as the admin's changes compare them. */
export type UserWithPayout = UserRow & PayoutDetails;

export const withPayout = async (db: DbOrTx, u: UserRow): Promise<UserWithPayout> => ({ ...u, ...(await findPayoutDetails(db, u.id)) });

/** Who a user is to an admin: the public id, the name, how to reach them, the role and the account's status. */
export const accountFields = (u: Pick<UserRow, 'userId' | 'firstName' | 'lastName' | 'email' | 'mobile' | 'role' | 'status'>) => ({
  userId: u.userId,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  mobile: u.mobile,
  role: u.role,
  status: u.status,
});

/** A user as the audit log keeps them before and after an admin's change (no secrets, the account number masked). */
export const snapshot = (u: UserWithPayout) => ({
  ...accountFields(u),
  packageAmount: u.packageAmount,
  cryptoWalletAddress: maskTail(u.cryptoWalletAddress),
  txnPinSet: Boolean(u.txnPin),
  firstLogin: u.firstLogin,
  bankName: u.bankName,
  bankAccountNumber: maskTail(u.bankAccountNumber),
  bankIFSC: u.bankIFSC,
  bankAccountHolderName: u.bankAccountHolderName,
});

/**
 * The member hears of an admin's change to what protects their account or their money (issue 13): a new password, a
 * new email address (mailed to the old one too, where the owner still reads) and new payout details (applied when a
 * second admin approves them), by a notification and a mail in the same transaction.
 */
export async function tellOfAdminChanges(ctx: AppContext, tx: DbOrTx, before: UserWithPayout, after: UserWithPayout, passwordReset: boolean) {
  const changes: string[] = [];
  if (passwordReset) changes.push('your password was reset to a temporary one');
  if (before.email !== after.email) changes.push(`your email address changed from ${before.email} to ${after.email}`);
  const payout = payoutChangesOf(before, after);
  const opens = payoutHoldEnd(after);
  const hold = opens ? ` (withdrawals to it open on ${payoutTime(opens)})` : '';
  if ('cryptoWalletAddress' in payout) changes.push(`your crypto payout wallet changed${hold}`);
  if (bankChanged(payout)) changes.push(`your bank payout details changed${hold}`);
  if (!changes.length) return;
  await notify(tx, [after.id], { type: 'security', priority: 'high', title: 'An administrator changed your account', message: `${changes.join('; ')}.`.replace(/^./, (c) => c.toUpperCase()) });
  const mail = { template: 'account_changed_by_admin' as const, params: { name: displayName(after), changes, link: `${ctx.config.appUrl}/profile` } };
  for (const address of new Set([before.email, after.email])) await queueMail(ctx, tx, address, mail);
  ctx.kickMail();
}
