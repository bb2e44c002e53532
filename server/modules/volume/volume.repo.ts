import { eq, sql, type SQL } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { deltasOf, type AncestorDelta } from '../tree';
import type { BatchDeltas, JournalDelta } from '../tree';
import { volumeEvents, volumeApplyLog, memberVolume } from '../../db/schema/index';
import { LOCKS } from '../../db/locks';
import { paiseOrThrow } from '../../../contracts/money';

export type NewVolumeEvent = typeof volumeEvents.$inferInsert;

/** Appends one journal row in the caller's transaction (the purchase's or the placement's own). */
export async function insertVolumeEvent(db: DbOrTx, values: NewVolumeEvent) {
  await db.insert(volumeEvents).values(values);
}

/** A journal entry still to apply: what the walk folds (JournalDelta), with its id and kind. */
export interface PendingEvent extends JournalDelta {
  id: string;
  kind: string;
  /** The purchase of a 'purchase' entry. */
  purchase_id: string | null;
}

/** Serialises appliers across processes for one transaction; false when another applier holds it. */
export async function tryApplierLock(db: DbOrTx): Promise<boolean> {
  const [row] = await rawRows<{ ok: boolean }>(db, sql`select pg_try_advisory_xact_lock(${LOCKS.volumeApplier}) as ok`);
  return row.ok;
}

/**
 * Plans the batch's statements for what they do: look up a few percent of a million `member_volume` rows by
 * key. With the default cost of a random page (4) PostgreSQL hashed the whole table (a sequential scan of a
 * million rows, spilled to disk) to join 22,000 ancestors, and compiled the plan with JIT: 1.2 s a batch
 * instead of 0.45 s through the primary key. The rows are in memory, so a random page costs about what a
 * sequential one does. Settings for this transaction only.
 */
export async function planForKeyLookups(db: DbOrTx): Promise<void> {
  await db.execute(sql`select set_config('random_page_cost', '1.1', true), set_config('jit', 'off', true)`);
}

/**
 * The oldest pending events that occurred before `before`, locked for this transaction; quarantined ones are
 * skipped. With `ids`, only those (the applier isolating a failed batch's entries).
 */
export async function claimPending(db: DbOrTx, before: Date, limit: number, ids?: string[]): Promise<PendingEvent[]> {
  const only = ids ? sql`and v.id = any(${sql.param(ids)}::bigint[])` : sql``;
  return rawRows<PendingEvent>(
    db,
    sql`select v.id::text, v.kind, v.member_id, v.bv::text, v.d_members, v.d_active, v.sponsor_id, v.purchase_id::text
        from volume_events v
        where v.applied_at is null and v.quarantined_at is null and v.occurred_at < ${before.toISOString()}::timestamptz ${only}
        order by v.id limit ${limit}
        for update skip locked`,
  );
}

/**
 * Sets aside, beside their purchase, the pending reversals of purchases whose own entry is quarantined or was settled
 * (ADR 0029): applied, they would take from the ancestors' legs BV that the applier never added. Driven by the
 * two small partial indexes, so a batch pays nothing while no entry is quarantined or settled. Answers how many.
 */
export async function setAsideOrphanReversals(db: DbOrTx, at: Date): Promise<number> {
  const rows = await rawRows<{ id: string }>(
    db,
    sql`with held as (
          select id, purchase_id, 'quarantined' as why from volume_events where quarantined_at is not null and applied_at is null and kind = 'purchase'
          union all
          select id, purchase_id, 'settled' from volume_events where settled_at is not null and kind = 'purchase'
        )
        update volume_events r set quarantined_at = ${at.toISOString()}::timestamptz,
               quarantine_error = 'its purchase''s journal entry #' || h.id || ' is ' || h.why || ': the reversal waits for it'
        from held h
        where r.kind = 'reversal' and r.purchase_id = h.purchase_id and r.applied_at is null and r.quarantined_at is null
        returning r.id::text`,
  );
  return rows.length;
}

