import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { badRequest, conflict, notFound } from '../../core/app-error';
import { audit } from '../audit';
import { decodeDocument } from '../kyc';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MAX_COUNT,
  PRODUCT_IMAGE_MAX_PIXELS,
  PRODUCT_IMAGE_MSG,
  PRODUCT_IMAGE_WIDTHS,
  type ProductImageView,
  type ProductImageWidth,
} from '../../../contracts/product-images';
import { deleteImage, imageFile, imagesOfProducts, insertImage, lockProduct, primaryImagesOf, setPositions, type ProductImageMeta } from './product-images.repo';

const FIELD = 'image';
const SIZE_COLUMN = { 160: 'small', 480: 'medium', 960: 'large' } as const satisfies Record<ProductImageWidth, 'small' | 'medium' | 'large'>;

export const productImageUrl = (id: string, width: ProductImageWidth, hash: string) => `/api/product-images/${id}/${width}?v=${hash}`;

/** The view of an image: each stored size's address and real width (sizes equal to a smaller one are left out of srcset). */
export function toImageView(m: ProductImageMeta): ProductImageView {
  const seen = new Set<number>();
  const entries: string[] = [];
  for (const w of PRODUCT_IMAGE_WIDTHS) {
    const real = Math.min(w, m.width);
    if (seen.has(real)) continue;
    seen.add(real);
    entries.push(`${productImageUrl(m.id, w, m.hash)} ${real}w`);
  }
  return {
    id: m.id,
    position: m.position,
    width: m.width,
    height: m.height,
    src: productImageUrl(m.id, 480, m.hash),
    srcSet: entries.join(', '),
    thumb: productImageUrl(m.id, 160, m.hash),
  };
}

/** The images of these products (primary first), by product id. */
export async function imagesByProduct(db: DbOrTx, productIds: string[]): Promise<Map<string, ProductImageView[]>> {
  const map = new Map<string, ProductImageView[]>();
  for (const m of await imagesOfProducts(db, [...new Set(productIds)])) {
    const list = map.get(m.productId) ?? [];
    list.push(toImageView(m));
    map.set(m.productId, list);
  }
  return map;
}

/** The primary image of each of these products, by product id. */
export async function primaryImageByProduct(db: DbOrTx, productIds: string[]): Promise<Map<string, ProductImageView>> {
  return new Map((await primaryImagesOf(db, [...new Set(productIds)])).map((m) => [m.productId, toImageView(m)]));
}

/**
 * The product's primary image at the smallest size as PNG (pdfkit draws JPEG and PNG, not WebP): the invoice's
 * thumbnail beside its line. Undefined when the product has no image (or it does not convert).
 */
export async function invoiceThumbnail(db: DbOrTx, productId: string): Promise<Buffer | undefined> {
  const [m] = await primaryImagesOf(db, [productId]);
  const file = m ? await imageFile(db, m.id, 'small') : undefined;
  if (!file) return undefined;
  try {
    return await sharp(file.bytes).png().toBuffer();
  } catch {
    return undefined;
  }
}

const refuse = (message: string, code: 'INVALID_FILE_TYPE' | 'FILE_TOO_LARGE' | 'VALIDATION_ERROR' = 'INVALID_FILE_TYPE') => badRequest(message, { [FIELD]: [message] }, code);

/** JPEG, PNG or WebP by their first bytes (the name and the declared type are not trusted). */
function sniffImage(b: Buffer) {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return undefined;
}

export interface EncodedImage {
  width: number;
  height: number;
  hash: string;
  small: Buffer;
  medium: Buffer;
  large: Buffer;
}

/**
 * An upload decoded and encoded again as WebP at each width of PRODUCT_IMAGE_WIDTHS (never enlarged, aspect kept,
 * turned upright by its EXIF orientation, no metadata kept). Refuses what is not a JPEG, PNG or WebP, what does not
 * decode, and pictures of more than PRODUCT_IMAGE_MAX_PIXELS (read from the header, before decoding).
 */
