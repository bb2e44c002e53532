/** The member's side: posted payouts and lines, and the Income page's figures in one statement. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { preparedRows, rawRows, type DbOrTx } from '../../db/client';
import { compLines } from '../../db/schema/index';

/** A posted payout's money, as the member reads it (docs/spec/returns.md §5: recovery and carried TDS included). */
interface PayoutMoney {
  gross: string;
  admin_charge: string;
  tds: string;
  net: string;
  recovered: string;
  recovery: string;
  tds_carried: string;
}
/** A member's posted payout of one cycle, with the cycle's kind and dates. */
interface PayoutOfCycle extends PayoutMoney {
  cycle_id: string;
  kind: string;
  starts_at: Date;
  ends_at: Date;
  closed_at: Date | null;
}

export async function memberPayouts(db: DbOrTx, memberId: string) {
  return rawRows<PayoutOfCycle & { fy: number; posted_at: Date }>(
    db,
    sql`
    select c.id::text as cycle_id, c.kind, c.starts_at, c.ends_at, c.closed_at, p.gross::text, p.admin_charge::text, p.tds::text, p.net::text,
           p.recovered::text, p.recovery::text, p.tds_carried::text, p.fy, p.posted_at
    from comp_payouts p join comp_cycles c on c.id = p.cycle_id
    where p.member_id = ${memberId}::uuid and p.posted_at is not null order by c.starts_at desc, c.kind limit 200`,
  );
}
export async function memberLines(db: DbOrTx, memberId: string, cycleIds: string[]) {
  if (!cycleIds.length) return [];
  return db
    .select()
    .from(compLines)
    .where(and(eq(compLines.memberId, memberId), sql`${compLines.cycleId} = any(${sql.param(cycleIds)}::uuid[])`))
    .orderBy(asc(compLines.id));
}
/** Everything the member's Income page shows (it is the page members open most). */
export interface IncomeFigures {
  /** Dates as JSON gives them (text). */
  payouts: (PayoutMoney & { cycle_id: string; kind: string; starts_at: string; ends_at: string; closed_at: string | null; fy: number; posted_at: string })[];
  carry: { carry_left: string; carry_right: string; paired_ever: boolean } | null;
  open: { id: string; starts_at: string; ends_at: string } | null;
  /** config is null when the caller already holds that version's parsed config. */
  plan: { id: string; version: number; config: unknown } | null;
  legs: { left_bv: string; right_bv: string } | null;
  pools: { type: string; amount: string | null; period_date: string | null }[];
}
/** From this many rows in each of comp_payouts, comp_carry and leg_volumes (the planner's own count) the Income statement is prepared. */
export const INCOME_PREPARED_FROM_ROWS = 10_000;
/** How long a process trusts its last look at those tables' size. */
const SIZE_LOOK_MS = 60_000;
const sizes = new WeakMap<object, { large: boolean; at: number }>();

/**
 * Whether the tables that grow in bulk (comp_payouts and comp_carry at a calculation, leg_volumes from a cycle's close
 * on) are large enough for the Income statement's generic plan to be safe: each at least INCOME_PREPARED_FROM_ROWS by
 * pg_class.reltuples (-1, never analyzed, counts as small). Looked at once a minute per database; on PGlite statements
 * are not prepared anyway.
 */
async function growingTablesLarge(db: DbOrTx): Promise<boolean> {
  const seen = sizes.get(db);
  if (seen && Date.now() - seen.at < SIZE_LOOK_MS) return seen.large;
  const [row] = await rawRows<{ n: number | null }>(
    db,
    sql`select least((select reltuples from pg_class where oid = 'comp_payouts'::regclass),
                     (select reltuples from pg_class where oid = 'comp_carry'::regclass),
                     (select reltuples from pg_class where oid = 'leg_volumes'::regclass))::float8 as n`,
  );
  const large = Number(row?.n ?? -1) >= INCOME_PREPARED_FROM_ROWS;
  sizes.set(db, { large, at: Date.now() });
  return large;
}

