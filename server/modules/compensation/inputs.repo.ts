/**
 * What a calculation reads (docs/spec/compensation.md §1, §2): the members' snapshot and what changed after the close,
 * the cycle's legs, the previous carry, purchases and sales, ranks, the year-to-date totals and approved PANs.
 */
import { sql } from 'drizzle-orm';
import { postgresPoolMax, rawRows, type Db, type DbOrTx } from '../../db/client';
import { copyOut, copyOutRows, type CopyRow } from '../../db/copy';
import { cycleLegsSql } from '../volume';
import { placementIn, placementNamesIn } from '../tree';
import { kycStateNamesIn } from '../kyc';
import { fromPaise, paiseOrThrow } from '../../../contracts/money';

export interface MemberSnapRow {
  id: string;
  user_id: string;
  parent_id: string | null;
  position: string | null;
  sponsor_id: string | null;
  role: string;
  status: string;
  total_bv: string;
  current_rank: string | null;
  first_name: string | null;
  last_name: string | null;
}
export const snapshotMembers = (db: DbOrTx) => {
  const t = placementIn();
  return rawRows<MemberSnapRow>(
    db,
    sql`select id::text, user_id, ${t.parentId}::text, ${t.position}, sponsor_id::text, role, status, v.total_bv::text, current_rank, first_name, last_name
                                 from users u join member_volume v on v.member_id = u.id where ${t.placedAt} is not null or role <> 'admin' order by u.id`,
  );
};
// Ordered by id: a member's index in the run's table is then its place in member-id order, the order the
// results are written in (a sort of uuids here costs less than sorting their text in the process).
const snapshotSql = (t = placementNamesIn()) => `select u.id::text, user_id, ${t.parentId}::text, ${t.position}, sponsor_id::text, role, status, v.total_bv::text, current_rank
                      from users u join member_volume v on v.member_id = u.id where ${t.placedAt} is not null or role <> 'admin' order by u.id`;
/**
 * Runs `read`'s statements against one snapshot of the database. On PostgreSQL (`pool` a pool) in a REPEATABLE READ,
 * READ ONLY transaction of its own: the members' COPY and the journal's corrections then agree, whatever the applier
 * commits between them (at READ COMMITTED a purchase applied between the two was in a member's BV and not taken back).
 * On the embedded database (one session) in `tx`, where nothing else runs meanwhile; so too with a pool of one
 * connection, which `tx` holds (at READ COMMITTED then, as before).
 */
