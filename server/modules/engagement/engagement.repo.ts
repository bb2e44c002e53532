import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { franchiseRequests, news, supportTickets, users } from '../../db/schema/index';
import { countsByStatus, insertRow, updateById } from '../../db/rows';
import { ownerColumns } from '../../db/owner-columns';
import { assignee, assigneeName } from './support.repo';

export type FranchiseRow = typeof franchiseRequests.$inferSelect;
export type TicketRow = typeof supportTickets.$inferSelect;
export type NewsRow = typeof news.$inferSelect;

const person = { ...ownerColumns, userRole: users.role };

// ---- franchise requests ----
export async function insertFranchiseRequest(db: DbOrTx, values: typeof franchiseRequests.$inferInsert) {
  return insertRow(db, franchiseRequests, values);
}
export async function franchiseRequestsOf(db: DbOrTx, userId: string) {
  return db.select().from(franchiseRequests).where(eq(franchiseRequests.userId, userId)).orderBy(desc(franchiseRequests.createdAt));
}
export async function pendingFranchiseRequestOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: franchiseRequests.id })
    .from(franchiseRequests)
    .where(and(eq(franchiseRequests.userId, userId), eq(franchiseRequests.status, 'pending')))
    .limit(1);
  return row;
}
export async function adminFranchiseRequests(db: DbOrTx, status: string | undefined) {
  return db
    .select({ r: franchiseRequests, ...person })
    .from(franchiseRequests)
    .innerJoin(users, eq(users.id, franchiseRequests.userId))
    .where(status ? eq(franchiseRequests.status, status) : undefined)
    .orderBy(desc(franchiseRequests.createdAt))
    .limit(500);
}
export async function franchiseCounts(db: DbOrTx) {
  return countsByStatus(db, franchiseRequests);
}
export async function franchiseRequestForUpdate(db: DbOrTx, id: string): Promise<FranchiseRow | undefined> {
  const [row] = await db.select().from(franchiseRequests).where(eq(franchiseRequests.id, id)).for('update');
  return row;
}
export async function updateFranchiseRequest(db: DbOrTx, id: string, values: Partial<typeof franchiseRequests.$inferInsert>) {
  const [row] = await db.update(franchiseRequests).set(values).where(eq(franchiseRequests.id, id)).returning();
  return row;
}

// ---- support tickets ----

export async function insertTicket(db: DbOrTx, values: typeof supportTickets.$inferInsert) {
  return insertRow(db, supportTickets, values);
}
export async function ticketsOf(db: DbOrTx, userId: string) {
  return db
    .select({ t: supportTickets, assigneeName })
    .from(supportTickets)
    .leftJoin(assignee, eq(assignee.id, supportTickets.assignedTo))
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.createdAt))
    .limit(200);
}
export async function adminTickets(db: DbOrTx, f: { status?: string; category?: string; priority?: string }) {
  return db
    .select({ t: supportTickets, assigneeName, ...person })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .leftJoin(assignee, eq(assignee.id, supportTickets.assignedTo))
    .where(
      and(
        f.status ? eq(supportTickets.status, f.status) : undefined,
        f.category ? eq(supportTickets.category, f.category) : undefined,
        f.priority ? eq(supportTickets.priority, f.priority) : undefined,
      ),
    )
    .orderBy(sql`case ${supportTickets.priority} when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end`, desc(supportTickets.createdAt))
    .limit(500);
}
export async function ticketCounts(db: DbOrTx) {
  return countsByStatus(db, supportTickets);
}
export async function activeAdmins(db: DbOrTx) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, userId: users.userId })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
    .orderBy(asc(users.firstName));
}
export async function ticketForUpdate(db: DbOrTx, id: string): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
  return row;
}
export async function updateTicket(db: DbOrTx, id: string, values: Partial<typeof supportTickets.$inferInsert>) {
  return updateById(db, supportTickets, id, values);
}

// ---- news ----
export async function insertNews(db: DbOrTx, values: typeof news.$inferInsert) {
  return insertRow(db, news, values);
}
export async function allNews(db: DbOrTx) {
  return db.select().from(news).orderBy(desc(news.createdAt)).limit(500);
}
export async function findNews(db: DbOrTx, id: string): Promise<NewsRow | undefined> {
  const [row] = await db.select().from(news).where(eq(news.id, id)).limit(1);
  return row;
}
export async function updateNews(db: DbOrTx, id: string, values: Partial<typeof news.$inferInsert>) {
  const [row] = await db.update(news).set(values).where(eq(news.id, id)).returning();
  return row;
}
/** Active, published (now or earlier, or no date) and unexpired news; urgent and high first. */
export async function liveNews(db: DbOrTx, now: Date, limit: number) {
  return db
    .select()
    .from(news)
    .where(and(eq(news.isActive, true), or(isNull(news.publishedAt), lte(news.publishedAt, now)), or(isNull(news.expiresAt), gt(news.expiresAt, now))))
    .orderBy(sql`case ${news.priority} when 'urgent' then 0 when 'high' then 1 when 'normal' then 2 else 3 end`, desc(sql`coalesce(${news.publishedAt}, ${news.createdAt})`))
    .limit(limit);
}

export async function usersByIds(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return db.select({ id: users.id, role: users.role, status: users.status }).from(users).where(inArray(users.id, ids));
}
