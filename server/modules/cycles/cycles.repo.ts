import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { compCycles } from '../../db/schema/index';

export type CycleRow = typeof compCycles.$inferSelect;

export async function findOpenCycles(db: DbOrTx): Promise<CycleRow[]> {
  return db.select().from(compCycles).where(eq(compCycles.status, 'open'));
}

export async function lastCycleOf(db: DbOrTx, kind: string): Promise<CycleRow | undefined> {
  const [row] = await db.select().from(compCycles).where(eq(compCycles.kind, kind)).orderBy(desc(compCycles.startsAt)).limit(1);
  return row;
}

export async function insertCycle(db: DbOrTx, values: { kind: string; period: string; startsAt: Date; endsAt: Date; createdAt: Date }) {
  const [row] = await db
    .insert(compCycles)
    .values({ ...values, status: 'open' })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function markCycleClosed(db: DbOrTx, id: string, closedAt: Date) {
  const [row] = await db
    .update(compCycles)
    .set({ status: 'closed', closedAt })
    .where(and(eq(compCycles.id, id), eq(compCycles.status, 'open')))
    .returning();
  return row;
}

export async function cyclesPage(db: DbOrTx, kind: string | undefined, limit: number) {
  return db
    .select()
    .from(compCycles)
    .where(kind ? eq(compCycles.kind, kind) : sql`true`)
    .orderBy(desc(compCycles.startsAt))
    .limit(limit);
}
