import { sql } from 'drizzle-orm';
import { pgTable, varchar, text, integer, index, check } from 'drizzle-orm/pg-core';
import { users } from './users';
import { sealedBytes, sealedText } from '../sealed-columns';
import { actedBy, createdAt, primaryId, ref, timestamps } from './columns';

/**
 * Document bytes live here, away from any web root, under a random key (docs/spec/decisions.md §7).
 * Keeping them in the database lets several app processes serve the same documents. The bytes are encrypted
 * at rest (ADR 0011); `sha256` is the digest of the document itself (the bytes served), which re-encryption
 * under a new key leaves as it is.
 */
export const documentBlobs = pgTable(
  'document_blobs',
  {
    storageKey: varchar('storage_key', { length: 64 }).primaryKey(),
    /** Where the bytes are (ADR 0032): 'db' (in `content`) or 's3' (object `documents/<storage_key>`, sealed the same way). */
    storage: varchar('storage', { length: 8 }).notNull().default('db'),
    content: sealedBytes('document_blobs', 'content'),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('document_blobs_storage_check', sql`(${t.storage} = 'db' and ${t.content} is not null) or (${t.storage} = 's3' and ${t.content} is null)`)],
);

export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: primaryId(),
    userId: ref('user_id', () => users.id, 'cascade'),
    documentType: varchar('document_type', { length: 30 }).notNull(),
    documentUrl: text('document_url').notNull(),
    storageKey: varchar('storage_key', { length: 64 })
      .notNull()
      .references(() => documentBlobs.storageKey),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    documentContentType: varchar('document_content_type', { length: 50 }).notNull(),
    documentFilename: varchar('document_filename', { length: 255 }),
    documentSize: integer('document_size').notNull(),
    documentNumber: sealedText('kyc_documents', 'document_number'),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    ...actedBy('reviewed', () => users.id),
    ...timestamps(),
  },
  (t) => [
    index('kyc_documents_user_idx').on(t.userId, t.documentType, t.createdAt),
    index('kyc_documents_status_idx').on(t.status, t.createdAt),
    check('kyc_documents_type_check', sql`${t.documentType} in ('pan','aadhaar_front','aadhaar_back','bank_cancelled_cheque','photo')`),
    check('kyc_documents_status_check', sql`${t.status} in ('pending','approved','rejected')`),
    check('kyc_documents_size_check', sql`${t.documentSize} > 0`),
  ],
);
