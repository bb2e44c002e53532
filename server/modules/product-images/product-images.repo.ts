import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { randomUUID } from 'node:crypto';
import { productImages, products } from '../../db/schema/index';
import { objectKeys, objectStore, uploadTarget } from '../../lib/object-store';

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

/** One size's bytes of an image: its column's, or its object's in the bucket (ADR 0032). */
export async function imageFile(db: DbOrTx, id: string, size: ImageSize) {
  const [row] = await db.select({ bytes: productImages[size], hash: productImages.hash, storage: productImages.storage }).from(productImages).where(eq(productImages.id, id)).limit(1);
  if (!row) return undefined;
  const bytes = row.storage === 's3' ? await objectStore().get(objectKeys.productImage(id, size)) : row.bytes;
  if (!bytes) throw new Error(`product image ${id} has no ${size} bytes`);
  return { bytes, hash: row.hash };
}

export type ImageSize = 'small' | 'medium' | 'large';
export const IMAGE_SIZES: readonly ImageSize[] = ['small', 'medium', 'large'];

/** Locks the product row (serialises the changes of one product's images); undefined when there is none. */
export async function lockProduct(db: DbOrTx, id: string) {
  const [row] = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, id)).for('update');
  return row;
}

/**
 * Adds an image: its three encodings in the row, or in the bucket when STORAGE_URL is set (public images, stored as
 * served). The objects are put before the row is written, under the row's id chosen here.
 */
export async function insertImage(db: DbOrTx, values: Omit<typeof productImages.$inferInsert, 'small' | 'medium' | 'large' | 'storage'> & Record<ImageSize, Buffer>) {
  if (uploadTarget() === 's3') {
    const id = values.id ?? randomUUID();
    for (const size of IMAGE_SIZES) await objectStore().put(objectKeys.productImage(id, size), values[size], 'image/webp');
    const [row] = await db
      .insert(productImages)
      .values({ ...values, id, storage: 's3', small: null, medium: null, large: null })
      .returning(meta);
    return row;
  }
  const [row] = await db
    .insert(productImages)
    .values({ ...values, storage: 'db' })
    .returning(meta);
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