/** A member's team figures as member_volume columns, for a select that shows them beside the member (team.repo.ts). */
export const teamFigureColumns = {
  totalBV: memberVolume.totalBV,
  leftBV: memberVolume.leftBV,
  rightBV: memberVolume.rightBV,
  leftCount: memberVolume.leftCount,
  rightCount: memberVolume.rightCount,
  leftActive: memberVolume.leftActive,
  rightActive: memberVolume.rightActive,
  teamDepth: memberVolume.teamDepth,
  totalDirects: memberVolume.totalDirects,
};
const FIGURES = {
  ...teamFigureColumns,
  leftDirects: memberVolume.leftDirects,
  rightDirects: memberVolume.rightDirects,
};
export type MemberFigures = { [K in keyof typeof FIGURES]: (typeof FIGURES)[K]['_']['data'] };
const NO_FIGURES: MemberFigures = {
  totalBV: '0.00',
  leftBV: '0.00',
  rightBV: '0.00',
  leftCount: 0,
  rightCount: 0,
  leftActive: 0,
  rightActive: 0,
  teamDepth: 0,
  totalDirects: 0,
  leftDirects: 0,
  rightDirects: 0,
};

/** A member's figures as the applier left them: personal BV, lifetime legs, tree counters and direct recruits. */
export async function volumeOf(db: DbOrTx, memberId: string): Promise<MemberFigures> {
  const [row] = await db.select(FIGURES).from(memberVolume).where(eq(memberVolume.memberId, memberId)).limit(1);
  return row ?? NO_FIGURES;
}

/**
 * Applies a batch to the members' figures in one write of each member_volume row (written only by the applier
 * and the tree repair, both under the applier's lock, so no row lock is taken first): the members' own BV;
 * each ancestor's lifetime legs and its legs in the open pairing and monthly cycles (a row still holding an
 * earlier cycle's legs hands them to leg_volumes in the same statement first); the per-leg member and active
 * counts, the depth below and the direct recruits. One write per row matters beyond its cost: a second update
 * of a row in the same transaction re-checks its foreign key, which share-locks the member's `users` row and
 * would make a placement writing that row's child pointer wait for the batch.
 * The columns go over as array literals built here (no per-element escaping of 20,000 ids and amounts;
 * counters that are all zero, as in a batch of purchases, go as empty arrays), and the statement answers
 * only the members whose lifetime legs reached a rank's volume (`legsReachedARank`, tested in SQL with
 * RANK_VOLUME_STEPS, passed in), not every row it changed.
 */