export async function inOneSnapshot<T>(pool: Db, tx: DbOrTx, read: (db: DbOrTx) => Promise<T>): Promise<T> {
  if (postgresPoolMax(pool) < 2) return read(tx);
  return pool.transaction((snap) => read(snap), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
/** The snapshot through COPY (PostgreSQL): cells in the order of snapshotMembers' columns, without names. */
export const copySnapshot = (db: DbOrTx, onRow: (row: CopyRow) => void) => copyOutRows(db, snapshotSql(), onRow);
export const namesOf = (db: DbOrTx, ids: string[]) =>
  ids.length
    ? rawRows<{ id: string; user_id: string; first_name: string | null; last_name: string | null }>(
        db,
        sql`select id::text, user_id, first_name, last_name from users where id = any(${sql.param(ids)}::uuid[])`,
      )
    : Promise.resolve([]);
/**
 * What changed in the members' snapshot figures at or after an instant (a cycle's close), from the volume
 * journal: the first status change of each member (its direction tells the status before it: a member
 * whose first later change is a deactivation was active) and the personal BV of purchases applied since (not those
 * settled without being applied: they added none, ADR 0029).
 */
export async function changesSince(db: DbOrTx, at: Date) {
  const since = at.toISOString();
  const firsts = await rawRows<{ member_id: string; d_active: number }>(
    db,
    sql`
    select distinct on (member_id) member_id::text, d_active from volume_events
    where kind = 'activity' and occurred_at >= ${since}::timestamptz order by member_id, occurred_at, id`,
  );
  const bought = await rawRows<{ member_id: string; bv: string }>(
    db,
    sql`
    select member_id::text, sum(bv)::text as bv from volume_events
    where kind in ('purchase', 'reversal') and applied_at is not null and settled_at is null and occurred_at >= ${since}::timestamptz group by 1`,
  );
  return {
    active: new Map(firsts.map((r) => [r.member_id, Number(r.d_active) < 0])),
    bv: new Map(bought.map((r) => [r.member_id, paiseOrThrow(r.bv, 'BV')])),
  };
}
/** Reads rows through COPY on PostgreSQL (no row objects for hundreds of thousands of rows), else one query. */
async function eachRow(db: DbOrTx, text: string, onRow: (cells: (string | null)[]) => void) {
  if (await copyOut(db, text, onRow)) return;
  for (const r of await rawRows<Record<string, unknown>>(db, sql.raw(text))) onRow(Object.values(r).map((v) => (v === null || v === undefined ? null : String(v))));
}
const uuidLiteral = (id: string) => {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Error('not a uuid');
  return `'${id}'::uuid`;
};
/** A cycle's BV per leg, member by member (a member may come twice: add the rows up). */
export const eachCycleLeg = (db: DbOrTx, cycleId: string, kind: 'pairing' | 'monthly', onRow: (memberId: string, left: string, right: string) => void) =>
  eachRow(db, cycleLegsSql(cycleId, kind), (c) => onRow(c[0]!, c[1]!, c[2]!));
/** A cycle's carry out, member by member. */
export const eachCarry = (db: DbOrTx, cycleId: string, onRow: (memberId: string, left: string, right: string, pairedEver: boolean) => void) =>
  eachRow(db, `select member_id, carry_left, carry_right, paired_ever from comp_carry where cycle_id = ${uuidLiteral(cycleId)}`, (c) => onRow(c[0]!, c[1]!, c[2]!, c[3] === 't' || c[3] === 'true'));
/**
 * The purchases of a cycle, one row a purchase (docs/spec/returns.md §3):
 * - pairing: the purchases applied in the cycle, each less the reversals of it applied in the same cycle (the cycle is
 *   computed as if the returned units were never bought); a purchase returned in full is left out. A reversal of a
 *   purchase of another cycle is no purchase of this one: it acts through the negative legs and the clawback lines.
 * - monthly: the purchases applied in the month and, as negative rows, every reversal applied in it whatever month
 *   its purchase was in (they lower the buyer's own BV and the company BV of the month).
 */
export async function eachCyclePurchase(db: DbOrTx, kind: string, cycleId: string, onRow: (memberId: string, bv: string) => void) {
  const cycle = uuidLiteral(cycleId);
  if (kind !== 'pairing') {
    await eachRow(db, `select member_id, bv from volume_events where kind in ('purchase', 'reversal') and monthly_cycle_id = ${cycle} order by id`, (c) => onRow(c[0]!, c[1]!));
    return;
  }
  // The cycle's reversals (a few rows) are summed first and netted here, not joined in SQL: the planner, seeing
  // reversals that arrived since the last ANALYZE as one row, looped over them for each of 300,000 purchases
  // (26.6 s against 0.9 s on the bench's payday with 1 % returned).
  const reversed = new Map(
    (
      await rawRows<{ purchase_id: string; bv: string }>(
        db,
        sql`select purchase_id::text, sum(bv)::text as bv from volume_events where kind = 'reversal' and pairing_cycle_id = ${cycleId}::uuid group by 1`,
      )
    ).map((r) => [r.purchase_id, paiseOrThrow(r.bv, 'BV')]),
  );
  const purchases = `from volume_events where kind = 'purchase' and pairing_cycle_id = ${cycle} order by id`;
  if (!reversed.size) {
    await eachRow(db, `select member_id, bv ${purchases}`, (c) => onRow(c[0]!, c[1]!));
    return;
  }
  await eachRow(db, `select member_id, purchase_id, bv ${purchases}`, (c) => {
    const back = reversed.get(c[1]!);
    if (back === undefined) return onRow(c[0]!, c[2]!);
    const net = paiseOrThrow(c[2]!, 'BV') + back;
    if (net > 0n) onRow(c[0]!, fromPaise(net));
  });
}
/**
 * A cycle's sales (amount and BV) on the same terms as eachCyclePurchase: a returned share of a purchase leaves the
 * amount in proportion to its BV (rounded to the paisa), as it leaves the BV.
 */
export async function cycleSales(db: DbOrTx, kind: string, cycleId: string) {
  const col = kind === 'pairing' ? sql`v.pairing_cycle_id` : sql`v.monthly_cycle_id`;
  // pairing: only the reversals of this cycle's own purchases; monthly: every reversal applied in the month.
  const sameCycle = kind === 'pairing' ? sql`and b.pairing_cycle_id = ${cycleId}::uuid` : sql``;
  const [row] = await rawRows<{ amount: string; bv: string }>(
    db,
    sql`
    with e as (
      select p.total_amount as amount, v.bv from volume_events v join purchases p on p.id = v.purchase_id where v.kind = 'purchase' and ${col} = ${cycleId}::uuid
      union all
      select round(p.total_amount * v.bv / nullif(b.bv, 0), 2), v.bv
      from volume_events v join volume_events b on b.kind = 'purchase' and b.purchase_id = v.purchase_id join purchases p on p.id = v.purchase_id
      where v.kind = 'reversal' and ${col} = ${cycleId}::uuid ${sameCycle}
    )
    select coalesce(sum(amount), 0)::text as amount, coalesce(sum(bv), 0)::text as bv from e`,
  );
  return row;
}
/** Own BV per member per monthly cycle: purchases less the reversals applied in that month (returns.md §3.4). */
export const ownBVByMonth = (db: DbOrTx, cycleIds: string[]) =>
  cycleIds.length
    ? rawRows<{ member_id: string; cycle_id: string; bv: string }>(
        db,
        sql`
        select member_id::text, monthly_cycle_id::text as cycle_id, sum(bv)::text as bv from volume_events
        where kind in ('purchase', 'reversal') and monthly_cycle_id = any(${sql.param(cycleIds)}::uuid[]) group by 1, 2`,
      )
    : Promise.resolve([]);
export const ranksAchievedBetween = (db: DbOrTx, from: Date, to: Date) =>
  rawRows<{ user_id: string; rank: string }>(
    db,
    sql`select user_id::text, rank from rank_achievements where achieved_at >= ${from.toISOString()}::timestamptz and achieved_at < ${to.toISOString()}::timestamptz`,
  );
/** Each member's highest rank achieved at or before an instant (ranks never go down). */
export const rankAt = (db: DbOrTx, at: Date) =>
  rawRows<{ user_id: string; rank: string }>(
    db,
    sql`select distinct on (user_id) user_id::text, rank from rank_achievements where achieved_at <= ${at.toISOString()}::timestamptz order by user_id, achieved_at desc`,
  );
/** Year-to-date posted lines (negative ones included) and TDS per member in a financial year (comp_ytd), member by member. */
export const eachYtd = (db: DbOrTx, fy: number, onRow: (memberId: string, gross: string, tds: string) => void) =>
  eachRow(db, `select member_id, gross, tds from comp_ytd where fy = ${Math.trunc(fy)}`, (c) => onRow(c[0]!, c[1]!, c[2]!));
/** Members with a recovery balance or carried TDS outstanding (comp_balances keeps only those). */
export const balances = (db: DbOrTx) =>
  rawRows<{ memberId: string; recovery: string; tdsCarried: string }>(db, sql`select member_id::text as "memberId", recovery::text, tds_carried::text as "tdsCarried" from comp_balances`);
/** Members with an approved KYC and a PAN, one by one (the TDS rate with a PAN; most of a million members). */
export const eachPanApproved = (db: DbOrTx, onRow: (memberId: string) => void) => {
  const k = kycStateNamesIn();
  return eachRow(db, `select id from users where ${k.panNumber} is not null and ${k.kycStatus} = 'approved'`, (c) => onRow(c[0]!));
};
