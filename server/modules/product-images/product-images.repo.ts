import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productImages, products } from '../../db/schema/index';

/** An image's row without its bytes (what the views are made from). */
const meta = {
  id: productImages.id,
  productId: productImages.productId,
  position: productImages.position,
  width: productImages.width,
  height: productImages.height,
  hash: productImages.hash,
};
export type ProductImageMeta = { id: string; productId: string; position: number; width: number; height: number; hash: string };

/** The images of these products, each product's in order (primary first). */
export async function imagesOfProducts(db: DbOrTx, productIds: string[]): Promise<ProductImageMeta[]> {
  if (productIds.length === 0) return [];
  return db.select(meta).from(productImages).where(inArray(productImages.productId, productIds)).orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.createdAt));
}

/** The primary image of each of these products. */
export async function primaryImagesOf(db: DbOrTx, productIds: string[]): Promise<ProductImageMeta[]> {
  if (productIds.length === 0) return [];
  return db
    .selectDistinctOn([productImages.productId], meta)
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.createdAt));
}

/** One size's bytes of an image. */
export async function imageFile(db: DbOrTx, id: string, size: 'small' | 'medium' | 'large') {
  const [row] = await db.select({ bytes: productImages[size], hash: productImages.hash }).from(productImages).where(eq(productImages.id, id)).limit(1);
  return row;
}

/** Locks the product row (serialises the changes of one product's images); undefined when there is none. */
export async function lockProduct(db: DbOrTx, id: string) {
  const [row] = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, id)).for('update');
  return row;
}

export async function insertImage(db: DbOrTx, values: typeof productImages.$inferInsert) {
  const [row] = await db.insert(productImages).values(values).returning(meta);
  return row;
}

export async function deleteImage(db: DbOrTx, productId: string, id: string) {
  const rows = await db
    .delete(productImages)
    .where(and(eq(productImages.productId, productId), eq(productImages.id, id)))
    .returning({ id: productImages.id });
  return rows.length > 0;
}

/** Sets each listed image's position to its index in the list. */
export async function setPositions(db: DbOrTx, productId: string, ids: string[]) {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, i) => sql`when ${id}::uuid then ${i}::int`),
    sql` `,
  );
  await db
    .update(productImages)
    .set({ position: sql`case ${productImages.id} ${cases} end` })
    .where(and(eq(productImages.productId, productId), inArray(productImages.id, ids)));
}
