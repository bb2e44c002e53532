import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, text, integer, timestamp, index, check, customType } from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Document bytes live here, away from any web root, under a random key (decisions.md §7).
 * Keeping them in the database lets several app processes serve the same documents.
 */
export const documentBlobs = pgTable('document_blobs', {
  storageKey: varchar('storage_key', { length: 64 }).primaryKey(),
  content: bytea('content').notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    documentType: varchar('document_type', { length: 30 }).notNull(),
    documentUrl: text('document_url').notNull(),
    storageKey: varchar('storage_key', { length: 64 }).notNull().references(() => documentBlobs.storageKey),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    documentContentType: varchar('document_content_type', { length: 50 }).notNull(),
    documentFilename: varchar('document_filename', { length: 255 }),
    documentSize: integer('document_size').notNull(),
    documentNumber: varchar('document_number', { length: 40 }),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('kyc_documents_user_idx').on(t.userId, t.documentType, t.createdAt),
    index('kyc_documents_status_idx').on(t.status, t.createdAt),
    check('kyc_documents_type_check', sql`${t.documentType} in ('pan','aadhaar_front','aadhaar_back','bank_cancelled_cheque','photo')`),
    check('kyc_documents_status_check', sql`${t.status} in ('pending','approved','rejected')`),
    check('kyc_documents_size_check', sql`${t.documentSize} > 0`),
  ],
);
