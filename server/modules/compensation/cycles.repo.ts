/** Cycles (comp_cycles): lookups by kind and time, status changes guarded by the status they leave, the calculations' lock. */
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { compCycles } from '../../db/schema/index';
import { LOCKS } from '../../db/locks';

export type CycleRow = typeof compCycles.$inferSelect;

/** Serialises calculations (of either kind), so that each sees the other's state. */
export async function lockCalculations(db: DbOrTx) {
  await db.execute(sql`select pg_advisory_xact_lock(${LOCKS.calculations})`);
}
/**
 * `lock`: the row for a change of state (calculate, approve, post). FOR NO KEY UPDATE, not FOR UPDATE: the journal's
 * applier writes rows that reference the cycle (leg_volumes hands over the legs of a closed cycle), and their foreign
 * key checks take FOR KEY SHARE, which FOR UPDATE would block for the whole of a calculation (50 s of volume stopped
 * for everyone at a million members); the two state changes still exclude each other.
 */
export async function findCycle(db: DbOrTx, id: string, lock = false) {
  const q = db.select().from(compCycles).where(eq(compCycles.id, id));
  const [row] = lock ? await q.for('no key update') : await q;
  return row;
}
export async function cyclesPage(db: DbOrTx, f: { kind?: string; status?: string; before?: Date }, limit: number) {
  const where = [f.kind ? eq(compCycles.kind, f.kind) : undefined, f.status ? eq(compCycles.status, f.status) : undefined, f.before ? lt(compCycles.startsAt, f.before) : undefined].filter(Boolean);
  return db
    .select()
    .from(compCycles)
    .where(where.length ? and(...(where as never[])) : undefined)
    .orderBy(desc(compCycles.startsAt))
    .limit(limit);
}
/** Earlier cycles of the kind that are not posted yet. */
export async function unpostedBefore(db: DbOrTx, kind: string, startsAt: Date) {
  return db
    .select()
    .from(compCycles)
    .where(and(eq(compCycles.kind, kind), lt(compCycles.startsAt, startsAt), sql`${compCycles.status} <> 'posted'`))
    .orderBy(asc(compCycles.startsAt));
}
/** A cycle of the other kind whose payouts are computed but not posted yet (calculated or approved). */
export async function computedUnpostedOtherKind(db: DbOrTx, kind: string) {
  const [row] = await db
    .select()
    .from(compCycles)
    .where(and(sql`${compCycles.kind} <> ${kind}`, sql`${compCycles.status} in ('calculated', 'approved')`))
    .orderBy(asc(compCycles.startsAt))
    .limit(1);
  return row;
}
export async function previousCycle(db: DbOrTx, kind: string, startsAt: Date) {
  const [row] = await db
    .select()
    .from(compCycles)
    .where(and(eq(compCycles.kind, kind), lt(compCycles.startsAt, startsAt)))
    .orderBy(desc(compCycles.startsAt))
    .limit(1);
  return row;
}
export async function previousCycles(db: DbOrTx, kind: string, startsAt: Date, n: number) {
  return db
    .select()
    .from(compCycles)
    .where(and(eq(compCycles.kind, kind), lt(compCycles.startsAt, startsAt)))
    .orderBy(desc(compCycles.startsAt))
    .limit(n);
}
export async function setCycle(db: DbOrTx, id: string, values: Partial<typeof compCycles.$inferInsert>, fromStatus: string[]) {
  const [row] = await db
    .update(compCycles)
    .set(values)
    .where(and(eq(compCycles.id, id), inArray(compCycles.status, fromStatus)))
    .returning();
  return row;
}
export async function openCycleOf(db: DbOrTx, kind: string) {
  const [row] = await db
    .select()
    .from(compCycles)
    .where(and(eq(compCycles.kind, kind), eq(compCycles.status, 'open')));
  return row;
}
