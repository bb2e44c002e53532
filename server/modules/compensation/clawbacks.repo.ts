/** Return reversals to claw back (docs/spec/returns.md §4) and which cycle clawed back each (comp_clawbacks). */
import { sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { compClawbacks } from '../../db/schema/index';
import { inChunks } from './results.repo';

export interface PendingReversal {
  event_id: string;
  member_id: string;
  /** The returned BV, positive. */
  bv: string;
  reference: string | null;
  paid_cycle_id: string;
  paid_starts_at: Date | string;
  paid_ends_at: Date | string;
}

/**
 * The reversals a pairing cycle claws back: applied in it or an earlier pairing cycle, of a purchase whose own pairing
 * cycle is another one than the reversal's (a reversal in its purchase's cycle cancels it there) and posted, and clawed back by no other cycle (a reversal waiting for its purchase's cycle to
 * be posted is taken by the first cycle calculated after that).
 */
export const pendingReversals = (db: DbOrTx, cycle: { id: string; startsAt: Date }) =>
  rawRows<PendingReversal>(
    db,
    sql`
    select r.id::text as event_id, r.member_id::text, (-r.bv)::text as bv, r.reference, pc.id::text as paid_cycle_id,
           pc.starts_at as paid_starts_at, coalesce(pc.closed_at, pc.ends_at) as paid_ends_at
    from volume_events r
    join comp_cycles rc on rc.id = r.pairing_cycle_id
    join volume_events b on b.kind = 'purchase' and b.purchase_id = r.purchase_id
    join comp_cycles pc on pc.id = b.pairing_cycle_id
    where r.kind = 'reversal' and r.applied_at is not null and rc.starts_at <= ${cycle.startsAt.toISOString()}::timestamptz
      and pc.id <> ${cycle.id}::uuid and pc.status = 'posted' and pc.id <> rc.id
      and not exists (select 1 from comp_clawbacks k where k.event_id = r.id and k.cycle_id <> ${cycle.id}::uuid)
    order by r.id`,
  );

/** The positive sponsor and franchise income lines of given cycles for given members (who was paid, at what). */
export const paidLines = (db: DbOrTx, cycleIds: string[], memberIds: string[]) =>
  cycleIds.length && memberIds.length
    ? rawRows<{ cycle_id: string; member_id: string; type: string; explanation: unknown }>(
        db,
        sql`
        select cycle_id::text, member_id::text, type, explanation from comp_lines
        where cycle_id = any(${sql.param(cycleIds)}::uuid[]) and member_id = any(${sql.param(memberIds)}::uuid[])
          and type in ('sponsor_income', 'franchise_income') and amount > 0 and adjustment_id is null`,
      )
    : Promise.resolve([]);

/** Records the reversals a cycle clawed back (its earlier record is cleared with its results). */
export async function insertClawbacks(db: DbOrTx, cycleId: string, eventIds: string[]) {
  await inChunks(eventIds, 20_000, (c) => db.insert(compClawbacks).values(c.map((e) => ({ eventId: Number(e), cycleId }))));
}