export async function applyFigures(
  db: DbOrTx,
  d: BatchDeltas,
  cycles: { pairing: string; monthly: string },
  opts: {
    /** Rows whose member is known to be marked with these cycles already (see CycleMarks): not looked up for a hand-over. */
    known?: (row: number) => boolean;
    /** The volumes of the ranks (RANK_VOLUME_STEPS): members whose lifetime legs reach one in this batch are answered. */
    steps?: { left: string; right: string; team: string }[];
  } = {},
): Promise<{ crossers: { id: string; leftBV: string; rightBV: string }[] }> {
  if (!d.size) return { crossers: [] };
  const p = cycles.pairing;
  const m = cycles.monthly;
  const isKnown: boolean[] = [];
  for (let r = 0; r < d.size; r++) isKnown.push(opts.known?.(r) ?? false);
  const steps = opts.steps ?? [];
  // The tree's counters (members, actives, depth, directs) move only with placements and status changes: a batch of
  // purchases leaves them out of the statement, which then carries five columns a row instead of thirteen (on the
  // million-member bench database, 21,000 ancestors alone: 639 ms instead of 756, medians of 14 runs; ADR 0009).
  const counters = [d.lc, d.rc, d.la, d.ra, d.depth, d.ld, d.rd, d.td].map(intArray);
  const withCounters = counters.some((c) => c !== '{}');
  const [lc, rc, la, ra, depth, ld, rd, td] = counters;
  const countersIn = withCounters ? sql`${lc}::int[], ${rc}::int[], ${la}::int[], ${ra}::int[], ${depth}::int[], ${ld}::int[], ${rd}::int[], ${td}::int[],` : sql``;
  const countersNamed = withCounters ? sql`lc, rc, la, ra, depth, ld, rd, td,` : sql``;
  const countersOut = withCounters
    ? sql`coalesce(lc, 0) as lc, coalesce(rc, 0) as rc, coalesce(la, 0) as la, coalesce(ra, 0) as ra, coalesce(depth, 0) as depth,
          coalesce(ld, 0) as ld, coalesce(rd, 0) as rd, coalesce(td, 0) as td,`
    : sql``;
  const [out] = await rawRows<{ updated: number; crossers: [string, string, string][]; skipped_known: number | null }>(
    db,
    sql`with a as (
          select id, coalesce(pbv, 0) as pbv, coalesce(lbv, 0) as lbv, coalesce(rbv, 0) as rbv, ${countersOut} coalesce(known, false) as known
          from unnest(${uuidArray(d.ids)}::uuid[], ${paiseArray(d.pbv)}::numeric[], ${paiseArray(d.lbv)}::numeric[], ${paiseArray(d.rbv)}::numeric[],
                      ${countersIn} ${boolArray(isKnown)}::boolean[])
            as a(id, pbv, lbv, rbv, ${countersNamed} known)
        ),
        earlier as (
          select v.member_id, v.pairing_cycle_id as pc, v.pairing_left as pl, v.pairing_right as pr,
                 v.monthly_cycle_id as mc, v.monthly_left as ml, v.monthly_right as mr
          from a join member_volume v on v.member_id = a.id
          where not a.known and (a.lbv <> 0 or a.rbv <> 0)
            and ((v.pairing_cycle_id <> ${p}::uuid and (v.pairing_left <> 0 or v.pairing_right <> 0))
              or (v.monthly_cycle_id <> ${m}::uuid and (v.monthly_left <> 0 or v.monthly_right <> 0)))
        ),
        handed as (
          insert into leg_volumes (cycle_id, member_id, left_bv, right_bv)
          select pc, member_id, pl, pr from earlier where pc <> ${p}::uuid and (pl <> 0 or pr <> 0)
          union all
          select mc, member_id, ml, mr from earlier where mc <> ${m}::uuid and (ml <> 0 or mr <> 0)
          on conflict (cycle_id, member_id) do update set
            left_bv = leg_volumes.left_bv + excluded.left_bv, right_bv = leg_volumes.right_bv + excluded.right_bv
        ),
        updated as (
          update member_volume t set
            total_bv = t.total_bv + a.pbv,
            left_bv = t.left_bv + a.lbv, right_bv = t.right_bv + a.rbv,
            pairing_left = case when a.lbv = 0 and a.rbv = 0 then t.pairing_left
                                else case when t.pairing_cycle_id = ${p}::uuid then t.pairing_left else 0 end + a.lbv end,
            pairing_right = case when a.lbv = 0 and a.rbv = 0 then t.pairing_right
                                 else case when t.pairing_cycle_id = ${p}::uuid then t.pairing_right else 0 end + a.rbv end,
            pairing_cycle_id = case when a.lbv = 0 and a.rbv = 0 then t.pairing_cycle_id else ${p}::uuid end,
            monthly_left = case when a.lbv = 0 and a.rbv = 0 then t.monthly_left
                                else case when t.monthly_cycle_id = ${m}::uuid then t.monthly_left else 0 end + a.lbv end,
            monthly_right = case when a.lbv = 0 and a.rbv = 0 then t.monthly_right
                                 else case when t.monthly_cycle_id = ${m}::uuid then t.monthly_right else 0 end + a.rbv end,
            monthly_cycle_id = case when a.lbv = 0 and a.rbv = 0 then t.monthly_cycle_id else ${m}::uuid end${
              withCounters
                ? sql`,
            left_count = t.left_count + a.lc, right_count = t.right_count + a.rc,
            left_active = t.left_active + a.la, right_active = t.right_active + a.ra,
            team_depth = greatest(t.team_depth, a.depth),
            left_directs = t.left_directs + a.ld, right_directs = t.right_directs + a.rd,
            total_directs = t.total_directs + a.td`
                : sql``
            }
          from a
          where t.member_id = a.id
            -- A row known to be marked with these cycles that is not (another applier moved it) is left alone: see below.
            and (not a.known or (t.pairing_cycle_id = ${p}::uuid and t.monthly_cycle_id = ${m}::uuid))
          -- The legs in paise before and after, once per row, for the rank test below.
          returning t.member_id, t.left_bv, t.right_bv, a.lbv, a.rbv, (t.left_bv * 100)::int8 as l1, (t.right_bv * 100)::int8 as r1,
                    ((t.left_bv - a.lbv) * 100)::int8 as l0, ((t.right_bv - a.rbv) * 100)::int8 as r0
        )
        select (select count(*) from updated)::int as updated,
               (select coalesce(json_agg(json_build_array(u.member_id::text, u.left_bv::text, u.right_bv::text)), '[]'::json)
                from updated u
                where (u.lbv <> 0 or u.rbv <> 0)
                  and ${reachedARank(sql`u.l0`, sql`u.r0`, sql`u.l1`, sql`u.r1`, steps)}) as crossers,
               -- Rows the update left out: only counted (an anti-join of the whole batch) when there are any.
               case when (select count(*) from updated) < (select count(*) from a)
                    then (select count(*) from a where a.known and not exists (select 1 from updated u where u.member_id = a.id)) end::int as skipped_known`,
  );
  // A known row was skipped: its legs may belong to another cycle and were not handed over. Roll back.
  if (out.skipped_known) throw new StaleCycleMarks();
  return { crossers: out.crossers.map(([id, leftBV, rightBV]) => ({ id, leftBV, rightBV })) };
}

