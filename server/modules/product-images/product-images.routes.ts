import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { del, get, post, put, type RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { isUploadForm, readUploadForm } from '../../http/upload-form';
import { badRequest, notFound } from '../../core/app-error';
import { ProductIdParam } from '../../../contracts/commerce';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MSG,
  ProductImageFileParams,
  ProductImageFileQuery,
  ProductImageOrder,
  ProductImageParams,
  ProductImageUpload,
} from '../../../contracts/product-images';
import { addProductImage, adminProductImages, deleteProductImage, productImageFile, reorderProductImages } from './product-images.service';

/** An 8 MB image as base64 is about 10.7 MB, plus the JSON around it. */
const IMAGE_BODY_LIMIT = 11 * 1024 * 1024;

/** The upload: a multipart form with the file in `image` (read as a stream, stopped past the limit), or JSON base64. */
async function uploadedImage(req: FastifyRequest): Promise<string | Buffer> {
  if (!isUploadForm(req)) return parse(ProductImageUpload, req.body ?? {}).image;
  const form = await readUploadForm(req, { image: { maxBytes: PRODUCT_IMAGE_MAX_BYTES, sizeMessage: PRODUCT_IMAGE_MSG.size } }, 2);
  const file = form.files.image;
  if (!file || file.bytes.length === 0) throw badRequest(PRODUCT_IMAGE_MSG.required, { image: [PRODUCT_IMAGE_MSG.required] });
  return file.bytes;
}

/** Product images (issue 16 part 5): the admin's uploads, order and deletes; the images themselves, served by us. */
export function productImageRoutes(ctx: AppContext): RouteDef[] {
  return [
    get('/api/product-images/:imageId/:width', 'public', async (req, reply) => {
      const { imageId, width } = parse(ProductImageFileParams, req.params);
      const { v } = parse(ProductImageFileQuery, req.query);
      const file = await productImageFile(ctx, imageId, width as 160 | 480 | 960);
      if (!file) throw notFound(PRODUCT_IMAGE_MSG.imageNotFound);
      // An image's bytes never change (a new upload is a new image): at the address with its hash it is kept for good.
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', v === file.hash ? 'public, max-age=31536000, immutable' : 'no-store')
        .header('etag', `"${file.hash}-${width}"`)
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    }),
    get('/api/admin/products/:id/images', 'admin', async (req) => adminProductImages(ctx, parse(ProductIdParam, req.params).id)),
    post('/api/admin/products/:id/images', { access: 'admin', bodyLimit: IMAGE_BODY_LIMIT, uploadForm: true }, async (req, reply) => {
      const { id } = parse(ProductIdParam, req.params);
      return reply.status(201).send(await addProductImage(ctx, actorOf(req), id, await uploadedImage(req)));
    }),
    put('/api/admin/products/:id/images/order', 'admin', async (req) =>
      reorderProductImages(ctx, actorOf(req), parse(ProductIdParam, req.params).id, parse(ProductImageOrder, req.body ?? {}).imageIds),
    ),
    del('/api/admin/products/:id/images/:imageId', 'admin', async (req) => {
      const { id, imageId } = parse(ProductImageParams, req.params);
      return deleteProductImage(ctx, actorOf(req), id, imageId);
    }),
  ];
}
