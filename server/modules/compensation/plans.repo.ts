/** Plan versions (comp_plans): drafts, activation, the version in force at an instant, version numbering. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { compPlans } from '../../db/schema/index';
import { LOCKS } from '../../db/locks';

export type PlanRow = typeof compPlans.$inferSelect;

export const listPlans = (db: DbOrTx) => db.select().from(compPlans).orderBy(desc(compPlans.version));
export async function findPlan(db: DbOrTx, id: string) {
  const [row] = await db.select().from(compPlans).where(eq(compPlans.id, id));
  return row;
}
export async function insertPlan(db: DbOrTx, v: typeof compPlans.$inferInsert) {
  const [row] = await db.insert(compPlans).values(v).returning();
  return row;
}
export async function nextPlanVersion(db: DbOrTx) {
  const [row] = await rawRows<{ v: number }>(db, sql`select coalesce(max(version), 0)::int + 1 as v from comp_plans`);
  return row.v;
}
export async function updateDraft(db: DbOrTx, id: string, config: unknown, now: Date) {
  const [row] = await db
    .update(compPlans)
    .set({ config, updatedAt: now })
    .where(and(eq(compPlans.id, id), eq(compPlans.status, 'draft')))
    .returning();
  return row;
}
export async function markActive(db: DbOrTx, id: string, effectiveFrom: Date, by: string, now: Date) {
  const [row] = await db
    .update(compPlans)
    .set({ status: 'active', effectiveFrom, activatedBy: by, activatedAt: now, updatedAt: now })
    .where(and(eq(compPlans.id, id), eq(compPlans.status, 'draft')))
    .returning();
  return row;
}
/** The version in force at an instant: the newest activated version whose effective_from is at or before it. */
export async function planInForceAt(db: DbOrTx, at: Date) {
  const [row] = await db
    .select()
    .from(compPlans)
    .where(and(sql`${compPlans.status} <> 'draft'`, sql`${compPlans.effectiveFrom} <= ${at.toISOString()}::timestamptz`))
    .orderBy(desc(compPlans.effectiveFrom), desc(compPlans.version))
    .limit(1);
  return row;
}
/** Activated versions superseded by one in force now are retired. */
export async function retireSuperseded(db: DbOrTx, now: Date) {
  await db.execute(sql`
    update comp_plans p set status = 'retired' where p.status = 'active' and exists (
      select 1 from comp_plans q where q.status <> 'draft' and q.effective_from <= ${now.toISOString()}::timestamptz
        and (q.effective_from > p.effective_from or (q.effective_from = p.effective_from and q.version > p.version)))`);
}

/** Version 1 with the spec's defaults, once (several processes may start at once). */
export async function insertDefaultPlan(db: DbOrTx, config: unknown, now: Date) {
  await db.execute(sql`insert into comp_plans (version, status, config, effective_from, created_at, updated_at, activated_at)
    values (1, 'active', ${JSON.stringify(config)}::jsonb, 'epoch'::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    on conflict (version) do nothing`);
}
/** Serialises version numbering. */
export async function lockPlans(db: DbOrTx) {
  await db.execute(sql`select pg_advisory_xact_lock(${LOCKS.planVersions})`);
}
