import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, text, boolean, integer, numeric, jsonb, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { users } from './users';
import { products, purchases } from './commerce';
import { ts, primaryId, createdAt, ref, rupees, bv } from './columns';

export type LocalInvoice = {
  financialYear: string;
  serial: number;
  seller: Record<string, string | null>;
  buyer: Record<string, string | null>;
  hsnCode: string | null;
  productName: string;
  taxableValue: string;
  cgst: string;
  sgst: string;
  igst: string;
};

/** A franchise holder's retail customers (issue 16): people who buy at the counter without being members. */
export const franchiseCustomers = pgTable(
  'franchise_customers',
  {
    id: primaryId(),
    franchiseId: ref('franchise_id', () => users.id),
    name: varchar('name', { length: 120 }).notNull(),
    mobile: varchar('mobile', { length: 15 }).notNull(),
    address: text('address'),
    consentToContact: boolean('consent_to_contact').notNull().default(false),
    /** The referral invitation sent to the customer (their mobile or email), once invited to join. */
    invitedAt: ts('invited_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('franchise_customers_mobile_idx').on(t.franchiseId, t.mobile), index('franchise_customers_name_idx').on(t.franchiseId, t.name)],
);

/**
 * A sale from a franchise holder's stock at the counter (issue 16): to a member (then a completed purchase of the
 * member, whose BV goes through the volume journal like an online purchase, with its invoice from the applier) or to
 * a registered customer (then its own tax invoice, numbered in the company's series, issued with the sale).
 */
export const localSales = pgTable(
  'local_sales',
  {
    id: primaryId(),
    franchiseId: ref('franchise_id', () => users.id),
    memberId: uuid('member_id').references(() => users.id),
    customerId: uuid('customer_id').references(() => franchiseCustomers.id),
    purchaseId: uuid('purchase_id').references(() => purchases.id),
    productId: ref('product_id', () => products.id),
    quantity: integer('quantity').notNull(),
    unitPrice: bv('unit_price').notNull(),
    gstRate: numeric('gst_rate', { precision: 5, scale: 2 }).notNull(),
    totalAmount: rupees('total_amount').notNull(),
    totalBV: bv('total_bv').notNull(),
    paymentMethod: varchar('payment_method', { length: 10 }).notNull(),
    paymentReference: varchar('payment_reference', { length: 100 }),
    /** The customer sale's invoice number (a member's invoice is the purchase's). */
    invoiceNumber: varchar('invoice_number', { length: 30 }).unique(),
    /** The customer sale's invoice as issued: seller, buyer, financial year, serial, taxable value and the tax split. */
    invoice: jsonb('invoice').$type<LocalInvoice>(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('local_sales_franchise_idx').on(t.franchiseId, t.createdAt),
    index('local_sales_customer_idx').on(t.customerId, t.createdAt),
    check('local_sales_buyer_check', sql`(${t.memberId} is null) <> (${t.customerId} is null)`),
    check('local_sales_quantity_check', sql`${t.quantity} >= 1`),
    check('local_sales_payment_check', sql`${t.paymentMethod} in ('cash','upi','card')`),
  ],
);
