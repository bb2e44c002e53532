import type { RouteContract } from '../route-contract';
import { file } from '../route-contract';
import { ProductIdParam } from '../commerce';
import { ProductImageFileParams, ProductImageFileQuery, ProductImageList, ProductImageOrder, ProductImageParams, ProductImageUpload } from '../product-images';

/** Product images (issue 16 part 5). */
export const PRODUCT_IMAGES_API = {
  'GET /api/product-images/:imageId/:width': {
    summary: 'A product image at one width (WebP); at its address with the content hash (`?v=`) kept for good by caches',
    params: ProductImageFileParams,
    query: ProductImageFileQuery,
    response: { 200: file(['image/webp'], 'The image, re-encoded as WebP') },
  },
  'GET /api/admin/products/:id/images': { summary: "A product's images, the primary first", params: ProductIdParam, response: { 200: ProductImageList } },
  'POST /api/admin/products/:id/images': {
    summary: 'Add an image (JPEG, PNG or WebP, 8 MB, 40 megapixels): a multipart form with the file `image`, or JSON base64; re-encoded as WebP at 160, 480 and 960 px wide',
    params: ProductIdParam,
    body: ProductImageUpload,
    response: { 201: ProductImageList },
  },
  'PUT /api/admin/products/:id/images/order': { summary: "Reorder a product's images; the first is the primary", params: ProductIdParam, body: ProductImageOrder, response: { 200: ProductImageList } },
  'DELETE /api/admin/products/:id/images/:imageId': { summary: 'Delete an image of a product', params: ProductImageParams, response: { 200: ProductImageList } },
} as const satisfies Record<string, RouteContract>;
