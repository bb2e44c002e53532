import type { DbOrTx } from '../../db/client';
import { AppError } from '../../core/app-error';
import { WALLET_MSG } from '../../../contracts/wallet';
import { ensureWallet, shiftBalance, insertLedgerRow } from './wallet.repo';

/** Ledger types that count as earnings in the wallet summary. */
const EARNING_TYPES = new Set([
  'sponsor_income', 'sales_incentive', 'sales_bonus', 'consistency_bonus', 'franchise_income', 'car_fund', 'travel_fund',
  'leadership_fund', 'house_fund', 'millionaire_club', 'royalty_income', 'admin_credit',
]);

export const negate = (amount: string) => (amount.startsWith('-') ? amount.slice(1) : `-${amount}`);

/**
 * The only way money moves (decisions.md §6): the balance change and its ledger row, in the caller's
 * transaction. A debit that the balance does not cover is refused and changes nothing.
 */
export async function postLedger(
  db: DbOrTx,
  userId: string,
  amount: string,
  type: string,
  opts: { description: string; referenceId?: string | null; metadata?: unknown; insufficientMessage?: string; now: Date },
) {
  await ensureWallet(db, userId);
  const credit = !amount.startsWith('-');
  const moved = await shiftBalance(db, userId, amount, { earnings: credit && EARNING_TYPES.has(type) ? amount : undefined });
  if (!moved) throw new AppError('INSUFFICIENT_FUNDS', 400, opts.insufficientMessage ?? WALLET_MSG.insufficientBalance, { amount: [opts.insufficientMessage ?? WALLET_MSG.insufficientBalance] });
  return insertLedgerRow(db, {
    userId, type, amount, description: opts.description, referenceId: opts.referenceId ?? null, balanceBefore: moved.before,
    balanceAfter: moved.after, metadata: opts.metadata ?? null, createdAt: opts.now,
  });
}
