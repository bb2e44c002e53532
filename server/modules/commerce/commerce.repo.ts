import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, purchases, users } from '../../db/schema/index';

export type ProductRow = typeof products.$inferSelect;
export type PurchaseRow = typeof purchases.$inferSelect;

export async function activeProducts(db: DbOrTx, f: { purchaseType?: string; category?: string }) {
  return db.select().from(products)
    .where(and(eq(products.isActive, true), f.purchaseType ? eq(products.purchaseType, f.purchaseType) : undefined, f.category ? eq(products.category, f.category) : undefined))
    .orderBy(products.purchaseType, products.name);
}

export async function allProducts(db: DbOrTx) {
  return db.select({ p: products, purchaseCount: sql<number>`(select count(*)::int from ${purchases} x where x.product_id = ${products.id})` })
    .from(products).orderBy(desc(products.isActive), products.name);
}

export async function findProduct(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

export async function insertProduct(db: DbOrTx, values: typeof products.$inferInsert) {
  const [row] = await db.insert(products).values(values).returning();
  return row;
}

export async function updateProduct(db: DbOrTx, id: string, values: Partial<typeof products.$inferInsert>) {
  const [row] = await db.update(products).set({ ...values, updatedAt: new Date() }).where(eq(products.id, id)).returning();
  return row;
}

export async function insertPurchase(db: DbOrTx, values: typeof purchases.$inferInsert) {
  const [row] = await db.insert(purchases).values(values).returning();
  return row;
}

export async function purchaseForUpdate(db: DbOrTx, id: string): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id)).for('update');
  return row;
}

export async function updatePurchase(db: DbOrTx, id: string, values: Partial<typeof purchases.$inferInsert>) {
  const [row] = await db.update(purchases).set({ ...values, updatedAt: new Date() }).where(eq(purchases.id, id)).returning();
  return row;
}

export async function purchasesOf(db: DbOrTx, userId: string) {
  return db.select({ p: purchases, productName: products.name }).from(purchases).innerJoin(products, eq(products.id, purchases.productId))
    .where(eq(purchases.userId, userId)).orderBy(desc(purchases.createdAt)).limit(500);
}

export async function purchasesPage(db: DbOrTx, f: { paymentStatus?: string; deliveryStatus?: string }, cursor: { at: string; id: string } | undefined, limit: number) {
  return db.select({ p: purchases, productName: products.name, userDisplayId: users.userId, firstName: users.firstName, lastName: users.lastName, userEmail: users.email })
    .from(purchases)
    .innerJoin(products, eq(products.id, purchases.productId))
    .innerJoin(users, eq(users.id, purchases.userId))
    .where(and(
      f.paymentStatus ? eq(purchases.paymentStatus, f.paymentStatus) : undefined,
      f.deliveryStatus ? eq(purchases.deliveryStatus, f.deliveryStatus) : undefined,
      cursor ? sql`(${purchases.createdAt}, ${purchases.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined,
    ))
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(limit + 1);
}
