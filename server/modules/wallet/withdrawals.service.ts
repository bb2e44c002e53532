import type { z } from 'zod';
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import { rupees, personName } from '../../lib/format';
import type { DbOrTx } from '../../db/client';
import { realUser, type Actor } from '../../core/actor';
import { AppError, badRequest, forbidden, notFound } from '../../core/app-error';
import { MSG } from '../../../contracts/messages';
import { WALLET_MSG, type WithdrawalRequest, type WithdrawPersonallyRequest, type WithdrawalView, type AdminWithdrawal, type ApproveWithdrawalRequest } from '../../../contracts/wallet';
import { maskTail } from '../../../contracts/kyc';
import { findPayoutDetails, findUserById, findUserByUserId, displayName, type PayoutDetails, type UserRow } from '../users';
import { notify, notifyAdmins, workDone } from '../notifications';
import { audit } from '../audit';
import { postLedger, negate } from './ledger.service';
import { assertCustodyClear } from '../custody';
import { assertPayoutAllowed } from './payout-safety';
import type { Transactor } from '../../core/transactor';
import { insertWithdrawal, withdrawalForUpdate, hasApprovedWithdrawal, updateWithdrawal, withdrawalsOf, adminWithdrawals, addWithdrawnTotal, type WithdrawalRow } from './wallet.repo';

type Bank = { accountNumber: string; ifsc: string; bankName: string; accountHolderName: string };

export function toWithdrawalView(w: WithdrawalRow): WithdrawalView {
  const bank = w.bankDetails as Bank | null;
  return {
    id: w.id,
    withdrawalType: w.withdrawalType as 'bank' | 'usdt',
    amount: w.amount,
    status: w.status as WithdrawalView['status'],
    bankDetails: bank ? { ...bank, accountNumber: maskTail(bank.accountNumber) ?? '' } : null,
    usdtWalletAddress: w.usdtWalletAddress,
    networkType: w.networkType,
    adminNotes: w.adminNotes,
    rejectionReason: w.rejectionReason,
    transactionId: w.transactionId,
    processedAt: w.processedAt?.toISOString() ?? null,
    createdAt: w.createdAt.toISOString(),
    createdByAdmin: Boolean(w.createdBy && w.createdBy !== w.userId),
  };
}

/** A withdrawal debits the wallet when it is made (docs/spec/decisions.md §6). */
async function createWithdrawal(
  ctx: AppContext,
  tx: DbOrTx,
  actor: Actor,
  user: UserRow,
  data: { withdrawalType: 'bank' | 'usdt'; amount: string; bankDetails: Bank | null; usdtWalletAddress: string | null; networkType: string | null; remarks?: string },
) {
  const now = ctx.clock.now();
  const w = await insertWithdrawal(tx, {
    userId: user.id,
    withdrawalType: data.withdrawalType,
    amount: data.amount,
    status: 'pending',
    bankDetails: data.bankDetails,
    usdtWalletAddress: data.usdtWalletAddress,
    networkType: data.networkType,
    adminNotes: data.remarks ?? null,
    createdBy: actor.user.id,
    createdAt: now,
  });
  const entry = await postLedger(tx, user.id, negate(data.amount), 'withdrawal', {
    description: data.withdrawalType === 'bank' ? 'Withdrawal request (bank transfer)' : `Withdrawal request (USDT ${data.networkType})`,
    referenceId: w.id,
    now,
  });
  await notifyAdmins(tx, {
    type: 'withdrawal_requested',
    title: 'Withdrawal request to review',
    message: `${displayName(user)} (${user.userId}) requested a withdrawal of ${rupees(data.amount)}.`,
    data: { withdrawalId: w.id },
  });
  await audit(tx, actor, {
    entityType: 'withdrawal',
    entityId: w.id,
    action: actor.user.id === user.id ? 'withdrawal.request' : 'withdrawal.create_for_user',
    newState: { userId: user.userId, amount: data.amount, type: data.withdrawalType, balanceAfter: entry.balanceAfter },
    reason: data.remarks ?? null,
  });
  return w;
}

/** The profile's bank account as a withdrawal records it. */
const profileBank = (user: UserRow, payout: PayoutDetails, holder?: string): Bank => ({
  accountNumber: payout.bankAccountNumber!,
  ifsc: payout.bankIFSC!.toUpperCase(),
  bankName: payout.bankName!,
  accountHolderName: payout.bankAccountHolderName ?? holder ?? displayName(user),
});

/**
 * A member's withdrawal: only with approved KYC, only to the payout details on their profile, to a bank account only
 * once KYC verified it, and only 24 hours after a change of those details (issue 13, payout-safety.ts).
 */
