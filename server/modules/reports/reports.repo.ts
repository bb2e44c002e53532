import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { users, withdrawalRequests } from '../../db/schema/index';

export async function approvedWithdrawals(db: DbOrTx, limit: number) {
  const [totals, items] = await Promise.all([
    db
      .select({ currency: withdrawalRequests.currency, count: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${withdrawalRequests.amount}), 0)::text` })
      .from(withdrawalRequests)
      .where(eq(withdrawalRequests.status, 'approved'))
      .groupBy(withdrawalRequests.currency),
    db
      .select({ w: withdrawalRequests, userUserId: users.userId, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(withdrawalRequests)
      .innerJoin(users, eq(users.id, withdrawalRequests.userId))
      .where(eq(withdrawalRequests.status, 'approved'))
      .orderBy(desc(withdrawalRequests.processedAt), desc(withdrawalRequests.id))
      .limit(limit),
  ]);
  return { totals, items };
}

/** A report's totals (how many rows, their amount and how many members) and its rows, read together. */
async function totalsAndRows<Row>(db: DbOrTx, totals: SQL, rows: SQL) {
  const [sums, items] = await Promise.all([rawRows<{ count: number; amount: string; members: number }>(db, totals), rawRows<Row>(db, rows)]);
  return { totals: sums[0], items };
}

interface MemberCols {
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
}

export interface PostedLineRow extends MemberCols {
  id: string;
  amount: string;
  plan_version: number;
  explanation: unknown;
  cycle_id: string;
  kind: string;
  starts_at: Date | string;
  ends_at: Date | string;
  posted_at: Date | string | null;
}

/**
 * Income lines of the given ledger types in posted pairing and monthly cycles (the Direct Income report reads
 * sponsor_income): last posted cycle first, the largest line first within a cycle; totals over all of them.
 */
export async function postedLines(db: DbOrTx, types: string[], limit: number) {
  return totalsAndRows<PostedLineRow>(
    db,
    sql`
      select count(*)::int as count, coalesce(sum(l.amount), 0)::numeric(14,2)::text as amount, count(distinct l.member_id)::int as members
      from comp_lines l join comp_cycles c on c.id = l.cycle_id
      where c.status = 'posted' and l.type = any(${sql.param(types)}::text[])`,
    sql`
      select l.id::text, l.amount::text, l.plan_version, l.explanation, c.id::text as cycle_id, c.kind, c.starts_at, c.ends_at, c.posted_at,
             u.user_id, u.first_name, u.last_name, u.email
      from comp_cycles c
      join comp_lines l on l.cycle_id = c.id and l.type = any(${sql.param(types)}::text[])
      join users u on u.id = l.member_id
      where c.status = 'posted'
      order by c.posted_at desc nulls last, c.starts_at desc, l.amount desc, u.user_id
      limit ${limit}`,
  );
}

export interface PostedCycleRow {
  id: string;
  kind: string;
  starts_at: Date | string;
  ends_at: Date | string;
  posted_at: Date | string | null;
  gross: string;
  admin_charge: string;
  tds: string;
  net: string;
  members_paid: number;
  recovered: string;
  tds_carried: string;
}

/** Posted cycles with their payouts summed (gross, admin charge, TDS, net, members with a net above zero), last posted first. */
export async function postedCycles(db: DbOrTx, limit: number) {
  const [totals, items] = await Promise.all([
    rawRows<{ cycles: number; gross: string; admin_charge: string; tds: string; net: string; members_paid: number; recovered: string }>(
      db,
      sql`
      select count(distinct c.id)::int as cycles, coalesce(sum(p.gross), 0)::numeric(14,2)::text as gross,
             coalesce(sum(p.admin_charge), 0)::numeric(14,2)::text as admin_charge, coalesce(sum(p.tds), 0)::numeric(14,2)::text as tds,
             coalesce(sum(p.net), 0)::numeric(14,2)::text as net, count(distinct p.member_id) filter (where p.net > 0)::int as members_paid,
             coalesce(sum(p.recovered), 0)::numeric(14,2)::text as recovered
      from comp_cycles c left join comp_payouts p on p.cycle_id = c.id
      where c.status = 'posted'`,
    ),
    rawRows<PostedCycleRow>(
      db,
      sql`
      select c.id::text, c.kind, c.starts_at, c.ends_at, c.posted_at,
             coalesce(sum(p.gross), 0)::numeric(14,2)::text as gross, coalesce(sum(p.admin_charge), 0)::numeric(14,2)::text as admin_charge,
             coalesce(sum(p.tds), 0)::numeric(14,2)::text as tds, coalesce(sum(p.net), 0)::numeric(14,2)::text as net,
             (count(*) filter (where p.net > 0))::int as members_paid,
             coalesce(sum(p.recovered), 0)::numeric(14,2)::text as recovered, coalesce(sum(p.tds_carried), 0)::numeric(14,2)::text as tds_carried
      from comp_cycles c left join comp_payouts p on p.cycle_id = c.id
      where c.status = 'posted'
      group by c.id
      order by c.posted_at desc nulls last, c.starts_at desc
      limit ${limit}`,
    ),
  ]);
  return { totals: totals[0], items };
}

export interface AwardRow extends MemberCols {
  id: string;
  period_date: string | null;
  position: number | null;
  amount: string | null;
  metadata: unknown;
}

/** Pool awards (achievers rows, written when a monthly cycle is posted) of the given types: newest month first, by place. */
export async function poolAwards(db: DbOrTx, types: string[], limit: number) {
  return totalsAndRows<AwardRow>(
    db,
    sql`
      select count(*)::int as count, coalesce(sum(a.amount), 0)::numeric(14,2)::text as amount, count(distinct a.user_id)::int as members
      from achievers a where a.achievement_type = any(${sql.param(types)}::text[])`,
    sql`
      select a.id::text, a.period_date::text as period_date, a.position, a.amount::text as amount, a.metadata, u.user_id, u.first_name, u.last_name, u.email
      from achievers a join users u on u.id = a.user_id
      where a.achievement_type = any(${sql.param(types)}::text[])
      order by a.period_date desc nulls last, a.position nulls last, u.user_id
      limit ${limit}`,
  );
}
