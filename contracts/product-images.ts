import { z } from 'zod';
import { id } from './route-contract';

/** Product images (issue 16 part 5): uploaded by an admin, re-encoded as WebP in a few widths, served by the platform. */

/** The widths each image is kept at (never wider than the upload). */
export const PRODUCT_IMAGE_WIDTHS = [160, 480, 960] as const;
export type ProductImageWidth = (typeof PRODUCT_IMAGE_WIDTHS)[number];
/** Largest upload as sent. */
export const PRODUCT_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Largest picture decoded (width times height), e.g. 8000 x 5000. */
export const PRODUCT_IMAGE_MAX_PIXELS = 40_000_000;
/** Images per product. */
export const PRODUCT_IMAGE_MAX_COUNT = 8;

export const PRODUCT_IMAGE_MSG = {
  required: 'Choose an image to upload',
  type: 'The file must be a JPEG, PNG or WebP image',
  corrupt: 'The file could not be read as an image',
  size: 'The image must be at most 8 MB',
  pixels: 'The image is too large: at most 40 megapixels (e.g. 8000 x 5000)',
  tooMany: `A product has at most ${PRODUCT_IMAGE_MAX_COUNT} images; delete one first`,
  productNotFound: 'Product not found',
  imageNotFound: 'Image not found',
  orderMismatch: "The order must list each of the product's images once",
} as const;

export const ProductImageParams = z.object({ id: z.uuid({ error: PRODUCT_IMAGE_MSG.productNotFound }), imageId: z.uuid({ error: PRODUCT_IMAGE_MSG.imageNotFound }) });
export const ProductImageFileParams = z.object({
  imageId: z.uuid({ error: PRODUCT_IMAGE_MSG.imageNotFound }),
  width: z.enum(PRODUCT_IMAGE_WIDTHS.map(String) as ['160', '480', '960'], { error: PRODUCT_IMAGE_MSG.imageNotFound }).transform(Number),
});
/** `v`: the image's content hash; at that address the image is kept for good by caches. */
export const ProductImageFileQuery = z.object({ v: z.string().max(64).optional() });
/** The JSON form of the upload: the image as base64 or a data URL (a multipart form carries it as the file field `image`). */
export const ProductImageUpload = z.object({ image: z.string({ error: PRODUCT_IMAGE_MSG.required }).min(1, { error: PRODUCT_IMAGE_MSG.required }) });
/** The product's images in their new order; the first is the primary image. */
export const ProductImageOrder = z.object({
  imageIds: z
    .array(z.uuid({ error: PRODUCT_IMAGE_MSG.imageNotFound }), { error: PRODUCT_IMAGE_MSG.orderMismatch })
    .min(1, { error: PRODUCT_IMAGE_MSG.orderMismatch })
    .max(PRODUCT_IMAGE_MAX_COUNT),
});
export type ProductImageOrder = z.input<typeof ProductImageOrder>;

// ---- answers ----
export const ProductImageView = z.strictObject({
  id,
  /** 0 is the primary image. */
  position: z.number().int(),
  /** The largest stored size (the upload's aspect ratio). */
  width: z.number().int(),
  height: z.number().int(),
  /** The middle size (for `src`). */
  src: z.string(),
  /** Every stored size, as `srcset` writes them ("url 160w, url 480w, ..."). */
  srcSet: z.string(),
  /** The smallest size (thumbnails). */
  thumb: z.string(),
});
export type ProductImageView = z.infer<typeof ProductImageView>;
export const ProductImageList = z.array(ProductImageView);
