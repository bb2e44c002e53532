import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, text, boolean, integer, numeric, jsonb, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { users } from './users';
import { ts, primaryId, createdAt, ref, rupees, bv, timestamps } from './columns';

export const products = pgTable(
  'products',
  {
    id: primaryId(),
    name: varchar('name', { length: 160 }).notNull(),
    description: text('description'),
    price: bv('price').notNull(),
    bv: bv('bv').notNull(),
    gst: numeric('gst', { precision: 5, scale: 2 }).notNull().default('0'),
    category: varchar('category', { length: 40 }).notNull(),
    purchaseType: varchar('purchase_type', { length: 20 }).notNull(),
    imageUrl: text('image_url'),
    /** HSN code of the goods (4 to 8 digits), printed on the tax invoice. */
    hsnCode: varchar('hsn_code', { length: 8 }),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('products_active_idx').on(t.isActive, t.purchaseType, t.category),
    check('products_price_check', sql`${t.price} > 0 and ${t.bv} > 0 and ${t.gst} >= 0`),
    check('products_purchase_type_check', sql`${t.purchaseType} in ('first_purchase','second_purchase')`),
  ],
);

export const purchases = pgTable(
  'purchases',
  {
    id: primaryId(),
    userId: ref('user_id', () => users.id),
    // No foreign key (ADR 0019): its check share-locked the product's row in every purchase, one MultiXact per
    // purchase of a popular product. The purchase statement reads the product; products are never deleted
    // (trigger products_never_deleted, migration 0039).
    productId: uuid('product_id').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitPrice: bv('unit_price').notNull(),
    totalAmount: rupees('total_amount').notNull(),
    totalBV: bv('total_bv').notNull(),
    paymentMethod: varchar('payment_method', { length: 20 }).notNull(),
    paymentStatus: varchar('payment_status', { length: 20 }).notNull().default('pending'),
    transactionId: varchar('transaction_id', { length: 100 }),
    deliveryAddress: text('delivery_address').notNull(),
    /**
     * Where the delivery ends (issue 30): the place of supply of the goods under the GST Act, so the invoice charges
     * IGST when it is not the company's state. A counter sale's is the franchise's. Null on orders placed before it.
     */
    deliveryState: varchar('delivery_state', { length: 80 }),
    deliveryPincode: varchar('delivery_pincode', { length: 6 }),
    deliveryStatus: varchar('delivery_status', { length: 20 }).notNull().default('pending'),
    trackingId: varchar('tracking_id', { length: 100 }),
    /** When the delivery was recorded as done: a return's cooling-off window counts from it (docs/spec/returns.md §2). */
    deliveredAt: ts('delivered_at'),
    bvCreditedAt: ts('bv_credited_at'),
    ...timestamps(),
  },
  (t) => [
    index('purchases_user_idx').on(t.userId, t.createdAt),
    index('purchases_status_idx').on(t.paymentStatus, t.createdAt),
    // Sales per day and the sales totals read the quarter-hour sums (sales_slots, migration 0040), not this table.
    check('purchases_quantity_check', sql`${t.quantity} >= 1`),
    check('purchases_amount_check', sql`${t.totalAmount} > 0 and ${t.totalBV} >= 0`),
    check('purchases_payment_method_check', sql`${t.paymentMethod} in ('upi','bank_transfer','card','wallet','cash')`),
  ],
);

/** The last invoice serial of each financial year (April to March, India): invoices are numbered without gaps. */
export const invoiceSeries = pgTable('invoice_series', {
  financialYear: varchar('financial_year', { length: 7 }).primaryKey(),
  lastSerial: integer('last_serial').notNull().default(0),
});

/**
 * A GST tax invoice (issue 15): one per completed purchase, issued by the volume applier in the batch that applies the
 * purchase's journal entry (exactly once, in the order purchases completed). Seller and buyer are copied as they were
 * at issue; the PDF is drawn from this row whenever it is asked for.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: primaryId(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .unique()
      .references(() => purchases.id),
    userId: ref('user_id', () => users.id),
    financialYear: varchar('financial_year', { length: 7 }).notNull(),
    serial: integer('serial').notNull(),
    invoiceNumber: varchar('invoice_number', { length: 30 }).notNull().unique(),
    issuedAt: ts('issued_at').notNull(),
    seller: jsonb('seller').notNull(),
    buyer: jsonb('buyer').notNull(),
    productName: varchar('product_name', { length: 160 }).notNull(),
    hsnCode: varchar('hsn_code', { length: 8 }),
    quantity: integer('quantity').notNull(),
    unitPrice: bv('unit_price').notNull(),
    gstRate: numeric('gst_rate', { precision: 5, scale: 2 }).notNull(),
    taxableValue: rupees('taxable_value').notNull(),
    cgst: rupees('cgst').notNull(),
    sgst: rupees('sgst').notNull(),
    igst: rupees('igst').notNull(),
    total: rupees('total').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_series_idx').on(t.financialYear, t.serial),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
    check('invoices_tax_check', sql`${t.total} = ${t.taxableValue} + ${t.cgst} + ${t.sgst} + ${t.igst}`),
  ],
);
