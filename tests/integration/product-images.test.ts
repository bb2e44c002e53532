import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../support/test-app';
import { startSignedIn } from '../support/start';
import { count, expectError, rawGet } from '../support/http';
import { multipartForm } from '../support/multipart';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_MSG, type ProductImageView } from '../../contracts/product-images';
import { walletBalances } from '../../server/db/schema';

/** Issue 16 part 5: product images uploaded by an admin, re-encoded as WebP in three widths, served by the platform. */
let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => ({ t, admin, member } = await startSignedIn(['admin', 'member'])));
afterAll(() => t?.close());

const photo = (width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') => {
  const image = sharp({ create: { width, height, channels: 3, background: '#0f766e' } });
  return image[format]()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toBuffer();
};

function upload(productId: string, bytes: Buffer, cookie = admin, type = 'image/jpeg') {
  const form = multipartForm([{ name: 'image', filename: 'photo.jpg', type, bytes }]);
  return t.api('POST', `/api/admin/products/${productId}/images`, { cookie, body: form.body, headers: { 'content-type': form.contentType } });
}

async function newProduct(name: string) {
  const r = await t.api('POST', '/api/admin/products', {
    cookie: admin,
    body: { name, price: '1000', bv: '100', gst: '18', category: 'led_tv', purchaseType: 'second_purchase', hsnCode: '8528' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect(r.body.images).toEqual([]);
  return r.body.id as string;
}

/** A real PNG whose header says `width` x `height` (its pixel data is a 1 x 1 picture's). */
async function pngClaiming(width: number, height: number) {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  // Signature (8), IHDR length (4), 'IHDR' (4), width (4), height (4), ...; the chunk's CRC covers type and data (17 bytes).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('product images', () => {
  it('an admin uploads a photo: it is re-encoded as WebP at 160, 480 and 960 px wide, without metadata, and shows in the catalog', async () => {
    const id = await newProduct('Image Test TV');
    const r = await upload(id, await photo(1600, 900));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const [img] = r.body as ProductImageView[];
    expect(img).toMatchObject({ position: 0, width: 960, height: 540 });
    expect(img.srcSet.split(', ').map((s) => s.split(' ')[1])).toEqual(['160w', '480w', '960w']);
    for (const [w, h] of [
      [160, 90],
      [480, 270],
      [960, 540],
    ]) {
      const url = img.srcSet
        .split(', ')
        .find((s) => s.endsWith(` ${w}w`))!
        .split(' ')[0];
      expect(url).toMatch(new RegExp(`^/api/product-images/${img.id}/${w}\\?v=[0-9a-f]{16}$`));
      // Served to anyone (an <img> of the catalog), kept for good at its hashed address.
      const file = await rawGet(t, url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(file.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: w, height: h });
      expect(meta.exif).toBeUndefined();
    }
    // Without the hash (or with another) no copy is kept (the API's rule for every other answer).
    expect((await rawGet(t, `/api/product-images/${img.id}/480`)).headers['cache-control']).toBe('no-store');
    expect((await rawGet(t, `/api/product-images/${img.id}/480?v=0000000000000000`)).headers['cache-control']).toBe('no-store');
    // Unknown image, unknown width.
    expectError(await t.api('GET', '/api/product-images/00000000-0000-4000-8000-000000000000/480'), 404);
    expectError(await t.api('GET', `/api/product-images/${img.id}/300`), 400);

    const catalog = (await t.api('GET', '/api/products', { cookie: member })).body as { id: string; images: ProductImageView[] }[];
    expect(catalog.find((p) => p.id === id)!.images).toEqual([img]);
    // A product without images has none (the web shows its category's artwork).
    expect(catalog.filter((p) => p.id !== id).every((p) => p.images.length === 0)).toBe(true);
    expect(await count(t, 'audit_log', sql`action = 'product.image.add' and entity_id = ${id}`)).toBe(1);
  });

  it('a small picture is never enlarged; the srcset lists each real width once; JSON base64 and PNG are taken', async () => {
    const id = await newProduct('Small Image TV');
    const png = await photo(300, 200, 'png');
    const r = await t.api('POST', `/api/admin/products/${id}/images`, { cookie: admin, body: { image: `data:image/png;base64,${png.toString('base64')}` } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const [img] = r.body as ProductImageView[];
    expect(img).toMatchObject({ width: 300, height: 200 });
    expect(img.srcSet.split(', ').map((s) => s.split(' ')[1])).toEqual(['160w', '300w']);
    const large = await rawGet(t, `/api/product-images/${img.id}/960?v=x`);
    expect(await sharp(large.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 300, height: 200 });
  });

  it('refuses what is not an image, an ELF behind JPEG magic, huge dimensions and files over the limit, storing nothing', async () => {
    const id = await newProduct('Refusing TV');
    const before = await count(t, 'product_images');
    expectError(await upload(id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), admin, 'image/svg+xml'), 400, {
      code: 'INVALID_FILE_TYPE',
      field: 'image',
      message: PRODUCT_IMAGE_MSG.type,
    });
    expectError(await upload(id, Buffer.from('%PDF-1.4\n%%EOF'), admin, 'application/pdf'), 400, { code: 'INVALID_FILE_TYPE', message: PRODUCT_IMAGE_MSG.type });
    const elf = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('\x7fELF\x02\x01\x01\0'), Buffer.alloc(4096, 0x90)]);
    expectError(await upload(id, elf), 400, { code: 'INVALID_FILE_TYPE', field: 'image', message: PRODUCT_IMAGE_MSG.corrupt });
    // A PNG with a JPEG's name and type is still read as what it is; one that claims 20000 x 20000 is refused from its header.
    expectError(await upload(id, await pngClaiming(20_000, 20_000)), 400, { code: 'FILE_TOO_LARGE', field: 'image', message: PRODUCT_IMAGE_MSG.pixels });
    // A header that lies about a small size does not decode.
    expectError(await upload(id, await pngClaiming(50, 50)), 400, { message: PRODUCT_IMAGE_MSG.corrupt });
    const tooBig = Buffer.concat([await photo(10, 10), Buffer.alloc(PRODUCT_IMAGE_MAX_BYTES, 0)]);
    expectError(await upload(id, tooBig), 400, { code: 'FILE_TOO_LARGE', field: 'image', message: PRODUCT_IMAGE_MSG.size });
    expectError(await upload(id, Buffer.alloc(0)), 400, { field: 'image', message: PRODUCT_IMAGE_MSG.required });
    expectError(await t.api('POST', `/api/admin/products/${id}/images`, { cookie: admin, body: {} }), 400, { field: 'image', message: PRODUCT_IMAGE_MSG.required });
    expectError(await t.api('POST', `/api/admin/products/${id}/images`, { cookie: admin, body: { image: 'not base64 !' } }), 400, { code: 'INVALID_FILE_TYPE' });
    expect(await count(t, 'product_images')).toBe(before);
  });

  it('only an admin changes images (403); an unknown product or image is 404', async () => {
    const id = await newProduct('Guarded TV');
    const jpeg = await photo(400, 400);
    expectError(await upload(id, jpeg, member), 403);
    expectError(await t.api('GET', `/api/admin/products/${id}/images`, { cookie: member }), 403);
    expectError(await t.api('PUT', `/api/admin/products/${id}/images/order`, { cookie: member, body: { imageIds: [id] } }), 403);
    expectError(await t.api('DELETE', `/api/admin/products/${id}/images/${id}`, { cookie: member }), 403);
    expectError(await upload(id, jpeg, ''), 401);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectError(await upload(unknown, jpeg), 404, { message: PRODUCT_IMAGE_MSG.productNotFound });
    expectError(await t.api('GET', `/api/admin/products/${unknown}/images`, { cookie: admin }), 404);
    expectError(await t.api('PUT', `/api/admin/products/${unknown}/images/order`, { cookie: admin, body: { imageIds: [unknown] } }), 404);
    expectError(await t.api('DELETE', `/api/admin/products/${id}/images/${unknown}`, { cookie: admin }), 404, { message: PRODUCT_IMAGE_MSG.imageNotFound });
  });

  it('an admin reorders (the first is primary) and deletes; the orders list shows the primary image', async () => {
    const id = await newProduct('Ordered TV');
    const a = ((await upload(id, await photo(800, 800))).body as ProductImageView[])[0];
    const list = (await upload(id, await photo(800, 400))).body as ProductImageView[];
    const b = list[1];
    expect(list.map((i) => [i.id, i.position])).toEqual([
      [a.id, 0],
      [b.id, 1],
    ]);
    expectError(await t.api('PUT', `/api/admin/products/${id}/images/order`, { cookie: admin, body: { imageIds: [b.id] } }), 400, { message: PRODUCT_IMAGE_MSG.orderMismatch });
    expectError(await t.api('PUT', `/api/admin/products/${id}/images/order`, { cookie: admin, body: { imageIds: [b.id, b.id] } }), 400, { message: PRODUCT_IMAGE_MSG.orderMismatch });
    const reordered = await t.api('PUT', `/api/admin/products/${id}/images/order`, { cookie: admin, body: { imageIds: [b.id, a.id] } });
    expect(reordered.status).toBe(200);
    expect((reordered.body as ProductImageView[]).map((i) => [i.id, i.position])).toEqual([
      [b.id, 0],
      [a.id, 1],
    ]);
    expect(((await t.api('GET', `/api/admin/products/${id}/images`, { cookie: admin })).body as ProductImageView[])[0].id).toBe(b.id);
    const admins = (await t.api('GET', '/api/admin/products', { cookie: admin })).body as { id: string; images: ProductImageView[] }[];
    expect(admins.find((p) => p.id === id)!.images.map((i) => i.id)).toEqual([b.id, a.id]);

    // A member buys it: their orders list carries the primary image.
    await t.runtime.ctx.db
      .update(walletBalances)
      .set({ balance: '100000.00' })
      .where(sql`user_id = (select id from users where email = ${t.demo.member.email})`);
    const bought = await t.api('POST', '/api/purchases', {
      cookie: member,
      headers: { 'idempotency-key': `img-${id}` },
      body: { productId: id, quantity: 1, paymentMethod: 'wallet', deliveryAddress: '1 Main Road, Somewhere 400001', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const orders = (await t.api('GET', '/api/purchases', { cookie: member })).body as { productId: string; productCategory: string; productImage: ProductImageView | null }[];
    expect(orders.find((o) => o.productId === id)).toMatchObject({ productCategory: 'led_tv', productImage: { id: b.id } });
    // The purchase's own answer leaves the image out (the wallet purchase is one statement; the list reads it).
    expect(bought.body.purchase).toMatchObject({ productCategory: 'led_tv', productImage: null });
    // Its invoice draws the primary image's thumbnail beside the line (the demo company has no logo: the one image).
    const pdf = await rawGet(t, `/api/purchases/${bought.body.purchase.id}/invoice`, member);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
    if (process.env.PRODUCT_IMAGES_PDF_OUT) writeFileSync(process.env.PRODUCT_IMAGES_PDF_OUT, pdf.rawPayload);

    // Deleting the primary makes the next one primary; its addresses stop answering.
    const left = await t.api('DELETE', `/api/admin/products/${id}/images/${b.id}`, { cookie: admin });
    expect(left.status).toBe(200);
    expect((left.body as ProductImageView[]).map((i) => [i.id, i.position])).toEqual([[a.id, 0]]);
    expect((await rawGet(t, b.src)).statusCode).toBe(404);
    expect(await count(t, 'audit_log', sql`action in ('product.image.reorder', 'product.image.delete') and entity_id = ${id}`)).toBe(2);
  });
});
