/**
 * The annual income disclosure's figures (Consumer Protection (Direct Selling) Rules, 2021): members' income of a
 * financial year from the posted payouts, its distribution and its average by rank, each in one statement.
 */
import { sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { placementIn } from '../tree';

/**
 * Every member placed on or before the year's end (`end`, exclusive) with their income of the year: the gross of
 * their posted payouts counted in financial year `fy`, and what reached the wallet (net). A member paid in the year
 * is placed, so none is missed.
 */
const membersOfYear = (fy: number, end: Date) => {
  const u = placementIn('u');
  return sql`
    with paid as (
      select p.member_id, sum(p.gross) as gross, sum(p.net) as net
      from comp_payouts p where p.fy = ${fy} and p.posted_at is not null group by p.member_id
    ), members as (
      select u.current_rank as rank, coalesce(paid.gross, 0) as income, coalesce(paid.net, 0) as net
      from users u left join paid on paid.member_id = u.id
      where ${u.placedAt} < ${end.toISOString()}::timestamptz or paid.member_id is not null
    )`;
};

export interface YearFigures {
  members: number;
  earners: number;
  total_income: string;
  total_paid: string;
  average: string;
  p25: string;
  p50: string;
  p75: string;
  p90: string;
  p99: string;
}

/** percentile_cont interpolates in double precision; each figure is rounded to the paisa. */
const pct = (f: number) => sql.raw(`coalesce(round((percentile_cont(${f}) within group (order by income::float8))::numeric, 2), 0)::text`);

export async function yearFigures(db: DbOrTx, fy: number, end: Date): Promise<YearFigures> {
  const [row] = await rawRows<YearFigures>(
    db,
    sql`${membersOfYear(fy, end)}
    select count(*)::int as members, count(*) filter (where income > 0)::int as earners,
           coalesce(sum(income), 0)::text as total_income, coalesce(sum(net), 0)::text as total_paid,
           coalesce(round(avg(income), 2), 0)::text as average,
           ${pct(0.25)} as p25, ${pct(0.5)} as p50, ${pct(0.75)} as p75, ${pct(0.9)} as p90, ${pct(0.99)} as p99
    from members`,
  );
  return row;
}

export async function incomeByRank(db: DbOrTx, fy: number, end: Date) {
  return rawRows<{ rank: string; members: number; earners: number; average: string }>(
    db,
    sql`${membersOfYear(fy, end)}
    select rank, count(*)::int as members, count(*) filter (where income > 0)::int as earners, round(avg(income), 2)::text as average
    from members group by rank`,
  );
}

/** The posted cycles (either kind) that ended within [start, end): the cycles whose payouts count in that year. */
export async function postedCyclesBetween(db: DbOrTx, start: Date, end: Date) {
  const [row] = await rawRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from comp_cycles c where c.status = 'posted'
      and coalesce(c.closed_at, c.ends_at) > ${start.toISOString()}::timestamptz and coalesce(c.closed_at, c.ends_at) <= ${end.toISOString()}::timestamptz`,
  );
  return row.n;
}

/** Changes whenever a cycle is posted: the cached disclosure is computed again only then (or once an hour). */
export async function postedStamp(db: DbOrTx) {
  const [row] = await rawRows<{ stamp: string }>(db, sql`select count(*)::text || ':' || coalesce(max(c.posted_at)::text, '') as stamp from comp_cycles c where c.status = 'posted'`);
  return row.stamp;
}
