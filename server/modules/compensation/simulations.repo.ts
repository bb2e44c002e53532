/** The simulator's runs (comp_simulations, ADR 0027): queued by an admin's request, written by the job. */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { compSimulations } from '../../db/schema/index';

export type SimulationRow = typeof compSimulations.$inferSelect;

export async function insertSimulation(db: DbOrTx, v: { planId: string; cycleId: string; requestedBy: string; config: unknown; requestedAt: Date }) {
  const [row] = await db
    .insert(compSimulations)
    .values({ ...v, status: 'queued' })
    .returning();
  return row;
}
export async function findSimulation(db: DbOrTx, id: string) {
  const [row] = await db.select().from(compSimulations).where(eq(compSimulations.id, id)).limit(1);
  return row;
}
/** queued -> running (again after a worker died mid-run); false when it already finished. */
export async function markRunning(db: DbOrTx, id: string) {
  const rows = await db
    .update(compSimulations)
    .set({ status: 'running' })
    .where(and(eq(compSimulations.id, id), inArray(compSimulations.status, ['queued', 'running'])))
    .returning({ id: compSimulations.id });
  return rows.length > 0;
}
export async function finishSimulation(db: DbOrTx, id: string, v: { status: 'done'; result: unknown; at: Date } | { status: 'failed'; error: string; at: Date }) {
  await db
    .update(compSimulations)
    .set(v.status === 'done' ? { status: 'done', result: v.result, error: null, finishedAt: v.at } : { status: 'failed', result: null, error: v.error, finishedAt: v.at })
    .where(and(eq(compSimulations.id, id), inArray(compSimulations.status, ['queued', 'running'])));
}
/** An admin's finished simulations from before `before`: what-ifs nobody reads again. */
export async function pruneSimulations(db: DbOrTx, requestedBy: string, before: Date) {
  await db.delete(compSimulations).where(and(eq(compSimulations.requestedBy, requestedBy), lt(compSimulations.requestedAt, before), sql`${compSimulations.status} in ('done', 'failed')`));
}