export async function memberWithdrawal(ctx: AppContext, actor: Actor, transact: Transactor, input: z.output<typeof WithdrawalRequest>) {
  return transact(async (tx) => {
    const user = (await findUserById(tx, actor.user.id))!;
    if (user.kycStatus !== 'approved') throw new AppError('KYC_REQUIRED', 403, WALLET_MSG.kycRequired);
    await assertPayoutAllowed(
      ctx,
      tx,
      user,
      input.withdrawalType === 'bank' ? { withdrawalType: 'bank', bankDetails: input.bankDetails } : { withdrawalType: 'usdt', usdtWalletAddress: input.usdtWalletAddress },
    );
    const payout = await findPayoutDetails(tx, user.id);
    const w = await createWithdrawal(ctx, tx, actor, user, {
      withdrawalType: input.withdrawalType,
      amount: input.amount,
      bankDetails: input.withdrawalType === 'bank' ? profileBank(user, payout, input.bankDetails?.accountHolderName) : null,
      usdtWalletAddress: input.withdrawalType === 'usdt' ? payout.cryptoWalletAddress : null,
      networkType: input.withdrawalType === 'usdt' ? input.networkType! : null,
    });
    return { status: 201, body: { message: WALLET_MSG.withdrawalRequested, withdrawal: toWithdrawalView(w) } };
  });
}

export async function memberByPublicId(tx: DbOrTx, userId: string) {
  const user = await findUserByUserId(tx, userId.trim());
  if (!user || user.role === 'admin') throw badRequest(WALLET_MSG.userNotFound, { userId: [WALLET_MSG.userNotFound] });
  return user;
}

/** Withdraw Personally (doc 2 §2.11): the same flow, with the member's own payout details. */
export async function adminWithdrawal(ctx: AppContext, actor: Actor, transact: Transactor, input: z.output<typeof WithdrawPersonallyRequest>) {
  return transact(async (tx) => {
    const user = await memberByPublicId(tx, input.userId);
    const payout = await findPayoutDetails(tx, user.id);
    let data: Parameters<typeof createWithdrawal>[4];
    if (input.withdrawalType === 'INR') {
      if (!payout.bankAccountNumber || !payout.bankIFSC || !payout.bankName) throw badRequest(WALLET_MSG.adminWithdrawalNoBank, { userId: [WALLET_MSG.adminWithdrawalNoBank] });
      data = { withdrawalType: 'bank', amount: input.amount, usdtWalletAddress: null, networkType: null, remarks: input.remarks, bankDetails: profileBank(user, payout) };
    } else {
      if (!payout.cryptoWalletAddress) throw badRequest(WALLET_MSG.adminWithdrawalNoWallet, { userId: [WALLET_MSG.adminWithdrawalNoWallet] });
      data = { withdrawalType: 'usdt', amount: input.amount, bankDetails: null, usdtWalletAddress: payout.cryptoWalletAddress, networkType: 'TRC20', remarks: input.remarks };
    }
    // The same rules as the member's own request: a verified bank account, no withdrawal during the hold (issue 13).
    await assertPayoutAllowed(ctx, tx, user, { withdrawalType: data.withdrawalType }, 'userId');
    const w = await createWithdrawal(ctx, tx, actor, user, data);
    await notify(tx, [user.id], { type: 'withdrawal_created', title: 'Withdrawal created', message: `An admin created a withdrawal of ${rupees(input.amount)} for you: ${input.remarks}` });
    return { status: 201, body: { message: WALLET_MSG.withdrawalCreated, withdrawal: toWithdrawalView(w) } };
  });
}

async function lockPending(tx: DbOrTx, id: string, want: 'pending' | 'rejected') {
  const w = await withdrawalForUpdate(tx, id);
  if (!w) throw notFound(WALLET_MSG.withdrawalNotFound);
  if (w.status !== want) throw new AppError('INVALID_STATE', 409, want === 'pending' ? WALLET_MSG.notPending : WALLET_MSG.notRejected);
  return w;
}

/** Approve is final: processedBy, processedAt, adminNotes and a payout reference (docs/spec/decisions.md §6). */
export async function approveWithdrawal(ctx: AppContext, actor: Actor, transact: Transactor, id: string, input: z.output<typeof ApproveWithdrawalRequest>) {
  return transact(async (tx) => {
    const w = await lockPending(tx, id, 'pending');
    const approver = realUser(actor);
    if (w.userId === approver.id) throw forbidden(MSG.ownWithdrawalApproval, 'SELF_APPROVAL');
    // Chain of custody (issue 29): nobody who set this member up, put money in or opened the account pays it out.
    await assertCustodyClear(ctx, tx, approver.id, { memberId: w.userId, createdBy: w.createdBy, firstWithdrawal: !(await hasApprovedWithdrawal(tx, w.userId)) });
    const now = ctx.clock.now();
    const updated = await updateWithdrawal(tx, w.id, {
      status: 'approved',
      processedBy: actor.user.id,
      processedAt: now,
      adminNotes: input.adminNotes,
      transactionId: input.payoutReference ?? `PO-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(4).toString('hex').toUpperCase()}`,
    });
    await addWithdrawnTotal(tx, w.userId, w.amount);
    await workDone(tx, 'withdrawal', w.id);
    await notify(tx, [w.userId], {
      type: 'withdrawal_approved',
      title: 'Withdrawal approved',
      message: `Your withdrawal of ${rupees(w.amount)} was approved. Payout reference ${updated.transactionId}.`,
    });
    await audit(tx, actor, {
      entityType: 'withdrawal',
      entityId: w.id,
      action: 'withdrawal.approve',
      previousState: { status: 'pending' },
      newState: { status: 'approved', transactionId: updated.transactionId },
      reason: input.adminNotes,
    });
    return { status: 200, body: { message: WALLET_MSG.withdrawalApproved, withdrawal: toWithdrawalView(updated) } };
  });
}

