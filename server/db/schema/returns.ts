import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, text, integer, boolean, index, uniqueIndex, primaryKey, check, bigserial } from 'drizzle-orm/pg-core';
import { users } from './users';
import { products, purchases } from './commerce';
import { localSales } from './local-sales';
import { ts, primaryId, createdAt, updatedAt, ref, rupees, bv, actedBy } from './columns';

/**
 * The last serial of each of the returns module's document series per financial year (April to March, India):
 * `return` (RET/2627/000001) and `credit_note` (CN/2627/000001), each without gaps.
 */
export const documentSeries = pgTable(
  'document_series',
  {
    kind: varchar('kind', { length: 20 }).notNull(),
    financialYear: varchar('financial_year', { length: 7 }).notNull(),
    lastSerial: integer('last_serial').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.financialYear] }), check('document_series_kind_check', sql`${t.kind} in ('return','credit_note')`)],
);

/**
 * A return (docs/spec/returns.md §2): part or all of one purchase or one counter sale coming back, with its refund
 * (computed at request, paid once) and its GST credit note (issued with the refund, numbered in its own series).
 * The tax split is the invoice's, scaled to the returned quantity.
 */
export const returns = pgTable(
  'returns',
  {
    id: primaryId(),
    number: varchar('number', { length: 20 }).notNull().unique(),
    financialYear: varchar('financial_year', { length: 7 }).notNull(),
    serial: integer('serial').notNull(),
    purchaseId: uuid('purchase_id').references(() => purchases.id),
    localSaleId: uuid('local_sale_id').references(() => localSales.id),
    /** The buyer when a member (null for a franchise's retail customer). */
    memberId: uuid('member_id').references(() => users.id),
    /** The franchise holder of a counter sale: the goods go back to its stock. */
    franchiseId: uuid('franchise_id').references(() => users.id),
    productId: ref('product_id', () => products.id),
    quantity: integer('quantity').notNull(),
    boughtQuantity: integer('bought_quantity').notNull(),
    bv: bv('bv').notNull(),
    refundAmount: rupees('refund_amount').notNull(),
    taxableValue: rupees('taxable_value').notNull(),
    cgst: rupees('cgst').notNull(),
    sgst: rupees('sgst').notNull(),
    igst: rupees('igst').notNull(),
    reason: varchar('reason', { length: 30 }).notNull(),
    note: text('note'),
    status: varchar('status', { length: 20 }).notNull().default('requested'),
    outsideWindow: boolean('outside_window').notNull().default(false),
    windowEndsAt: ts('window_ends_at').notNull(),
    requestedBy: ref('requested_by', () => users.id),
    requestedByAdmin: boolean('requested_by_admin').notNull().default(false),
    /** Approval above RETURN_APPROVAL_ABOVE asked of a second admin (a return_approval request), still pending. */
    approvalRequestedAt: ts('approval_requested_at'),
    ...actedBy('decided', () => users.id),
    rejectionReason: text('rejection_reason'),
    receivedAt: ts('received_at'),
    refundMethod: varchar('refund_method', { length: 10 }),
    refundReference: varchar('refund_reference', { length: 100 }),
    refundedAt: ts('refunded_at'),
    /** The wallet ledger row of a refund to the wallet. */
    refundTransactionId: uuid('refund_transaction_id'),
    creditNoteNumber: varchar('credit_note_number', { length: 16 }).unique(),
    creditNoteIssuedAt: ts('credit_note_issued_at'),
    /** The original invoice as the credit note names it: number, date, seller and buyer (copied at the refund). */
    invoiceNumber: varchar('invoice_number', { length: 30 }),
    invoiceDate: ts('invoice_date'),
    gstRate: rupees('gst_rate').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('returns_series_idx').on(t.financialYear, t.serial),
    index('returns_purchase_idx').on(t.purchaseId),
    index('returns_local_sale_idx').on(t.localSaleId),
    index('returns_member_idx').on(t.memberId, t.createdAt),
    index('returns_franchise_idx').on(t.franchiseId, t.createdAt),
    index('returns_status_idx').on(t.status, t.createdAt),
    check('returns_sale_check', sql`(${t.purchaseId} is null) <> (${t.localSaleId} is null) or (${t.purchaseId} is not null and ${t.localSaleId} is not null)`),
    check('returns_quantity_check', sql`${t.quantity} >= 1 and ${t.quantity} <= ${t.boughtQuantity}`),
    check('returns_amount_check', sql`${t.refundAmount} > 0 and ${t.refundAmount} = ${t.taxableValue} + ${t.cgst} + ${t.sgst} + ${t.igst}`),
    check('returns_status_check', sql`${t.status} in ('requested','approved','rejected','received','refunded')`),
    check('returns_reason_check', sql`${t.reason} in ('changed_mind','defective','damaged_in_transit','wrong_item','other')`),
    check('returns_refund_check', sql`(${t.status} = 'refunded') = (${t.refundedAt} is not null and ${t.creditNoteNumber} is not null)`),
  ],
);

/** A return's history: who did what, when (returns.md §2: "its history"). */
export const returnEvents = pgTable(
  'return_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    returnId: ref('return_id', () => returns.id),
    action: varchar('action', { length: 30 }).notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    note: text('note'),
    at: ts('at').notNull(),
  },
  (t) => [index('return_events_return_idx').on(t.returnId, t.id)],
);
