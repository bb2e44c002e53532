import { noteControlled } from '../../core/control-trace';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../core/app-error';
import { WALLET_MSG } from '../../../contracts/wallet';
import { EARNING_TYPES } from '../../../contracts/income-types';
import { ensureWallet, shiftBalance, insertLedgerRow, applyLedgerBatch } from './wallet.repo';

export const negate = (amount: string) => (amount.startsWith('-') ? amount.slice(1) : `-${amount}`);

/**
 * The only way money moves (docs/spec/decisions.md §6): the balance change and its ledger row, in the caller's
 * transaction. A debit that the balance does not cover is refused and changes nothing.
 * Order matters: shiftBalance's UPDATE locks the wallet row until the transaction ends, and only then is the
 * row inserted and its `seq` drawn from the sequence, so a concurrent movement of the same wallet (blocked on
 * that lock) gets a larger seq. Per wallet, seq order is the order the balance changes were applied, and
 * the lists of ledger rows sort by it.
 */
export async function postLedger(
  db: DbOrTx,
  userId: string,
  amount: string,
  type: string,
  opts: { description: string; referenceId?: string | null; metadata?: unknown; insufficientMessage?: string; now: Date },
) {
  noteControlled('money');
  await ensureWallet(db, userId);
  // The registry's earning types (the income types, and clawback taking income back) move total_earnings.
  const moved = await shiftBalance(db, userId, amount, { earnings: EARNING_TYPES.has(type) ? amount : undefined });
  if (!moved) throw new AppError('INSUFFICIENT_FUNDS', 400, opts.insufficientMessage ?? WALLET_MSG.insufficientBalance, { amount: [opts.insufficientMessage ?? WALLET_MSG.insufficientBalance] });
  return insertLedgerRow(db, {
    userId,
    type,
    amount,
    description: opts.description,
    referenceId: opts.referenceId ?? null,
    balanceBefore: moved.before,
    balanceAfter: moved.after,
    metadata: opts.metadata ?? null,
    createdAt: opts.now,
  });
}

/**
 * Many movements at once (posting a payout cycle), with the guarantees of `postLedger`: per wallet the rows
 * apply in the given order with running balances, none goes below zero, and a wallet that cannot cover its
 * rows fails the whole batch (the caller's transaction rolls back). Rows of earning types move total earnings
 * (a clawback lowers them).
 */
export async function postLedgerBatch(db: DbOrTx, rows: { userId: string; amount: string; type: string; description: string; referenceId?: string | null; metadata?: unknown }[], now: Date) {
  const { refused } = await applyLedgerBatch(
    db,
    rows.map((r) => ({
      userId: r.userId,
      type: r.type,
      amount: r.amount,
      description: r.description,
      referenceId: r.referenceId ?? null,
      metadata: r.metadata ?? null,
      earnings: EARNING_TYPES.has(r.type) ? r.amount : '0',
    })),
    now,
  );
  if (refused.length) throw new AppError('INSUFFICIENT_FUNDS', 400, `${refused.length} wallet(s) cannot cover their rows`);
}
