import { sql, type SQL } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { placementIn } from '../tree';

/*
 * The dashboards' charts (issue 15). Every query reads a bounded range through an index or a handful of small rows:
 * joinings from users_registration_cover_idx (index-only), sales from their quarter-hour sums (sales_slots, migration
 * 0040), withdrawals from withdrawal_requests_status_idx (one range per status), income from comp_cycles'
 * summaries, a member's legs and payouts by primary key or comp_payouts_member_idx. Days, weeks and months are buckets
 * whose starts the service computes in the viewer's time zone (DST included): width_bucket is a binary search per row,
 * a third of the cost of converting every row's time to the zone.
 */

/** The buckets' starts as a timestamptz[] parameter; width_bucket answers 1 for the first bucket, n for the last. */
const starts = (bounds: Date[]) => sql`${sql.param(bounds.map((b) => b.toISOString()))}::timestamptz[]`;

export async function joiningsPerDay(db: DbOrTx, bounds: Date[]) {
  return rawRows<{ bucket: number; n: number }>(
    db,
    sql`
    select width_bucket(registration_date, ${starts(bounds)}) as bucket, count(*)::int as n
    from users where registration_date >= ${bounds[0].toISOString()}::timestamptz and role <> 'admin'
    group by 1`,
  );
}

/** The width of a sales_slots row; every time zone's days start on one of its boundaries. */
export const SALES_SLOT_MS = 15 * 60_000;
const SLOT_ORIGIN = sql`timestamptz '2000-01-01 00:00:00+00'`;

const onQuarterHour = (at: Date) => at.getTime() % SALES_SLOT_MS === 0;

/**
 * Completed sales as rows (at, orders, amount, bv), from an instant on when one is given: the quarter-hour sums of
 * purchases whose journal entry is applied (sales_slots), plus the completed purchases whose entry is still pending (a
 * few seconds' worth, through the journal's pending index). Both are read in one snapshot, and a purchase moves from
 * the second to the first in the transaction that applies its entry, so every completed purchase counts exactly once.
 * `fromSlots` false reads the purchases themselves: for instants off the quarter hours (no zone has such days now).
 */
function completedSales(from: Date | null, fromSlots: boolean) {
  const since = (col: SQL) => (from ? sql`and ${col} >= ${from.toISOString()}::timestamptz` : sql``);
  if (!fromSlots) {
    return sql`select created_at as at, 1 as orders, total_amount as amount, total_bv as bv
               from purchases where payment_status = 'completed' ${since(sql`created_at`)}`;
  }
  return sql`select slot as at, orders, amount, bv from sales_slots where true ${since(sql`slot`)}
             union all
             select p.created_at, 1, p.total_amount, p.total_bv
             from volume_events v join purchases p on p.id = v.purchase_id
             where v.kind = 'purchase' and v.applied_at is null and p.payment_status = 'completed' ${since(sql`p.created_at`)}`;
}

/** Completed sales per bucket (completedSales). */
export async function salesPerDay(db: DbOrTx, bounds: Date[]) {
  return rawRows<{ bucket: number; orders: number; amount: string; bv: string }>(
    db,
    sql`
    with s as (${completedSales(bounds[0], bounds.every(onQuarterHour))})
    select width_bucket(at, ${starts(bounds)}) as bucket, sum(orders)::int as orders,
           sum(amount)::numeric(16,2)::text as amount, sum(bv)::numeric(16,2)::text as bv
    from s group by 1`,
  );
}

/** All completed sales (amount and BV), and the amount since an instant (completedSales). */
export async function salesTotals(db: DbOrTx, since: Date) {
  const [row] = await rawRows<{ amount: string; bv: string; amount_since: string }>(
    db,
    sql`
    with s as (${completedSales(null, onQuarterHour(since))})
    select coalesce(sum(amount), 0)::text as amount, coalesce(sum(bv), 0)::text as bv,
           coalesce(sum(amount) filter (where at >= ${since.toISOString()}::timestamptz), 0)::text as amount_since
    from s`,
  );
  return { amount: row.amount, bv: row.bv, amountSince: row.amount_since };
}

/** The applier, in the batch that applies these purchases' journal entries: their sales into their quarter hours. */
export async function addToSalesSlots(db: DbOrTx, purchaseIds: string[]) {
  if (!purchaseIds.length) return;
  await db.execute(sql`
    insert into sales_slots (slot, orders, amount, bv)
    select date_bin('15 minutes', p.created_at, ${SLOT_ORIGIN}), count(*), sum(p.total_amount), sum(p.total_bv)
    from purchases p where p.id = any(${sql.param(purchaseIds)}::uuid[]) and p.payment_status = 'completed'
    group by 1
    on conflict (slot) do update set
      orders = sales_slots.orders + excluded.orders, amount = sales_slots.amount + excluded.amount, bv = sales_slots.bv + excluded.bv`);
}

