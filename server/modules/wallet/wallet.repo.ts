import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { transactions, users, walletBalances, withdrawalRequests } from '../../db/schema/index';
import { fromPaise, paiseOrThrow } from '../../../contracts/money';
import { insertRow, updateById } from '../../db/rows';
import { ownerColumns } from '../../db/owner-columns';

/** One wallet per user (docs/spec/decisions.md §6): created with the account's activation, idempotently. */
export async function ensureWallet(db: DbOrTx, userId: string) {
  await db.insert(walletBalances).values({ userId }).onConflictDoNothing({ target: walletBalances.userId });
}

/**
 * The wallet's debit as two CTEs, `w` and `led`, for one statement another module composes (commerce's wallet
 * purchase in one round trip): `w` takes the wallet row and moves the balance only when it covers the amount and
 * `guard` holds (shiftBalance's predicate); `led` writes the ledger row with the balance before and after from that
 * same update. The arguments are SQL expressions of the caller's statement, its parameters (`$2::numeric`); the
 * caller selects from `w` to write the rest only when the debit happened. So the wallet stays the only writer of
 * `wallet_balances` and `transactions` (tests/architecture/money-path.test.ts).
 */
export function walletDebitCtes(p: { userId: string; amount: string; at: string; type: string; description: string; referenceId: string; guard?: string }): string {
  return `w as (
    update wallet_balances set balance = balance - ${p.amount}, updated_at = ${p.at}
    where user_id = ${p.userId} and balance - ${p.amount} >= 0${p.guard ? `\n      and ${p.guard}` : ''}
    returning (balance + ${p.amount}) as before, balance as after
  ),
  led as (
    insert into transactions (user_id, type, amount, description, reference_id, balance_before, balance_after, created_at)
    select ${p.userId}, ${p.type}, -${p.amount}, ${p.description}, ${p.referenceId}, w.before, w.after, ${p.at} from w
  )`;
}

/**
 * The rows of `select` (a query with a `user_id` column) as a subquery that first locks their wallets in `user_id`
 * order. Every statement that moves several wallets takes them through it, so any two such statements (a posting
 * batch, coalesced purchases) lock in one global order and cannot deadlock. An UPDATE ... FROM alone locks in
 * whatever order its join plan reads the wallets (a hash join over a sequential scan: the table's physical order);
 * here the locking sits above the sort (PostgreSQL applies ORDER BY before FOR UPDATE), and the UPDATE then moves
 * rows this transaction already holds. CI once saw exactly that deadlock (40P01) between a posting batch and
 * coalesced wallet purchases.
 */
export function lockedInUserOrder(select: string, opts: { skipLocked?: boolean } = {}): string {
  return `(select s.* from (${select}) s join wallet_balances l on l.user_id = s.user_id order by s.user_id for no key update of l${opts.skipLocked ? ' skip locked' : ''})`;
}

/**
 * walletDebitCtes for many wallets in one statement (commerce's coalesced purchases): `input` names a CTE of the
 * caller's with one row per debit and the columns `key` (the caller's id of the debit), `user_id` (distinct within the
 * input: one UPDATE moves a row once), `amount`, `at`, `description` and `reference_id`; `guard` may use them through
 * the alias `i`. `w` returns `key`, `before` and `after` for each debit that happened; the others moved nothing and
 * wrote no ledger row. Each row is debited under the same predicate and lock as walletDebitCtes; the wallets are
 * locked in `user_id` order first (lockedInUserOrder), whatever order the input has.
 *
 * A wallet another transaction holds (a payout posting's batch holds thousands until it commits, about a second under
 * load) is skipped, not waited for: `held` has the input rows whose wallet this statement locked, and the caller sends
 * the others again on their own. Waiting, the whole statement waited for that one wallet, and every purchase in it
 * with it: during a posting under load nearly every batch held a paid member's wallet, and purchases waited seconds
 * (chaos bench, pg_stat_activity sampled through a posting under load: purchase statements seen waiting on a row lock
 * 81 times, running 8).
 */
export function walletDebitsCtes(p: { input: string; type: string; guard?: string }): string {
  return `held as materialized ${lockedInUserOrder(`select i.* from ${p.input} i`, { skipLocked: true })},
  w as (
    update wallet_balances b set balance = b.balance - i.amount, updated_at = i.at
    from held i
    where b.user_id = i.user_id and b.balance - i.amount >= 0${p.guard ? `\n      and ${p.guard}` : ''}
    returning i.key, (b.balance + i.amount) as before, b.balance as after
  ),
  led as (
    insert into transactions (user_id, type, amount, description, reference_id, balance_before, balance_after, created_at)
    select i.user_id, ${p.type}, -i.amount, i.description, i.reference_id, w.before, w.after, i.at
    from w join ${p.input} i on i.key = w.key
  )`;
}

export async function walletOf(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(walletBalances).where(eq(walletBalances.userId, userId)).limit(1);
  return row;
}

/**
 * Moves the balance by `amount` (signed) in one statement that also refuses to go below zero: the row
 * lock it takes orders concurrent movements of one wallet, and the answer carries the balance before
 * and after for the ledger row. Undefined when the balance does not cover a debit.
 */
