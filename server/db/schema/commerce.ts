import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, text, boolean, integer, numeric, timestamp, index, check } from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 160 }).notNull(),
    description: text('description'),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    bv: numeric('bv', { precision: 12, scale: 2 }).notNull(),
    gst: numeric('gst', { precision: 5, scale: 2 }).notNull().default('0'),
    category: varchar('category', { length: 40 }).notNull(),
    purchaseType: varchar('purchase_type', { length: 20 }).notNull(),
    imageUrl: text('image_url'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
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
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id),
    productId: uuid('product_id').notNull().references(() => products.id),
    quantity: integer('quantity').notNull().default(1),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    totalAmount: numeric('total_amount', { precision: 14, scale: 2 }).notNull(),
    totalBV: numeric('total_bv', { precision: 12, scale: 2 }).notNull(),
    paymentMethod: varchar('payment_method', { length: 20 }).notNull(),
    paymentStatus: varchar('payment_status', { length: 20 }).notNull().default('pending'),
    transactionId: varchar('transaction_id', { length: 100 }),
    deliveryAddress: text('delivery_address').notNull(),
    deliveryStatus: varchar('delivery_status', { length: 20 }).notNull().default('pending'),
    trackingId: varchar('tracking_id', { length: 100 }),
    bvCreditedAt: ts('bv_credited_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('purchases_user_idx').on(t.userId, t.createdAt),
    index('purchases_status_idx').on(t.paymentStatus, t.createdAt),
    check('purchases_quantity_check', sql`${t.quantity} >= 1`),
    check('purchases_amount_check', sql`${t.totalAmount} > 0 and ${t.totalBV} >= 0`),
    check('purchases_payment_method_check', sql`${t.paymentMethod} in ('upi','bank_transfer','card','wallet')`),
  ],
);
