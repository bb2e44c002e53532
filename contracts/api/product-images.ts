import type { RouteContract } from '../route-contract';
import { file, created, ok } from '../route-contract';
import { ProductIdParam } from '../commerce';
import { ProductImageFileParams, ProductImageFileQuery, ProductImageList, ProductImageOrder, ProductImageParams, ProductImageUpload } from '../product-images';

/** Product images (issue 16 part 5). */
export const PRODUCT_IMAGES_API = {
  'GET /api/product-images/:imageId/:width': ok(
    'A product image at one width (WebP); at its address with the content hash (`?v=`) kept for good by caches',
    file(['image/webp'], 'The image, re-encoded as WebP'),
    { params: ProductImageFileParams, query: ProductImageFileQuery },
  ),
  'GET /api/admin/products/:id/images': ok("A product's images, the primary first", ProductImageList, { params: ProductIdParam }),
  'POST /api/admin/products/:id/images': created(
    'Add an image (JPEG, PNG or WebP, 8 MB, 40 megapixels): a multipart form with the file `image`, or JSON base64; re-encoded as WebP at 160, 480 and 960 px wide',
    ProductImageList,
    { params: ProductIdParam, body: ProductImageUpload },
  ),
  'PUT /api/admin/products/:id/images/order': ok("Reorder a product's images; the first is the primary", ProductImageList, { params: ProductIdParam, body: ProductImageOrder }),
  'DELETE /api/admin/products/:id/images/:imageId': ok('Delete an image of a product', ProductImageList, { params: ProductImageParams }),
} as const satisfies Record<string, RouteContract>;
