import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { documentBlobs, supportMessages, supportTickets, users } from '../../db/schema/index';
import { documentBlobColumns, documentContent } from '../../db/stored-files';
import { insertRow } from '../../db/rows';
import { fullNameOf } from '../../db/owner-columns';

export type SupportMessageRow = typeof supportMessages.$inferSelect;

/** The admin a ticket is assigned to (join it on `support_tickets.assigned_to`), and their name. */
export const assignee = alias(users, 'assignee');
export const assigneeName = fullNameOf(assignee);
const authorName = fullNameOf(users);

export async function ticketWithAssignee(db: DbOrTx, id: string) {
  const [row] = await db.select({ t: supportTickets, assigneeName }).from(supportTickets).leftJoin(assignee, eq(assignee.id, supportTickets.assignedTo)).where(eq(supportTickets.id, id)).limit(1);
  return row;
}

/** The thread in the order it happened (support_messages_ticket_idx). */
export async function threadOf(db: DbOrTx, ticketId: string) {
  return db
    .select({ m: supportMessages, authorName })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.authorId))
    .where(eq(supportMessages.ticketId, ticketId))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id))
    .limit(1000);
}

export async function insertMessage(db: DbOrTx, values: typeof supportMessages.$inferInsert): Promise<SupportMessageRow> {
  return insertRow(db, supportMessages, values);
}

export async function attachmentWithBlob(db: DbOrTx, messageId: string) {
  const [row] = await db
    .select({ m: supportMessages, ownerId: supportTickets.userId, blob: documentBlobColumns })
    .from(supportMessages)
    .innerJoin(supportTickets, eq(supportTickets.id, supportMessages.ticketId))
    .innerJoin(documentBlobs, eq(documentBlobs.storageKey, supportMessages.attachmentKey))
    .where(eq(supportMessages.id, messageId))
    .limit(1);
  return row && { m: row.m, ownerId: row.ownerId, content: await documentContent(row.blob) };
}

export async function touchTicket(db: DbOrTx, id: string, at: Date) {
  await db.update(supportTickets).set({ updatedAt: at }).where(eq(supportTickets.id, id));
}
