import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { users, kycDocuments, withdrawalRequests, franchiseRequests, supportTickets, pendingRecruits, compCycles } from '../../db/schema/index';
import { salesTotals } from '../charts';
import { LOCKS } from '../../db/locks';

const count = sql<number>`count(*)::int`;

/** Advisory lock key of the tally fold (the tree engine uses 72830001). */
/** Changes waiting before a read folds them into the totals. */
const FOLD_AFTER = 200;

interface Tally {
  isAdmin: boolean;
  status: string;
  kycStatus: string;
  isFree: boolean;
  n: number;
}

/**
 * Users per (admin or not, status, KYC status, free or paid): the folded totals plus the changes the
 * users trigger appended since, in one statement (one snapshot, so a concurrent fold is seen whole or
 * not at all). Migration 0011 keeps them; user_tallies_rebuild() recounts from the users table.
 */
async function readTallies(db: DbOrTx): Promise<{ tallies: Tally[]; pending: number }> {
  const rows = await rawRows<{ is_admin: boolean; status: string; kyc_status: string; is_free: boolean; n: string; pending: string }>(
    db,
    sql`
    select is_admin, status, kyc_status, is_free, sum(n)::text as n, sum(pending)::text as pending from (
      select is_admin, status, kyc_status, is_free, n, 0 as pending from user_tallies
      union all
      select is_admin, status, kyc_status, is_free, delta, 1 from user_tally_changes
    ) t group by 1, 2, 3, 4`,
  );
  return {
    tallies: rows.map((r) => ({ isAdmin: r.is_admin, status: r.status, kycStatus: r.kyc_status, isFree: r.is_free, n: Number(r.n) })),
    pending: rows.reduce((a, r) => a + Number(r.pending), 0),
  };
}

/** Moves the appended changes into the totals; one fold at a time (another caller skips), totals updated in key order. */
export async function foldUserTallies(db: DbOrTx) {
  await db.transaction(async (tx) => {
    const [{ locked }] = await rawRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${LOCKS.tallyFold}) as locked`);
    if (!locked) return;
    await tx.execute(sql`
      with moved as (delete from user_tally_changes returning is_admin, status, kyc_status, is_free, delta),
      sums as (select is_admin, status, kyc_status, is_free, sum(delta)::bigint as n from moved group by 1, 2, 3, 4)
      insert into user_tallies as t (is_admin, status, kyc_status, is_free, n)
      select is_admin, status, kyc_status, is_free, n from sums order by 1, 2, 3, 4
      on conflict (is_admin, status, kyc_status, is_free) do update set n = t.n + excluded.n`);
  });
}

/** The non-admin totals as a counting function; folds the changes afterwards once enough have piled up. */
async function memberTallies(db: DbOrTx, { tallies, pending }: { tallies: Tally[]; pending: number }) {
  if (pending >= FOLD_AFTER) await foldUserTallies(db);
  const members = tallies.filter((t) => !t.isAdmin);
  return (match: (t: Tally) => boolean = () => true) => members.filter(match).reduce((a, t) => a + t.n, 0);
}

export async function adminCounts(db: DbOrTx, monthStart: Date) {
  const [read, [kyc], [wd], [bv], [paid], [fr], [tickets], [recruits]] = await Promise.all([
    readTallies(db),
    db
      .select({ n: sql<number>`count(distinct ${kycDocuments.userId})::int` })
      .from(kycDocuments)
      .where(eq(kycDocuments.status, 'pending')),
    db.select({ n: count }).from(withdrawalRequests).where(eq(withdrawalRequests.status, 'pending')),
    // From the sales' quarter-hour sums (charts.repo), not a sum over every purchase ever made.
    salesTotals(db, monthStart).then((t) => [{ totalBV: t.bv, monthlySales: t.amountSince }]),
    // Income paid: the net of every cycle posted this month. A cycle is posted once all its payouts are, so its
    // summary's net is the sum of its posted payouts' net (a few rows per month, not one per member).
    db
      .select({ net: sql<string>`coalesce(sum((${compCycles.summary}->>'net')::numeric), 0)::numeric(14,2)::text` })
      .from(compCycles)
      .where(and(eq(compCycles.status, 'posted'), gte(compCycles.postedAt, monthStart))),
    db.select({ n: count }).from(franchiseRequests).where(eq(franchiseRequests.status, 'pending')),
    db
      .select({ n: count })
      .from(supportTickets)
      .where(sql`${supportTickets.status} in ('open', 'in_progress')`),
    db.select({ n: count }).from(pendingRecruits).where(eq(pendingRecruits.status, 'awaiting_admin')),
  ]);
  const tally = await memberTallies(db, read);
  return {
    totalUsers: tally(),
    activeUsers: tally((t) => t.status === 'active'),
    pendingKYC: kyc.n,
    withdrawalRequests: wd.n,
    totalBV: bv.totalBV,
    monthlyIncome: paid.net,
    monthlySales: bv.monthlySales,
    franchiseRequests: fr.n,
    openTickets: tickets.n,
    recruitsAwaitingAdmin: recruits.n,
  };
}

export async function userCounts(db: DbOrTx, todayStart: Date) {
  const [read, [today]] = await Promise.all([
    readTallies(db),
    db
      .select({ n: count })
      .from(users)
      .where(and(ne(users.role, 'admin'), gte(users.activationDate, todayStart))),
  ]);
  const tally = await memberTallies(db, read);
  const byStatus = (status: string) => tally((t) => t.status === status);
  const byKyc = (kyc: string) => tally((t) => t.kycStatus === kyc);
  return {
    total: tally(),
    active: byStatus('active'),
    pending: byStatus('pending'),
    inactive: byStatus('inactive'),
    invited: byStatus('invited'),
    kycApproved: byKyc('approved'),
    kycPending: byKyc('pending'),
    kycRejected: byKyc('rejected'),
    free: tally((t) => t.isFree),
    activatedToday: today.n,
  };
}
