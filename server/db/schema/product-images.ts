import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, integer, customType, index, check } from 'drizzle-orm/pg-core';
import { users } from './users';
import { products } from './commerce';
import { primaryId, createdAt, ref } from './columns';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A product's images (issue 16 part 5): each upload decoded and encoded again as WebP at three widths (160, 480 and
 * 960 px, never wider than the upload; the upload's aspect ratio), without metadata. Position 0 is the primary image.
 * The bytes are never changed: a new upload is a new row, so an image's address (its id, width and hash) is cached for good.
 */
export const productImages = pgTable(
  'product_images',
  {
    id: primaryId(),
    productId: ref('product_id', () => products.id, 'cascade'),
    position: integer('position').notNull(),
    /** The largest size's width and height. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** sha256 of the three encodings, hex, first 16 characters: the `?v=` of the image's addresses. */
    hash: varchar('hash', { length: 16 }).notNull(),
    /** Where the three encodings are (ADR 0032): 'db' (these columns) or 's3' (objects `product-images/<id>/<size>.webp`). */
    storage: varchar('storage', { length: 8 }).notNull().default('db'),
    small: bytea('small'),
    medium: bytea('medium'),
    large: bytea('large'),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (t) => [
    index('product_images_product_idx').on(t.productId, t.position),
    check('product_images_size_check', sql`${t.width} > 0 and ${t.height} > 0 and ${t.position} >= 0`),
    check(
      'product_images_storage_check',
      sql`(${t.storage} = 'db' and ${t.small} is not null and ${t.medium} is not null and ${t.large} is not null) or (${t.storage} = 's3' and ${t.small} is null and ${t.medium} is null and ${t.large} is null)`,
    ),
  ],
);
