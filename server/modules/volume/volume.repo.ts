import { sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import type { AncestorDelta } from '../tree/tree.repo';
import { volumeEvents, volumeApplyLog } from '../../db/schema/index';

export type NewVolumeEvent = typeof volumeEvents.$inferInsert;

/** Appends one journal row in the caller's transaction (the purchase's or the placement's own). */
export async function insertVolumeEvent(db: DbOrTx, values: NewVolumeEvent) {
  await db.insert(volumeEvents).values(values);
}

export interface PendingEvent {
  id: string;
  kind: string;
  member_id: string;
  bv: string;
  d_members: number;
  d_active: number;
  sponsor_id: string | null;
}

/** Serialises appliers across processes for one transaction; false when another applier holds it. */
export async function tryApplierLock(db: DbOrTx): Promise<boolean> {
  const [row] = await rawRows<{ ok: boolean }>(db, sql`select pg_try_advisory_xact_lock(72830003) as ok`);
  return row.ok;
}

/** The oldest pending events that occurred before `before`, locked for this transaction. */
export async function claimPending(db: DbOrTx, before: Date, limit: number): Promise<PendingEvent[]> {
  return rawRows<PendingEvent>(
    db,
    sql`select v.id::text, v.kind, v.member_id, v.bv::text, v.d_members, v.d_active, v.sponsor_id
        from volume_events v
        where v.applied_at is null and v.occurred_at < ${before.toISOString()}::timestamptz
        order by v.id limit ${limit}
        for update skip locked`,
  );
}

/** A member's BV figures (personal and lifetime legs), as the applier left them. */
export async function volumeOf(db: DbOrTx, memberId: string) {
  const [row] = await rawRows<{ total_bv: string; left_bv: string; right_bv: string }>(
    db,
    sql`select total_bv::text, left_bv::text, right_bv::text from member_volume where member_id = ${memberId}::uuid`,
  );
  return { totalBV: row?.total_bv ?? '0.00', leftBV: row?.left_bv ?? '0.00', rightBV: row?.right_bv ?? '0.00' };
}

/**
 * Adds the BV of the deltas to each ancestor's lifetime legs (member_volume, written only by the applier
 * and the tree repair, both under the applier's lock, so no row lock is taken first) and answers the
 * changed members' new legs, which the rank check reads instead of reading them again.
 */
export async function addLegBV(db: DbOrTx, d: AncestorDelta[]) {
  const moved = d.filter((x) => Number(x.lbv) !== 0 || Number(x.rbv) !== 0);
  if (!moved.length) return [];
  const col = <K extends keyof AncestorDelta>(k: K) => moved.map((x) => x[k]);
  const rows = await rawRows<{ id: string; left_bv: string; right_bv: string }>(
    db,
    sql`update member_volume t set left_bv = t.left_bv + a.lbv, right_bv = t.right_bv + a.rbv
        from unnest(${sql.param(col('id'))}::uuid[], ${sql.param(col('lbv'))}::numeric[], ${sql.param(col('rbv'))}::numeric[]) as a(id, lbv, rbv)
        where t.member_id = a.id
        returning t.member_id::text as id, t.left_bv::text, t.right_bv::text`,
  );
  return rows.map((r) => ({ id: r.id, leftBV: r.left_bv, rightBV: r.right_bv }));
}

/** Adds the batch's purchases to their buyers' personal BV. */
export async function addPersonalBV(db: DbOrTx, events: PendingEvent[]) {
  const buys = events.filter((e) => e.kind === 'purchase');
  if (!buys.length) return;
  await db.execute(sql`
    update member_volume t set total_bv = t.total_bv + s.bv
    from (select id, sum(bv) as bv from unnest(${sql.param(buys.map((e) => e.member_id))}::uuid[], ${sql.param(buys.map((e) => e.bv))}::numeric[]) as x(id, bv) group by id) s
    where t.member_id = s.id`);
}

/** Adds the BV of the deltas to each ancestor's legs in each of the given cycles. */
export async function addToLegVolumes(db: DbOrTx, cycleIds: string[], d: AncestorDelta[]) {
  if (!d.length || !cycleIds.length) return;
  const col = <K extends keyof AncestorDelta>(k: K) => d.map((x) => x[k]);
  await db.execute(sql`
    insert into leg_volumes (cycle_id, member_id, left_bv, right_bv)
    select c.id, a.id, a.lbv, a.rbv
    from unnest(${sql.param(col('id'))}::uuid[], ${sql.param(col('lbv'))}::numeric[], ${sql.param(col('rbv'))}::numeric[]) as a(id, lbv, rbv)
    cross join unnest(${sql.param(cycleIds)}::uuid[]) as c(id)
    where a.lbv <> 0 or a.rbv <> 0
    order by c.id, a.id
    on conflict (cycle_id, member_id) do update set
      left_bv = leg_volumes.left_bv + excluded.left_bv, right_bv = leg_volumes.right_bv + excluded.right_bv`);
}

export async function markApplied(db: DbOrTx, ids: string[], at: Date, cycles: { pairing: string; monthly: string }) {
  await db.execute(sql`
    update volume_events set applied_at = ${at.toISOString()}::timestamptz, pairing_cycle_id = ${cycles.pairing}::uuid, monthly_cycle_id = ${cycles.monthly}::uuid
    where id = any(${sql.param(ids)}::bigint[])`);
}

export async function logBatch(db: DbOrTx, row: typeof volumeApplyLog.$inferInsert) {
  await db.insert(volumeApplyLog).values(row);
}

/** Pending events: how many, and when the oldest occurred. */
export async function pendingSummary(db: DbOrTx) {
  const [row] = await rawRows<{ n: string; oldest: Date | string | null }>(
    db,
    sql`select count(*)::text as n, min(occurred_at) as oldest from volume_events where applied_at is null`,
  );
  return { pending: Number(row.n), oldest: row.oldest ? new Date(row.oldest) : null };
}

/** Events applied over the last `seconds` seconds (from the batch log). */
export async function appliedSince(db: DbOrTx, since: Date) {
  const [row] = await rawRows<{ n: string }>(db, sql`select coalesce(sum(events), 0)::text as n from volume_apply_log where at >= ${since.toISOString()}::timestamptz`);
  return Number(row.n);
}

export async function pruneApplyLog(db: DbOrTx, before: Date) {
  await db.execute(sql`delete from volume_apply_log where at < ${before.toISOString()}::timestamptz`);
}

/** A member's BV per leg in one cycle (zero when nothing was added). */
export async function legVolumeOf(db: DbOrTx, cycleId: string, memberId: string) {
  const [row] = await rawRows<{ left_bv: string; right_bv: string }>(
    db,
    sql`select left_bv::text, right_bv::text from leg_volumes where cycle_id = ${cycleId}::uuid and member_id = ${memberId}::uuid`,
  );
  return { leftBV: row?.left_bv ?? '0.00', rightBV: row?.right_bv ?? '0.00' };
}

/** Blocks until no applier runs, for this transaction (tree repair). */
export async function waitApplierLock(db: DbOrTx) {
  await db.execute(sql`select pg_advisory_xact_lock(72830003)`);
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