export async function withdrawalsPerWeek(db: DbOrTx, bounds: Date[]) {
  return rawRows<{ bucket: number; n: number; requested: string; approved: string }>(
    db,
    sql`
    select width_bucket(created_at, ${starts(bounds)}) as bucket, count(*)::int as n,
           sum(amount)::numeric(16,2)::text as requested,
           coalesce(sum(amount) filter (where status = 'approved'), 0)::numeric(16,2)::text as approved
    from withdrawal_requests
    where status in ('pending', 'approved', 'rejected') and created_at >= ${bounds[0].toISOString()}::timestamptz
    group by 1`,
  );
}

export interface CyclePaidRow {
  id: string;
  kind: string;
  starts_at: Date | string;
  ends_at: Date | string;
  gross: string;
  net: string;
}

/** The last posted cycles (both kinds) with the gross and net their calculation summed. */
export async function paidCycles(db: DbOrTx, limit: number) {
  return rawRows<CyclePaidRow>(
    db,
    sql`
    select id::text as id, kind, starts_at, ends_at,
           coalesce((summary->>'gross')::numeric, 0)::numeric(16,2)::text as gross, coalesce((summary->>'net')::numeric, 0)::numeric(16,2)::text as net
    from comp_cycles where status = 'posted' order by ends_at desc limit ${limit}`,
  );
}

/** One member's payout in each of their last posted cycles. */
export async function memberPayouts(db: DbOrTx, memberId: string, limit: number) {
  return rawRows<CyclePaidRow>(
    db,
    sql`
    select c.id::text as id, c.kind, c.starts_at, c.ends_at, p.gross::text as gross, p.net::text as net
    from comp_payouts p join comp_cycles c on c.id = p.cycle_id
    where p.member_id = ${memberId} and p.posted_at is not null
    order by c.ends_at desc limit ${limit}`,
  );
}

/**
 * The BV added to each of a member's legs in the last pairing cycles: a cycle's legs are its leg_volumes row plus
 * member_volume's figures while the row still names that cycle (schema/volume.ts), each read by primary key.
 */
export async function memberCycleLegs(db: DbOrTx, memberId: string, limit: number) {
  return rawRows<{ id: string; starts_at: Date | string; ends_at: Date | string; status: string; left_bv: string; right_bv: string }>(
    db,
    sql`
    with c as (select id, starts_at, ends_at, status from comp_cycles where kind = 'pairing' order by starts_at desc limit ${limit})
    select c.id::text as id, c.starts_at, c.ends_at, c.status,
           (coalesce(v.left_bv, 0) + case when mv.pairing_cycle_id = c.id then mv.pairing_left else 0 end)::numeric(16,2)::text as left_bv,
           (coalesce(v.right_bv, 0) + case when mv.pairing_cycle_id = c.id then mv.pairing_right else 0 end)::numeric(16,2)::text as right_bv
    from c
    left join leg_volumes v on v.cycle_id = c.id and v.member_id = ${memberId}
    left join member_volume mv on mv.member_id = ${memberId}
    order by c.starts_at`,
  );
}

/**
 * The member's direct recruits per month (users_sponsor_idx) and the team's counters (member_volume). A direct recruit
 * is one placed in the tree, as in Team › Direct Recruits and member_volume.total_directs (issue 30: a recruit still
 * awaiting placement counted here only, "5 recruited" beside a list of 4).
 */
export async function memberTeam(db: DbOrTx, memberId: string, bounds: Date[]) {
  const [months, [team]] = await Promise.all([
    rawRows<{ bucket: number; n: number }>(
      db,
      sql`
      select width_bucket(registration_date, ${starts(bounds)}) as bucket, count(*)::int as n
      from users where sponsor_id = ${memberId} and ${placementIn().placedAt} is not null and registration_date >= ${bounds[0].toISOString()}::timestamptz
      group by 1`,
    ),
    rawRows<{ left_count: number; right_count: number; total_directs: number }>(
      db,
      sql`
      select left_count, right_count, total_directs from member_volume where member_id = ${memberId}`,
    ),
  ]);
  return { months, team: team ?? { left_count: 0, right_count: 0, total_directs: 0 } };
}
