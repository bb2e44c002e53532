import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { companyStock, franchiseStock, products, stockMovements, stockRequests, users } from '../../db/schema/index';
import { requestRows } from '../../db/rows';

export type StockRequestRow = typeof stockRequests.$inferSelect;

/**
 * Moves one franchise's stock of one product by `change` in one statement that refuses to go below zero (the row lock
 * it takes orders concurrent movements), and answers the quantity after it; undefined when the stock does not cover a
 * decrease. The caller writes the stock_movements row in the same transaction.
 */
export async function shiftStock(db: DbOrTx, franchiseId: string, productId: string, change: number): Promise<number | undefined> {
  const rows =
    change > 0
      ? await rawRows<{ quantity: number }>(
          db,
          sql`
        insert into franchise_stock (franchise_id, product_id, quantity, updated_at) values (${franchiseId}::uuid, ${productId}::uuid, ${change}, now())
        on conflict (franchise_id, product_id) do update set quantity = franchise_stock.quantity + excluded.quantity, updated_at = now()
        returning quantity`,
        )
      : await rawRows<{ quantity: number }>(
          db,
          sql`
        update franchise_stock set quantity = quantity + ${change}, updated_at = now()
        where franchise_id = ${franchiseId}::uuid and product_id = ${productId}::uuid and quantity + ${change} >= 0
        returning quantity`,
        );
  return rows[0] ? Number(rows[0].quantity) : undefined;
}

/** Adds returned goods to the company's own stock and answers the quantity after (the caller writes the movement). */
export async function addCompanyStock(db: DbOrTx, productId: string, change: number): Promise<number> {
  const [row] = await db
    .insert(companyStock)
    .values({ productId, quantity: change })
    .onConflictDoUpdate({ target: companyStock.productId, set: { quantity: sql`${companyStock.quantity} + ${change}` } })
    .returning({ quantity: companyStock.quantity });
  return Number(row.quantity);
}

export async function insertMovement(db: DbOrTx, values: typeof stockMovements.$inferInsert) {
  await db.insert(stockMovements).values(values);
}

export async function stockOf(db: DbOrTx, franchiseId?: string) {
  return db
    .select({ s: franchiseStock, productName: products.name, franchiseUserId: users.userId, firstName: users.firstName, lastName: users.lastName })
    .from(franchiseStock)
    .innerJoin(products, eq(products.id, franchiseStock.productId))
    .innerJoin(users, eq(users.id, franchiseStock.franchiseId))
    .where(franchiseId ? eq(franchiseStock.franchiseId, franchiseId) : undefined)
    .orderBy(users.userId, products.name);
}

export async function movementsOf(db: DbOrTx, franchiseId: string, limit: number) {
  return db
    .select({ m: stockMovements, productName: products.name })
    .from(stockMovements)
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .where(eq(stockMovements.franchiseId, franchiseId))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(limit);
}

const stockRequestRows = requestRows(stockRequests);
export const insertStockRequest = stockRequestRows.insert;
export const stockRequestForUpdate = stockRequestRows.forUpdate;
export const updateStockRequest = stockRequestRows.update;

export async function stockRequestsOf(db: DbOrTx, franchiseId: string | undefined, limit: number) {
  return db
    .select({ r: stockRequests, franchiseUserId: users.userId, firstName: users.firstName, lastName: users.lastName })
    .from(stockRequests)
    .innerJoin(users, eq(users.id, stockRequests.franchiseId))
    .where(franchiseId ? eq(stockRequests.franchiseId, franchiseId) : undefined)
    .orderBy(desc(stockRequests.createdAt), desc(stockRequests.id))
    .limit(limit);
}

export async function productNames(db: DbOrTx, ids: string[], activeOnly = false) {
  if (!ids.length) return new Map<string, string>();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(inArray(products.id, ids), activeOnly ? eq(products.isActive, true) : undefined));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Per franchise holder of `ids`: products in stock, units in stock and stock requests still open (Franchise Master Control). */
export async function stockSummaries(db: DbOrTx, ids: string[]) {
  if (!ids.length) return new Map<string, { products: number; units: number; openRequests: number }>();
  const [stock, open] = await Promise.all([
    db
      .select({
        id: franchiseStock.franchiseId,
        products: sql<number>`count(*) filter (where ${franchiseStock.quantity} > 0)::int`,
        units: sql<number>`coalesce(sum(${franchiseStock.quantity}), 0)::int`,
      })
      .from(franchiseStock)
      .where(inArray(franchiseStock.franchiseId, ids))
      .groupBy(franchiseStock.franchiseId),
    db
      .select({ id: stockRequests.franchiseId, n: sql<number>`count(*)::int` })
      .from(stockRequests)
      .where(and(inArray(stockRequests.franchiseId, ids), inArray(stockRequests.status, ['requested', 'approved', 'dispatched'])))
      .groupBy(stockRequests.franchiseId),
  ]);
  const out = new Map<string, { products: number; units: number; openRequests: number }>();
  for (const id of ids) out.set(id, { products: 0, units: 0, openRequests: 0 });
  for (const s of stock) Object.assign(out.get(s.id)!, { products: Number(s.products), units: Number(s.units) });
  for (const o of open) out.get(o.id)!.openRequests = Number(o.n);
  return out;
}