export async function encodeProductImage(bytes: Buffer): Promise<EncodedImage> {
  if (bytes.length === 0) throw refuse(PRODUCT_IMAGE_MSG.required, 'VALIDATION_ERROR');
  if (bytes.length > PRODUCT_IMAGE_MAX_BYTES) throw refuse(PRODUCT_IMAGE_MSG.size, 'FILE_TOO_LARGE');
  const sniffed = sniffImage(bytes);
  if (!sniffed) throw refuse(PRODUCT_IMAGE_MSG.type);
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(PRODUCT_IMAGE_MSG.corrupt);
  }
  if (meta.format !== sniffed || !meta.width || !meta.height) throw refuse(PRODUCT_IMAGE_MSG.corrupt);
  if (meta.width * meta.height > PRODUCT_IMAGE_MAX_PIXELS) throw refuse(PRODUCT_IMAGE_MSG.pixels, 'FILE_TOO_LARGE');
  try {
    const source = sharp(bytes, { limitInputPixels: PRODUCT_IMAGE_MAX_PIXELS, failOn: 'warning' }).rotate();
    const out: { data: Buffer; width: number; height: number }[] = [];
    // One size after the other: the machine's cores are shared with the requests.
    for (const w of PRODUCT_IMAGE_WIDTHS) {
      const { data, info } = await source.clone().resize({ width: w, withoutEnlargement: true }).webp({ quality: 80, effort: 4 }).toBuffer({ resolveWithObject: true });
      out.push({ data, width: info.width, height: info.height });
    }
    const [small, medium, large] = out;
    const hash = createHash('sha256').update(small.data).update(medium.data).update(large.data).digest('hex').slice(0, 16);
    return { width: large.width, height: large.height, hash, small: small.data, medium: medium.data, large: large.data };
  } catch {
    throw refuse(PRODUCT_IMAGE_MSG.corrupt);
  }
}

async function lockedProduct(db: DbOrTx, productId: string) {
  const product = await lockProduct(db, productId);
  if (!product) throw notFound(PRODUCT_IMAGE_MSG.productNotFound);
  return product;
}

async function listOf(db: DbOrTx, productId: string) {
  return (await imagesOfProducts(db, [productId])).map(toImageView);
}

/** A product's images for the admin (404 for an unknown product). */
export async function adminProductImages(ctx: AppContext, productId: string): Promise<ProductImageView[]> {
  return ctx.db.transaction(async (tx) => {
    await lockedProduct(tx, productId);
    return listOf(tx, productId);
  });
}

/** The admin adds an image (last in the order; the first image of a product is its primary). Audited. */
export async function addProductImage(ctx: AppContext, actor: Actor, productId: string, upload: string | Buffer): Promise<ProductImageView[]> {
  const bytes = decodeDocument(upload, FIELD);
  const image = await encodeProductImage(bytes);
  return ctx.db.transaction(async (tx) => {
    const product = await lockedProduct(tx, productId);
    const current = await imagesOfProducts(tx, [productId]);
    if (current.length >= PRODUCT_IMAGE_MAX_COUNT) throw conflict(PRODUCT_IMAGE_MSG.tooMany, 'LIMIT_EXCEEDED');
    const row = await insertImage(tx, { productId, position: current.length, ...image, createdBy: actor.user.id });
    await audit(tx, actor, {
      entityType: 'product',
      entityId: productId,
      action: 'product.image.add',
      newState: { product: product.name, imageId: row.id, width: row.width, height: row.height, bytesSent: bytes.length },
    });
    return listOf(tx, productId);
  });
}

/** The admin puts a product's images in a new order (the first is the primary). Audited. */
export async function reorderProductImages(ctx: AppContext, actor: Actor, productId: string, ids: string[]): Promise<ProductImageView[]> {
  return ctx.db.transaction(async (tx) => {
    await lockedProduct(tx, productId);
    const current = await imagesOfProducts(tx, [productId]);
    const given = new Set(ids);
    if (given.size !== ids.length || ids.length !== current.length || current.some((m) => !given.has(m.id))) {
      throw badRequest(PRODUCT_IMAGE_MSG.orderMismatch, { imageIds: [PRODUCT_IMAGE_MSG.orderMismatch] });
    }
    await setPositions(tx, productId, ids);
    await audit(tx, actor, {
      entityType: 'product',
      entityId: productId,
      action: 'product.image.reorder',
      previousState: { order: current.map((m) => m.id) },
      newState: { order: ids },
    });
    return listOf(tx, productId);
  });
}

/** The admin deletes an image; the others close up (the next becomes primary). Audited. */
export async function deleteProductImage(ctx: AppContext, actor: Actor, productId: string, imageId: string): Promise<ProductImageView[]> {
  return ctx.db.transaction(async (tx) => {
    await lockedProduct(tx, productId);
    if (!(await deleteImage(tx, productId, imageId))) throw notFound(PRODUCT_IMAGE_MSG.imageNotFound);
    const rest = await imagesOfProducts(tx, [productId]);
    await setPositions(
      tx,
      productId,
      rest.map((m) => m.id),
    );
    await audit(tx, actor, { entityType: 'product', entityId: productId, action: 'product.image.delete', previousState: { imageId } });
    return listOf(tx, productId);
  });
}

/** One size of an image: its WebP bytes and content hash, or undefined. */
export async function productImageFile(ctx: AppContext, imageId: string, width: ProductImageWidth) {
  return imageFile(ctx.db, imageId, SIZE_COLUMN[width]);
}
