/** Adjustments (comp_adjustments): waiting ones, their authors on a cycle's lines, and their consumption by a posting. */
import { and, asc, isNull, lt, sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { compAdjustments } from '../../db/schema/index';

/** Adjustments not yet paid that were made before `before` (the cycle's close): later ones wait for the next cycle. */
export const waitingAdjustments = (db: DbOrTx, before: Date) =>
  db
    .select()
    .from(compAdjustments)
    .where(and(isNull(compAdjustments.cycleId), lt(compAdjustments.createdAt, before)))
    .orderBy(asc(compAdjustments.createdAt), asc(compAdjustments.id));
export async function insertAdjustment(db: DbOrTx, v: typeof compAdjustments.$inferInsert) {
  const [row] = await db.insert(compAdjustments).values(v).returning();
  return row;
}
/**
 * The admins who made an adjustment that a calculated cycle pays: those whose id is on the cycle's lines
 * (comp_lines.adjustment_id), joined to comp_adjustments.created_by. Such an adjustment is still waiting or
 * was consumed by this cycle's posting, so the few rows of comp_adjustments are read first and each is looked
 * up in the cycle's lines by (cycle, member), the lines' index, instead of scanning a million lines.
 */
export async function adjustmentAuthorsOf(db: DbOrTx, cycleId: string) {
  const rows = await rawRows<{ created_by: string }>(
    db,
    sql`
    select distinct a.created_by::text as created_by from comp_adjustments a
    where a.created_by is not null and (a.cycle_id is null or a.cycle_id = ${cycleId}::uuid)
      and exists (select 1 from comp_lines l where l.cycle_id = ${cycleId}::uuid and l.member_id = a.member_id and l.adjustment_id = a.id)`,
  );
  return rows.map((r) => r.created_by);
}
export async function consumeAdjustments(db: DbOrTx, cycleId: string, ids: string[]) {
  if (!ids.length) return;
  await db
    .update(compAdjustments)
    .set({ cycleId })
    .where(and(sql`${compAdjustments.id} = any(${sql.param(ids)}::uuid[])`, isNull(compAdjustments.cycleId)));
}
