import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, text, integer, jsonb, index, primaryKey, check } from 'drizzle-orm/pg-core';
import { users } from './users';
import { products } from './commerce';
import { ts, primaryId, createdAt, updatedAt, ref, timestamps } from './columns';

/** A stock request's line: what was asked, and what the company approved (null until then). */
export type StockRequestLineRow = { productId: string; requested: number; approved: number | null };

/** Each franchise holder's stock per product (issue 16): never below zero, changed only with a stock_movements row. */
export const franchiseStock = pgTable(
  'franchise_stock',
  {
    franchiseId: ref('franchise_id', () => users.id),
    productId: ref('product_id', () => products.id),
    quantity: integer('quantity').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.franchiseId, t.productId] }), check('franchise_stock_nonneg', sql`${t.quantity} >= 0`)],
);

/**
 * The company's own stock of goods that came back (docs/spec/returns.md §2): returned goods of online orders are
 * received here, through the stock ledger (a movement with no franchise).
 */
export const companyStock = pgTable(
  'company_stock',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [check('company_stock_nonneg', sql`${t.quantity} >= 0`)],
);

/**
 * The stock ledger: every change of a franchise's stock, with the quantity after it (like the wallet's ledger); a
 * movement without a franchise is the company's own stock (returned goods).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: primaryId(),
    franchiseId: uuid('franchise_id').references(() => users.id),
    productId: ref('product_id', () => products.id),
    change: integer('change').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    referenceId: varchar('reference_id', { length: 100 }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_franchise_idx').on(t.franchiseId, t.createdAt),
    check('stock_movement_after_nonneg', sql`${t.quantityAfter} >= 0`),
    check('stock_movement_change_nonzero', sql`${t.change} <> 0`),
  ],
);

/** A franchise's request for stock: requested -> approved (with quantities) -> dispatched -> received, or rejected. */
export const stockRequests = pgTable(
  'stock_requests',
  {
    id: primaryId(),
    franchiseId: ref('franchise_id', () => users.id),
    status: varchar('status', { length: 20 }).notNull().default('requested'),
    items: jsonb('items').$type<StockRequestLineRow[]>().notNull(),
    note: text('note'),
    rejectionReason: text('rejection_reason'),
    decidedBy: uuid('decided_by').references(() => users.id),
    approvedAt: ts('approved_at'),
    dispatchedAt: ts('dispatched_at'),
    receivedAt: ts('received_at'),
    ...timestamps(),
  },
  (t) => [
    index('stock_requests_franchise_idx').on(t.franchiseId, t.createdAt),
    index('stock_requests_status_idx').on(t.status, t.createdAt),
    check('stock_request_status_check', sql`${t.status} in ('requested','approved','dispatched','received','rejected')`),
  ],
);
