/** The wallet's reads (doc 3 §2.4, doc 2 §2.12-2.13): the member's summary and ledger, the admin's fund history and balances. */
import type { AppContext } from '../../context';
import { personName } from '../../lib/format';
import { decodeCursor, decodeSeqCursor, ledgerPageOf, pageOf } from '../../core/page-cursor';
import type { WalletSummary, LedgerEntry, Page, FundHistoryRecord, WalletBalanceRow } from '../../../contracts/wallet';
import type { Principal } from '../../core/actor';
import { findUserById } from '../users';
import { payoutStatus } from './payout-safety';
import { walletOf, pendingWithdrawalTotal, ledgerPage, fundHistoryPage, walletBalancesPage } from './wallet.repo';

export async function walletSummary(ctx: AppContext, principal: Principal): Promise<WalletSummary> {
  // The payout details (sealed) and the KYC state come from the whole row, which the actor does not carry.
  const [w, pending, user] = await Promise.all([walletOf(ctx.db, principal.id), pendingWithdrawalTotal(ctx.db, principal.id), findUserById(ctx.db, principal.id).then((u) => u!)]);
  const payout = await payoutStatus(ctx, ctx.db, user);
  return {
    balance: w?.balance ?? '0.00',
    totalEarnings: w?.totalEarnings ?? '0.00',
    totalWithdrawals: w?.totalWithdrawals ?? '0.00',
    pendingWithdrawals: pending,
    kycStatus: user.kycStatus,
    payout,
  };
}

const toEntry = (t: Awaited<ReturnType<typeof ledgerPage>>[number]): LedgerEntry => ({
  id: t.id,
  type: t.type,
  amount: t.amount,
  description: t.description,
  referenceId: t.referenceId,
  balanceBefore: t.balanceBefore,
  balanceAfter: t.balanceAfter,
  createdAt: t.createdAt.toISOString(),
});

export async function ownLedger(ctx: AppContext, user: Principal, cursor: string | undefined, limit: number): Promise<Page<LedgerEntry>> {
  const rows = await ledgerPage(ctx.db, user.id, decodeSeqCursor(cursor), limit);
  return ledgerPageOf(rows, limit, (r) => r.seq, toEntry);
}

export async function fundHistory(ctx: AppContext, q: { search?: string; type?: string; cursor?: string; limit: number }): Promise<Page<FundHistoryRecord>> {
  const rows = await fundHistoryPage(ctx.db, q, decodeSeqCursor(q.cursor), q.limit);
  return ledgerPageOf(
    rows,
    q.limit,
    (r) => r.t.seq,
    ({ t, ...u }) => ({
      ...toEntry(t),
      userId: t.userId,
      userDisplayId: u.userDisplayId,
      userName: personName(u),
      userEmail: u.userEmail,
    }),
  );
}

export async function walletBalances(ctx: AppContext, q: { search?: string; cursor?: string; limit: number }): Promise<Page<WalletBalanceRow>> {
  const rows = await walletBalancesPage(ctx.db, q.search, decodeCursor(q.cursor, 'money'), q.limit);
  return pageOf(
    rows,
    q.limit,
    (r) => [r.w.balance, r.w.id],
    ({ w, ...u }) => ({
      userId: w.userId,
      userDisplayId: u.userDisplayId,
      userName: personName(u),
      userEmail: u.userEmail,
      balance: w.balance,
      totalEarnings: w.totalEarnings,
      totalWithdrawals: w.totalWithdrawals,
      updatedAt: w.updatedAt.toISOString(),
    }),
  );
}