/**
 * `legsReachedARank` in SQL: the legs before and after the batch (paise, int8 expressions) meet a rank's volume
 * of `steps` that they did not meet before. The steps go in as a list of constants: a batch tests 16,000
 * ancestors against each of them, and integer comparisons over a VALUES list cost a tenth of numeric ones over
 * an unnest evaluated again for every row (on the million-member bench: 46-59 ms for 13,000-18,000 rows, from 156 ms for 16,600).
 */
export function reachedARank(beforeLeft: SQL, beforeRight: SQL, left: SQL, right: SQL, steps: { left: string; right: string; team: string }[]) {
  if (!steps.length) return sql`false`;
  const rows = steps.map((s) => `(${paiseLiteral(s.left)}, ${paiseLiteral(s.right)}, ${paiseLiteral(s.team)})`).join(', ');
  return sql`exists (
    select 1 from (values ${sql.raw(rows)}) as s(l, r, t)
    where ${left} >= s.l and ${right} >= s.r and ${left} + ${right} >= s.t
      and not (${beforeLeft} >= s.l and ${beforeRight} >= s.r and ${beforeLeft} + ${beforeRight} >= s.t))`;
}

/** A rank's volume in rupees (`12500.00`) as a whole number of paise for the statement text (a bigint: nothing else passes). */
const paiseLiteral = (rupees: string) => `${paiseOrThrow(rupees, 'BV')}::int8`;

/** Array literals for the figures statement (its parameters go over as text). Member ids come from uuid columns. */
function uuidArray(ids: string[]) {
  // Ids come from uuid columns (the journal, the tree links); a length check keeps anything else out cheaply.
  for (const id of ids) if (id.length !== 36) throw new Error(`not a member id: ${id}`);
  return `{${ids.join(',')}}`;
}
/** Paise as rupees with two decimals (exact for whole numbers of paise below 2^53). */
function rupeesOfPaise(p: number) {
  if (!Number.isSafeInteger(p)) throw new Error(`not a whole number of paise: ${p}`);
  const a = Math.abs(p);
  const paise = a % 100;
  return `${p < 0 ? '-' : ''}${(a - paise) / 100}.${paise < 10 ? '0' : ''}${paise}`;
}
const paiseArray = (xs: number[]) => (xs.some((x) => x !== 0) ? `{${xs.map(rupeesOfPaise).join(',')}}` : '{}');
function intArray(xs: number[]) {
  let any = false;
  for (const x of xs) {
    if (!Number.isSafeInteger(x)) throw new Error(`not a whole number: ${x}`);
    if (x !== 0) any = true;
  }
  return any ? `{${xs.join(',')}}` : '{}';
}
const boolArray = (xs: boolean[]) => (xs.some(Boolean) ? `{${xs.map((x) => (x ? 't' : 'f')).join(',')}}` : '{}');