export async function incomeFigures(db: DbOrTx, memberId: string, knownPlanIds: string[] = []): Promise<IncomeFigures> {
  // Every Income page opens with it, in two statements. A connection keeps a prepared statement's generic plan for
  // good (until the tables are analyzed again), and one made while a table held a few rows scans the whole table for
  // each member once it is large: made while comp_payouts held 6 rows, during the first calculation at a million
  // members (300,000 payouts being written) each page read 4,400-4,900 buffers; made while leg_volumes was empty, from
  // the close on (the applier hands each member's legs of the closed cycle over to it, 37,000 rows within a minute)
  // each page read 500 buffers and grew with the table: 4.4 ms a page and half a core at 200 pages a second, all
  // payday long (auto_explain on the chaos bench). So the part that reads those three tables is planned at every call
  // while they are small, and prepared once they are large, when every plan the planner can make reads them by
  // member; the rest (the open cycle, its plan, the member's own figures and the pools) reads nothing that grows in
  // bulk and is always prepared. Planned whole at every call the page cost 1.3-1.9 ms of planning on a slow machine,
  // more than running it.
  const member = sql`
    with o as (select id from comp_cycles where kind = 'pairing' and status = 'open' limit 1)
    select
      coalesce((select json_agg(x) from (
        select c.id::text as cycle_id, c.kind, c.starts_at, c.ends_at, c.closed_at, p.gross::text as gross, p.admin_charge::text as admin_charge,
               p.tds::text as tds, p.net::text as net, p.recovered::text as recovered, p.recovery::text as recovery, p.tds_carried::text as tds_carried, p.fy, p.posted_at
        from comp_payouts p join comp_cycles c on c.id = p.cycle_id
        where p.member_id = ${memberId}::uuid and p.posted_at is not null order by c.starts_at desc, c.kind limit 200) x), '[]'::json) as payouts,
      (select row_to_json(k) from (
        select k.carry_left::text as carry_left, k.carry_right::text as carry_right, k.paired_ever
        from (select id from comp_cycles where kind = 'pairing' and status = 'posted' order by starts_at desc limit 1) c
        join comp_carry k on k.cycle_id = c.id and k.member_id = ${memberId}::uuid) k) as carry,
      (select row_to_json(l) from (
        select sum(x.l)::numeric(14,2)::text as left_bv, sum(x.r)::numeric(14,2)::text as right_bv from (
          select v.left_bv as l, v.right_bv as r from leg_volumes v, o where v.cycle_id = o.id and v.member_id = ${memberId}::uuid
          union all
          select m.pairing_left, m.pairing_right from member_volume m, o where m.member_id = ${memberId}::uuid and m.pairing_cycle_id = o.id) x
        having count(*) > 0) l) as legs,
      (select id::text from o) as legs_cycle`;
  const open = sql`
    with o as (select id, starts_at, ends_at from comp_cycles where kind = 'pairing' and status = 'open' limit 1)
    select
      (select row_to_json(o) from o) as open,
      (select row_to_json(pl) from (
        select p.id::text as id, p.version, case when p.id = any(${sql.param(knownPlanIds)}::uuid[]) then null else p.config end as config from comp_plans p, o
        where p.status <> 'draft' and p.effective_from <= o.starts_at order by p.effective_from desc, p.version desc limit 1) pl) as plan,
      coalesce((select json_agg(a) from (
        select achievement_type as type, amount::text as amount, period_date::text as period_date from achievers
        where user_id = ${memberId}::uuid and period = 'monthly' order by period_date desc limit 50) a), '[]'::json) as pools`;
  type Grown = Pick<IncomeFigures, 'payouts' | 'carry' | 'legs'>;
  const large = await growingTablesLarge(db);
  // The two statements see the open cycle each in its own snapshot: a cycle closed between them is read again, once,
  // so the legs shown are the open cycle's (a second miss, a close at each read, shows none).
  for (let tries = 1; ; tries++) {
    const [[p], [o]] = await Promise.all([
      large ? preparedRows<Grown & { legs_cycle: string | null }>(db, 'comp_income_member', member) : rawRows<Grown & { legs_cycle: string | null }>(db, member),
      preparedRows<Omit<IncomeFigures, keyof Grown>>(db, 'comp_income_open', open),
    ]);
    const { legs_cycle: legsCycle, ...grown } = p;
    if (legsCycle === (o.open?.id ?? null)) return { ...grown, ...o };
    if (tries >= 2) return { ...grown, legs: null, ...o };
  }
}

/** A posted payout of the member's statement; `starts_key` is the cycle's start as PostgreSQL wrote it (the keyset). */
export interface StatementPayout extends PayoutOfCycle {
  starts_key: string;
}
/** One page of the member's posted payouts of a financial year, oldest cycle first (then kind, z to a), after `after`. */
export async function statementPayoutsPage(db: DbOrTx, memberId: string, fy: number, after: { startsKey: string; kind: string } | undefined, limit: number) {
  return rawRows<StatementPayout>(
    db,
    sql`
    select c.id::text as cycle_id, c.kind, c.starts_at, c.starts_at::text as starts_key, c.ends_at, c.closed_at,
           p.gross::text as gross, p.admin_charge::text as admin_charge, p.tds::text as tds, p.net::text as net,
           p.recovered::text as recovered, p.recovery::text as recovery, p.tds_carried::text as tds_carried
    from comp_payouts p join comp_cycles c on c.id = p.cycle_id
    where p.member_id = ${memberId}::uuid and p.fy = ${fy} and p.posted_at is not null
      ${after ? sql`and (c.starts_at > ${after.startsKey}::timestamptz or (c.starts_at = ${after.startsKey}::timestamptz and c.kind < ${after.kind}))` : sql``}
    order by c.starts_at, c.kind desc limit ${limit}`,
  );
}
