import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { grievanceEvents, grievanceHolidays, grievanceSeries, grievanceSettings, grievances } from '../../db/schema';

export type GrievanceRow = typeof grievances.$inferSelect;
export type GrievanceEventRow = typeof grievanceEvents.$inferSelect;
export type GrievanceSettingsRow = typeof grievanceSettings.$inferSelect;

// ---- settings and holidays ----

export async function findSettings(db: DbOrTx): Promise<GrievanceSettingsRow | undefined> {
  const [row] = await db.select().from(grievanceSettings).where(eq(grievanceSettings.id, 1)).limit(1);
  return row;
}

export async function saveSettings(db: DbOrTx, values: Omit<typeof grievanceSettings.$inferInsert, 'id'>) {
  await db
    .insert(grievanceSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: grievanceSettings.id, set: values });
}

export async function listHolidays(db: DbOrTx) {
  return db.select({ day: grievanceHolidays.day, name: grievanceHolidays.name }).from(grievanceHolidays).orderBy(asc(grievanceHolidays.day));
}

/** The holidays from a day on (the clock looks forward only). */
export async function holidayDaysFrom(db: DbOrTx, fromDay: string): Promise<string[]> {
  const rows = await db
    .select({ day: grievanceHolidays.day })
    .from(grievanceHolidays)
    .where(sql`${grievanceHolidays.day} >= ${fromDay}`);
  return rows.map((r) => r.day);
}

export async function insertHoliday(db: DbOrTx, values: typeof grievanceHolidays.$inferInsert) {
  const [row] = await db.insert(grievanceHolidays).values(values).onConflictDoNothing().returning({ day: grievanceHolidays.day, name: grievanceHolidays.name });
  return row;
}

export async function deleteHoliday(db: DbOrTx, day: string) {
  const [row] = await db.delete(grievanceHolidays).where(eq(grievanceHolidays.day, day)).returning({ day: grievanceHolidays.day, name: grievanceHolidays.name });
  return row;
}

// ---- complaints ----

/** The next serial of a financial year's series, under the series row's lock (no gaps: the caller's transaction). */
export async function nextSerial(db: DbOrTx, financialYear: string): Promise<number> {
  const [row] = await db
    .insert(grievanceSeries)
    .values({ financialYear, lastSerial: 1 })
    .onConflictDoUpdate({ target: grievanceSeries.financialYear, set: { lastSerial: sql`${grievanceSeries.lastSerial} + 1` } })
    .returning({ serial: grievanceSeries.lastSerial });
  return row!.serial;
}

export async function insertGrievance(db: DbOrTx, values: typeof grievances.$inferInsert): Promise<GrievanceRow> {
  const [row] = await db.insert(grievances).values(values).returning();
  return row!;
}

export async function updateGrievance(db: DbOrTx, id: string, set: Partial<typeof grievances.$inferInsert>): Promise<GrievanceRow> {
  const [row] = await db.update(grievances).set(set).where(eq(grievances.id, id)).returning();
  return row!;
}

/** An unconfirmed complaint by its link's hash, locked (two clicks register it once). */
export async function findUnconfirmedForUpdate(db: DbOrTx, tokenHash: string): Promise<GrievanceRow | undefined> {
  const [row] = await db.select().from(grievances).where(eq(grievances.confirmTokenHash, tokenHash)).limit(1).for('update');
  return row;
}

/** A registered complaint, locked for an admin's action. */
export async function findRegisteredForUpdate(db: DbOrTx, id: string): Promise<GrievanceRow | undefined> {
  const [row] = await db
    .select()
    .from(grievances)
    .where(and(eq(grievances.id, id), isNotNull(grievances.number)))
    .limit(1)
    .for('update');
  return row;
}

export async function findByNumber(db: DbOrTx, number: string): Promise<GrievanceRow | undefined> {
  const [row] = await db.select().from(grievances).where(eq(grievances.number, number)).limit(1);
  return row;
}

export async function listOfUser(db: DbOrTx, userId: string): Promise<GrievanceRow[]> {
  return db
    .select()
    .from(grievances)
    .where(and(eq(grievances.userId, userId), isNotNull(grievances.number)))
    .orderBy(desc(grievances.registeredAt));
}

const OPEN = ['received', 'acknowledged', 'in_progress'];

/** Registered complaints for the admin, newest first; `overdueAt` keeps those past a due time at that instant. */
export async function listRegistered(db: DbOrTx, f: { status?: string; overdueAt?: Date; search?: string; limit: number }): Promise<GrievanceRow[]> {
  const where: SQL[] = [isNotNull(grievances.number)];
  if (f.status) where.push(eq(grievances.status, f.status));
  if (f.overdueAt) where.push(overdueWhere(f.overdueAt));
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(sql`${grievances.number} ilike ${like}`, sql`${grievances.name} ilike ${like}`, sql`${grievances.email} ilike ${like}`)!);
  }
  return db
    .select()
    .from(grievances)
    .where(and(...where))
    .orderBy(desc(grievances.registeredAt))
    .limit(f.limit);
}

function overdueWhere(at: Date): SQL {
  return and(inArray(grievances.status, OPEN), or(and(eq(grievances.status, 'received'), lt(grievances.acknowledgeDueAt, at)), lt(grievances.resolveDueAt, at)))!;
}

export async function countOpen(db: DbOrTx, at: Date) {
  const [row] = await db
    .select({
      open: sql<number>`count(*) filter (where ${inArray(grievances.status, OPEN)})::int`,
      overdue: sql<number>`count(*) filter (where ${overdueWhere(at)})::int`,
    })
    .from(grievances)
    .where(isNotNull(grievances.number));
  return { open: row?.open ?? 0, overdue: row?.overdue ?? 0 };
}

/** Open complaints past a due time whose grievance officer was not told yet, locked (one process flags each once). */
export async function claimUnflaggedOverdue(db: DbOrTx, at: Date, limit: number): Promise<GrievanceRow[]> {
  return db
    .select()
    .from(grievances)
    .where(
      and(
        inArray(grievances.status, OPEN),
        or(
          and(eq(grievances.status, 'received'), lt(grievances.acknowledgeDueAt, at), isNull(grievances.acknowledgeOverdueFlaggedAt)),
          and(lt(grievances.resolveDueAt, at), isNull(grievances.resolveOverdueFlaggedAt)),
        ),
      ),
    )
    .orderBy(asc(grievances.registeredAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function insertEvent(db: DbOrTx, values: typeof grievanceEvents.$inferInsert) {
  await db.insert(grievanceEvents).values(values);
}

export async function eventsOf(db: DbOrTx, ids: string[]): Promise<GrievanceEventRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(grievanceEvents).where(inArray(grievanceEvents.grievanceId, ids)).orderBy(asc(grievanceEvents.at), asc(grievanceEvents.id));
}

/** Unconfirmed complaints whose link expired long ago: nothing to keep. */
export async function deleteExpiredUnconfirmed(db: DbOrTx, before: Date) {
  await db.delete(grievances).where(and(isNull(grievances.number), lt(grievances.confirmExpiresAt, before)));
}