/** Reject credits the amount back, once. */
export async function rejectWithdrawal(ctx: AppContext, actor: Actor, transact: Transactor, id: string, reason: string) {
  return transact(async (tx) => {
    const w = await lockPending(tx, id, 'pending');
    const now = ctx.clock.now();
    const updated = await updateWithdrawal(tx, w.id, { status: 'rejected', rejectionReason: reason, processedBy: actor.user.id, processedAt: now });
    await postLedger(tx, w.userId, w.amount, 'withdrawal_reversal', { description: `Withdrawal rejected: ${reason}`.slice(0, 500), referenceId: w.id, now });
    await workDone(tx, 'withdrawal', w.id);
    await notify(tx, [w.userId], {
      type: 'withdrawal_rejected',
      title: 'Withdrawal rejected',
      priority: 'high',
      message: `Your withdrawal of ${rupees(w.amount)} was rejected: ${reason}. The amount is back in your wallet.`,
    });
    await audit(tx, actor, { entityType: 'withdrawal', entityId: w.id, action: 'withdrawal.reject', previousState: { status: 'pending' }, newState: { status: 'rejected' }, reason });
    return { status: 200, body: { message: WALLET_MSG.withdrawalRejected, withdrawal: toWithdrawalView(updated) } };
  });
}

/** Reconsider: back to pending, debiting again only when the balance still covers it. */
export async function reactivateWithdrawal(ctx: AppContext, actor: Actor, transact: Transactor, id: string) {
  return transact(async (tx) => {
    const w = await lockPending(tx, id, 'rejected');
    const now = ctx.clock.now();
    await postLedger(tx, w.userId, negate(w.amount), 'withdrawal', { description: 'Withdrawal reconsidered', referenceId: w.id, now, insufficientMessage: WALLET_MSG.reconsiderShort });
    const updated = await updateWithdrawal(tx, w.id, { status: 'pending', rejectionReason: null, processedBy: null, processedAt: null });
    await notify(tx, [w.userId], {
      type: 'withdrawal_reconsidered',
      title: 'Withdrawal reconsidered',
      message: `Your withdrawal of ${rupees(w.amount)} is being reconsidered; the amount is held from your wallet again.`,
    });
    await audit(tx, actor, {
      entityType: 'withdrawal',
      entityId: w.id,
      action: 'withdrawal.reactivate',
      previousState: { status: 'rejected', reason: w.rejectionReason },
      newState: { status: 'pending' },
    });
    return { status: 200, body: { message: WALLET_MSG.withdrawalReactivated, withdrawal: toWithdrawalView(updated) } };
  });
}

// ---- reads ----
export async function ownWithdrawals(ctx: AppContext, user: Pick<UserRow, 'id'>): Promise<WithdrawalView[]> {
  return (await withdrawalsOf(ctx.db, user.id)).map(toWithdrawalView);
}

export async function adminWithdrawalList(ctx: AppContext, statuses: string[]): Promise<AdminWithdrawal[]> {
  const rows = await adminWithdrawals(ctx.db, statuses, 500);
  return rows.map(({ w, ...u }) => {
    const v = toWithdrawalView(w);
    const bank = v.bankDetails;
    return {
      ...v,
      userId: w.userId,
      userDisplayId: u.userDisplayId,
      userName: personName(u),
      userEmail: u.userEmail,
      typeLabel: w.withdrawalType === 'bank' ? 'Bank Transfer' : `USDT (${w.networkType ?? 'TRC20'})`,
      details: bank ? `${bank.bankName} · ${bank.accountNumber} · ${bank.ifsc} · ${bank.accountHolderName}` : `${w.usdtWalletAddress ?? ''} (${w.networkType ?? ''})`,
      date: w.createdAt.toISOString(),
      reason: w.status === 'rejected' ? (w.rejectionReason ?? 'No reason provided') : null,
    };
  });
}