/** A batch trusted a cycle mark that another applier changed: the batch is rolled back and retried without that knowledge. */
export class StaleCycleMarks extends Error {
  constructor() {
    super('a member_volume row is not marked with the cycles this process recorded');
  }
}

/** Adds the BV of the deltas to the ancestors' legs (lifetime and open cycles): `applyFigures` with legs only. */
export function addLegBV(db: DbOrTx, d: AncestorDelta[], cycles: { pairing: string; monthly: string }) {
  return applyFigures(db, deltasOf(d), cycles);
}

/**
 * A cycle's legs as a row source (member_id, left_bv, right_bv; a member may appear twice, to be added):
 * what leg_volumes holds for it and what member_volume rows still marked with it hold.
 */
export function cycleLegsSql(cycleId: string, kind: 'pairing' | 'monthly') {
  const id = uuidLiteral(cycleId);
  return kind === 'pairing'
    ? `select member_id, left_bv, right_bv from leg_volumes where cycle_id = ${id}
       union all select member_id, pairing_left, pairing_right from member_volume where pairing_cycle_id = ${id} and (pairing_left <> 0 or pairing_right <> 0)`
    : `select member_id, left_bv, right_bv from leg_volumes where cycle_id = ${id}
       union all select member_id, monthly_left, monthly_right from member_volume where monthly_cycle_id = ${id} and (monthly_left <> 0 or monthly_right <> 0)`;
}
const uuidLiteral = (id: string) => {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new Error('not a uuid');
  return `'${id}'::uuid`;
};

export async function markApplied(db: DbOrTx, ids: string[], at: Date, cycles: { pairing: string; monthly: string }) {
  await db.execute(sql`
    update volume_events set applied_at = ${at.toISOString()}::timestamptz, pairing_cycle_id = ${cycles.pairing}::uuid, monthly_cycle_id = ${cycles.monthly}::uuid
    where id = any(${sql.param(ids)}::bigint[])`);
}

export async function logBatch(db: DbOrTx, row: typeof volumeApplyLog.$inferInsert) {
  await db.insert(volumeApplyLog).values(row);
}

/** Pending events (not quarantined: those are counted apart): how many, and when the oldest occurred. */
export async function pendingSummary(db: DbOrTx) {
  const [row] = await rawRows<{ n: string; oldest: Date | string | null; q: number }>(
    db,
    sql`select count(*) filter (where quarantined_at is null)::text as n, min(occurred_at) filter (where quarantined_at is null) as oldest,
               count(*) filter (where quarantined_at is not null)::int as q
        from volume_events where applied_at is null`,
  );
  return { pending: Number(row.n), oldest: row.oldest ? new Date(row.oldest) : null, quarantined: row.q };
}

/** Events applied over the last `seconds` seconds (from the batch log). */
export async function appliedSince(db: DbOrTx, since: Date) {
  const [row] = await rawRows<{ n: string }>(db, sql`select coalesce(sum(events), 0)::text as n from volume_apply_log where at >= ${since.toISOString()}::timestamptz`);
  return Number(row.n);
}

export async function pruneApplyLog(db: DbOrTx, before: Date) {
  await db.execute(sql`delete from volume_apply_log where at < ${before.toISOString()}::timestamptz`);
}

/** Blocks until no applier runs, for this transaction (tree repair). */
export async function waitApplierLock(db: DbOrTx) {
  await db.execute(sql`select pg_advisory_xact_lock(${LOCKS.volumeApplier})`);
}

/**
 * Marks the pending member and active count entries applied without applying them: the tree repair
 * recounts those counters from the parent links in the same snapshot, which already holds them.
 */
export async function absorbTreeEntries(db: DbOrTx, at: Date) {
  const rows = await rawRows<{ id: string }>(
    db,
    sql`update volume_events set applied_at = ${at.toISOString()}::timestamptz
        where applied_at is null and kind in ('placement', 'activity') returning id::text`,
  );
  return rows.length;
}