export async function shiftBalance(db: DbOrTx, userId: string, amount: string, counters: { earnings?: string; withdrawals?: string } = {}): Promise<{ before: string; after: string } | undefined> {
  const rows = await rawRows<{ before: string; after: string }>(
    db,
    sql`update wallet_balances set
          balance = balance + ${amount}::numeric,
          total_earnings = total_earnings + ${counters.earnings ?? '0'}::numeric,
          total_withdrawals = total_withdrawals + ${counters.withdrawals ?? '0'}::numeric,
          updated_at = now()
        where user_id = ${userId}::uuid and balance + ${amount}::numeric >= 0
        returning (balance - ${amount}::numeric)::text as before, balance::text as after`,
  );
  return rows[0];
}

/** Counters that change without moving the balance (an approved withdrawal was already debited). */
export async function addWithdrawnTotal(db: DbOrTx, userId: string, amount: string) {
  await db
    .update(walletBalances)
    .set({ totalWithdrawals: sql`${walletBalances.totalWithdrawals} + ${amount}::numeric`, updatedAt: new Date() })
    .where(eq(walletBalances.userId, userId));
}

export async function insertLedgerRow(db: DbOrTx, values: typeof transactions.$inferInsert) {
  return insertRow(db, transactions, values);
}

/** Rows newer than the cursor's in ledger order: `seq` is unique, so it alone positions the page. */
const beforeSeq = (cursor?: { seq: number }) => (cursor ? sql`${transactions.seq} < ${cursor.seq}` : undefined);

/**
 * A member's statement, newest first in the order the ledger applied the rows (`seq`, index
 * transactions_user_seq_idx), so each row's balance_before is the balance_after of the row below it.
 * created_at is the request's clock and can disagree with that order when movements run concurrently.
 */
export async function ledgerPage(db: DbOrTx, userId: string, cursor: { seq: number } | undefined, limit: number) {
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), beforeSeq(cursor)))
    .orderBy(desc(transactions.seq))
    .limit(limit + 1);
}

/** The member's user ID, email or full name contains the search (none: every member). */
function searchMatches(search: string | undefined) {
  const term = search ? containsPattern(search) : undefined;
  return term ? or(ilike(users.userId, term), ilike(users.email, term), sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) ilike ${term}`) : undefined;
}

/** Every wallet's ledger rows, newest first by `seq` (transactions_seq_key; transactions_type_seq_idx with a type). */
export async function fundHistoryPage(db: DbOrTx, f: { search?: string; type?: string }, cursor: { seq: number } | undefined, limit: number) {
  return db
    .select({ t: transactions, ...ownerColumns })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(and(f.type ? eq(transactions.type, f.type) : undefined, searchMatches(f.search), beforeSeq(cursor)))
    .orderBy(desc(transactions.seq))
    .limit(limit + 1);
}

/** Largest balances first; the cursor is (balance, id) of the last row. */
export async function walletBalancesPage(db: DbOrTx, search: string | undefined, cursor: { at: string; id: string } | undefined, limit: number) {
  return db
    .select({ w: walletBalances, ...ownerColumns })
    .from(walletBalances)
    .innerJoin(users, eq(users.id, walletBalances.userId))
    .where(and(searchMatches(search), cursor ? sql`(${walletBalances.balance}, ${walletBalances.id}) < (${cursor.at}::numeric, ${cursor.id}::uuid)` : undefined))
    .orderBy(desc(walletBalances.balance), desc(walletBalances.id))
    .limit(limit + 1);
}

// ---- withdrawals ----
export type WithdrawalRow = typeof withdrawalRequests.$inferSelect;

export async function insertWithdrawal(db: DbOrTx, values: typeof withdrawalRequests.$inferInsert) {
  return insertRow(db, withdrawalRequests, values);
}

export async function withdrawalForUpdate(db: DbOrTx, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawalRequests).where(eq(withdrawalRequests.id, id)).for('update');
  return row;
}

export async function updateWithdrawal(db: DbOrTx, id: string, values: Partial<typeof withdrawalRequests.$inferInsert>) {
  return updateById(db, withdrawalRequests, id, values);
}

export async function withdrawalsOf(db: DbOrTx, userId: string) {
  return db.select().from(withdrawalRequests).where(eq(withdrawalRequests.userId, userId)).orderBy(desc(withdrawalRequests.createdAt)).limit(200);
}

export async function pendingWithdrawalTotal(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawalRequests.amount}), 0)::numeric(14,2)::text` })
    .from(withdrawalRequests)
    .where(and(eq(withdrawalRequests.userId, userId), eq(withdrawalRequests.status, 'pending')));
  return row.total;
}

export async function adminWithdrawals(db: DbOrTx, statuses: string[], limit: number) {
  return db
    .select({ w: withdrawalRequests, ...ownerColumns })
    .from(withdrawalRequests)
    .innerJoin(users, eq(users.id, withdrawalRequests.userId))
    .where(inArray(withdrawalRequests.status, statuses))
    .orderBy(desc(withdrawalRequests.createdAt), desc(withdrawalRequests.id))
    .limit(limit);
}

