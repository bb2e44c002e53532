import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, text, integer, index, check } from 'drizzle-orm/pg-core';
import { users } from './users';
import { documentBlobs } from './kyc';
import { supportTickets } from './engagement';
import { primaryId, createdAt, ref } from './columns';

/**
 * A support ticket's conversation (issue 15): replies from the member and from staff, and the status changes, in the
 * order they happened. An attachment's bytes are a document blob (encrypted at rest, checked like a KYC document).
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: primaryId(),
    ticketId: ref('ticket_id', () => supportTickets.id, 'cascade'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** member or staff: who wrote it, as the thread shows it. */
    authorRole: varchar('author_role', { length: 10 }).notNull(),
    /** reply, or status (a status change, with its from and to). */
    kind: varchar('kind', { length: 10 }).notNull(),
    body: text('body'),
    statusFrom: varchar('status_from', { length: 20 }),
    statusTo: varchar('status_to', { length: 20 }),
    attachmentKey: varchar('attachment_key', { length: 64 }).references(() => documentBlobs.storageKey),
    attachmentName: varchar('attachment_name', { length: 255 }),
    attachmentType: varchar('attachment_type', { length: 50 }),
    attachmentSize: integer('attachment_size'),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_messages_ticket_idx').on(t.ticketId, t.createdAt),
    check('support_messages_role_check', sql`${t.authorRole} in ('member','staff')`),
    check('support_messages_kind_check', sql`${t.kind} in ('reply','status')`),
  ],
);
