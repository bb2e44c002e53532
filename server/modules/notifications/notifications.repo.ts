import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications, users } from '../../db/schema/index';

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotifications(db: DbOrTx, rows: (typeof notifications.$inferInsert)[]) {
  if (rows.length) await db.insert(notifications).values(rows);
}

export async function listNotifications(db: DbOrTx, userId: string, limit: number, unreadOnly: boolean) {
  return db
    .select()
    .from(notifications)
    .where(unreadOnly ? and(eq(notifications.userId, userId), eq(notifications.read, false)) : eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return row.n;
}

export async function markRead(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function activeAdminIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  return rows.map((r) => r.id);
}

/** Marks read the unread notifications of these types whose data names this record (`data->>key = id`). */
export async function markWorkNotificationsRead(db: DbOrTx, types: readonly string[], key: string, id: string) {
  await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.read, false), inArray(notifications.type, types), sql`${notifications.data}->>${key} = ${id}`));
}