export interface LedgerBatchRow {
  userId: string;
  type: string;
  amount: string;
  description: string;
  referenceId: string | null;
  metadata: unknown;
  earnings: string;
}

/**
 * Many ledger rows of many wallets in two statements, four when a wallet is missing (the payout's posting): each
 * wallet's balance moves by the sum of its rows (refused for a wallet whose sum the balance does not cover: those
 * user ids come back), then the rows are inserted in the given order with their running balances. The UPDATE locks
 * the wallet rows first (in user order, lockedInUserOrder) and the INSERT draws `seq` after it, as `postLedger` does,
 * so per wallet seq order stays the order the balance changes were applied. Rows of one wallet are consecutive in
 * `rows`.
 */
export async function applyLedgerBatch(db: DbOrTx, rows: LedgerBatchRow[], now: Date): Promise<{ refused: string[] }> {
  if (!rows.length) return { refused: [] };
  // Exact sums in paise (bigint); a row whose amount is not one stops the batch.
  const totals = new Map<string, { amount: bigint; earnings: bigint }>();
  for (const r of rows) {
    const t = totals.get(r.userId) ?? { amount: 0n, earnings: 0n };
    t.amount += paiseOrThrow(r.amount);
    t.earnings += paiseOrThrow(r.earnings);
    totals.set(r.userId, t);
  }
  const users = [...totals.keys()].sort();
  const toText = fromPaise;
  const amounts = users.map((u) => toText(totals.get(u)!.amount));
  const earnings = users.map((u) => toText(totals.get(u)!.earnings));
  const move = (ids: string[], amount: string[], earned: string[]) =>
    rawRows<{ user_id: string; before: string }>(
      db,
      sql`
      with ledger_batch_totals as (
        select unnest(${sql.param(ids)}::uuid[]) as user_id, unnest(${sql.param(amount)}::numeric[]) as amount, unnest(${sql.param(earned)}::numeric[]) as earnings)
      update wallet_balances w set balance = w.balance + t.amount, total_earnings = w.total_earnings + t.earnings, updated_at = now()
      from ${sql.raw(lockedInUserOrder('select * from ledger_batch_totals'))} t
      where w.user_id = t.user_id and w.balance + t.amount >= 0
      returning w.user_id::text, (w.balance - t.amount)::text as before`,
    );
  const moved = await move(users, amounts, earnings);
  // A wallet that does not exist yet is made only when the update missed it: looking for every member's wallet
  // before the update cost a posting batch of 5,000 members 130 ms under load, to insert none. Those made here are
  // this transaction's own rows (no one else can lock them), and the missed ones that exist it locked already, so
  // the second update waits on nothing (short of a wallet another transaction made in between) and the lock order stays.
  if (moved.length < users.length) {
    const found = new Set(moved.map((m) => m.user_id));
    const missed = users.map((u, i) => ({ u, i })).filter(({ u }) => !found.has(u));
    await db.execute(sql`insert into wallet_balances (user_id) select unnest(${sql.param(missed.map((m) => m.u))}::uuid[]) on conflict (user_id) do nothing`);
    moved.push(
      ...(await move(
        missed.map((m) => m.u),
        missed.map((m) => amounts[m.i]),
        missed.map((m) => earnings[m.i]),
      )),
    );
  }
  const ok = new Set(moved.map((m) => m.user_id));
  const refused = users.filter((u) => !ok.has(u));
  if (refused.length) return { refused };
  const before = new Map(moved.map((m) => [m.user_id, m.before]));
  await db.execute(sql`
    insert into transactions (user_id, type, amount, description, reference_id, balance_before, balance_after, metadata, created_at)
    select r.user_id, r.type, r.amount, r.description, r.reference_id,
           b.before + sum(r.amount) over w - r.amount, b.before + sum(r.amount) over w, r.metadata, ${now.toISOString()}::timestamptz
    from unnest(${sql.param(rows.map((r) => r.userId))}::uuid[], ${sql.param(rows.map((r) => r.type))}::text[], ${sql.param(rows.map((r) => r.amount))}::numeric[],
                ${sql.param(rows.map((r) => r.description))}::text[], ${sql.param(rows.map((r) => r.referenceId))}::text[],
                ${sql.param(rows.map((r) => (r.metadata == null ? null : JSON.stringify(r.metadata))))}::jsonb[])
         with ordinality as r(user_id, type, amount, description, reference_id, metadata, ord)
    join unnest(${sql.param(users)}::uuid[], ${sql.param(users.map((u) => before.get(u)!))}::numeric[]) as b(user_id, before) on b.user_id = r.user_id
    window w as (partition by r.user_id order by r.ord)
    order by r.ord`);
  return { refused: [] };
}

/** Whether the member has had a withdrawal approved (the first one needs an admin other than the account's approver, issue 29). */
export async function hasApprovedWithdrawal(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: withdrawalRequests.id })
    .from(withdrawalRequests)
    .where(and(eq(withdrawalRequests.userId, userId), eq(withdrawalRequests.status, 'approved')))
    .limit(1);
  return Boolean(row);
}
