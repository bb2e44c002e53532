import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, text, integer, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { users } from './users';
import { documentBlobs } from './kyc';
import { primaryId, ref, rupees, timestamps, actedBy } from './columns';

/**
 * Wallet top-ups a member asks for after paying by bank transfer or UPI (issue 16). The proof's bytes are a
 * document blob (encrypted at rest, docs/spec/decisions.md §7). Approval credits the wallet through the ledger; the
 * ledger row's id is kept in `transaction_id`. A reference number is accepted once while a request with it is
 * pending or approved (the partial unique index), so the same payment cannot be claimed twice.
 */
export const fundRequests = pgTable(
  'fund_requests',
  {
    id: primaryId(),
    userId: ref('user_id', () => users.id),
    method: varchar('method', { length: 10 }).notNull(),
    amount: rupees('amount').notNull(),
    reference: varchar('reference', { length: 40 }).notNull(),
    proofStorageKey: varchar('proof_storage_key', { length: 64 })
      .notNull()
      .references(() => documentBlobs.storageKey),
    proofContentType: varchar('proof_content_type', { length: 50 }).notNull(),
    proofSize: integer('proof_size').notNull(),
    proofFilename: varchar('proof_filename', { length: 255 }),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    ...actedBy('processed', () => users.id),
    transactionId: uuid('transaction_id'),
    ...timestamps(),
  },
  (t) => [
    index('fund_requests_status_idx').on(t.status, t.createdAt),
    index('fund_requests_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('fund_requests_reference_key')
      .on(t.reference)
      .where(sql`${t.status} <> 'rejected'`),
    check('fund_request_amount_positive', sql`${t.amount} > 0`),
    check('fund_request_method_check', sql`${t.method} in ('bank','upi')`),
    check('fund_request_status_check', sql`${t.status} in ('pending','approved','rejected')`),
  ],
);
