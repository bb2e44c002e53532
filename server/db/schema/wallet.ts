import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, text, date, jsonb, index, uniqueIndex, check, bigserial } from 'drizzle-orm/pg-core';
import { users } from './users';
import { sealedJsonField, sealedText } from '../sealed-columns';
import { primaryId, createdAt, updatedAt, ref, timestamps, actedBy, rupees } from './columns';

/** Where a bank withdrawal is paid, as stored on the request. */
export type WithdrawalBankDetails = { accountNumber: string; ifsc: string; bankName: string; accountHolderName: string };

export const walletBalances = pgTable(
  'wallet_balances',
  {
    id: primaryId(),
    // A wallet goes with its user: only a user without ledger rows or purchases can be deleted (users' deleteUser),
    // so the row that goes is an empty wallet, and the users module need not call the wallet to remove it.
    userId: ref('user_id', () => users.id, 'cascade'),
    balance: rupees('balance').notNull().default('0'),
    totalEarnings: rupees('total_earnings').notNull().default('0'),
    totalWithdrawals: rupees('total_withdrawals').notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('wallet_balances_user_key').on(t.userId), check('wallet_balance_nonneg', sql`${t.balance} >= 0`)],
);

/**
 * The ledger: balance = sum(amount) per user (docs/spec/decisions.md §6). Every row belongs to a wallet (its user's):
 * each ledger path moves the wallet row first and inserts the rows after, so the key check finds the row it
 * already holds. Ids are time-ordered (uuid_time_ordered(), migration 0020): a payout run inserts hundreds of
 * thousands of rows, and random ids wrote each one into a random page of the primary key.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`uuid_time_ordered()`),
    userId: ref('user_id', () => walletBalances.userId),
    type: varchar('type', { length: 30 }).notNull(),
    amount: rupees('amount').notNull(),
    description: text('description'),
    referenceId: varchar('reference_id', { length: 100 }),
    balanceBefore: rupees('balance_before').notNull(),
    balanceAfter: rupees('balance_after').notNull(),
    metadata: jsonb('metadata'),
    createdAt: createdAt(),
    /**
     * The ledger's order, by which every list of ledger rows is sorted. Taken from the sequence when the row is
     * inserted (postLedger), after the balance UPDATE has locked the wallet row; that lock is held to commit, so
     * the next movement of the same wallet takes its number later: per user, seq order is the order in which
     * the balance changes were applied. (It relies on the sequence's default CACHE 1; created_at is the
     * request's clock and can disagree under concurrency.) Unique, so it alone positions a page.
     */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    // Every reader sorts by seq: a member's statement (user, seq), the fund history (seq; type, seq).
    index('transactions_user_seq_idx').on(t.userId, t.seq),
    // Fund history (every wallet, newest first) and its type filter / the direct-income report, in ledger order.
    uniqueIndex('transactions_seq_key').on(t.seq),
    index('transactions_type_seq_idx').on(t.type, t.seq),
    check('transactions_balance_math', sql`${t.balanceAfter} = ${t.balanceBefore} + ${t.amount} and ${t.balanceAfter} >= 0`),
  ],
);

export const withdrawalRequests = pgTable(
  'withdrawal_requests',
  {
    id: primaryId(),
    userId: ref('user_id', () => users.id),
    withdrawalType: varchar('withdrawal_type', { length: 10 }).notNull().default('bank'),
    amount: rupees('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('INR'),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    // The account number inside and the USDT address are encrypted at rest (db/sealed-columns.ts, ADR 0011).
    bankDetails: sealedJsonField<WithdrawalBankDetails>('withdrawal_requests', 'bank_details', 'accountNumber'),
    usdtWalletAddress: sealedText('withdrawal_requests', 'usdt_wallet_address'),
    networkType: varchar('network_type', { length: 10 }),
    adminNotes: text('admin_notes'),
    rejectionReason: text('rejection_reason'),
    ...actedBy('processed', () => users.id),
    transactionId: varchar('transaction_id', { length: 100 }),
    createdBy: uuid('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    index('withdrawal_requests_status_idx').on(t.status, t.createdAt),
    index('withdrawal_requests_user_idx').on(t.userId, t.createdAt),
    check('withdrawal_amount_positive', sql`${t.amount} > 0`),
    check('withdrawal_type_check', sql`${t.withdrawalType} in ('bank','usdt')`),
    check('withdrawal_status_check', sql`${t.status} in ('pending','approved','rejected')`),
  ],
);

export const cheques = pgTable(
  'cheques',
  {
    id: primaryId(),
    userId: ref('user_id', () => users.id),
    chequeNumber: varchar('cheque_number', { length: 40 }).notNull(),
    amount: rupees('amount').notNull(),
    bankName: varchar('bank_name', { length: 120 }),
    issuedDate: date('issued_date'),
    clearanceDate: date('clearance_date'),
    status: varchar('status', { length: 20 }).notNull().default('issued'),
    purpose: text('purpose'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cheques_number_key').on(t.chequeNumber)],
);
