import { describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import sharp from 'sharp';
import { COMMERCE_MSG } from '../../contracts/commerce';
import type { TestApp } from '../support/test-app';
import { browserAppWithAdmin, expectAxeClean, SIZES, expectToast, shot, withSignedInPage, type Size } from './support/browser';

/** Issue 16 part 5: an admin uploads a product's image; the member's catalog, purchase dialog and orders show it. */
let t: TestApp;
let browser: Browser;
let admin: string;
browserAppWithAdmin((app) => ({ t, browser, admin } = app));

/** A photo-like picture: a gradient with a disc, 1200 x 800. */
function picture() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0ea5e9"/><stop offset="1" stop-color="#0f766e"/></linearGradient></defs><rect width="1200" height="800" fill="url(#g)"/><circle cx="600" cy="400" r="220" fill="#f8fafc"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** The image has loaded (scrolled into view first: it is lazy) with real pixels; answers its natural width. */
async function loadedWidth(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
  return img.evaluate((el: HTMLImageElement) => el.naturalWidth);
}

describe.each(SIZES)('product images at $name width', (size: Size) => {
  it('the admin uploads an image; the member sees it in the catalog, the purchase dialog and My Purchases', async () => {
    const name = `Photo Purifier ${size.name}`;
    const created = await t.api('POST', '/api/admin/products', {
      cookie: admin,
      body: { name, description: 'A purifier with a photo.', price: '9999', bv: '1000', gst: '18', category: 'water_purifier', purchaseType: 'first_purchase', hsnCode: '8421' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    await withSignedInPage(browser, size, t.url, t.demo.admin.email, t.demo.admin.password, '/admin', async (page) => {
      await page.goto(`${t.url}/admin?section=products`);
      await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
      const row = page.locator(`[data-product-id="${id}"]:visible`);
      await row.getByRole('button', { name: `Edit ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Product' });
      await dialog.getByText('No images yet.').waitFor();
      await dialog.getByLabel('Upload image').setInputFiles({ name: 'purifier.jpg', mimeType: 'image/jpeg', buffer: await picture() });
      await expectToast(page, 'Image uploaded');
      const thumb = dialog.getByRole('img', { name: `${name}, image 1` });
      expect(await loadedWidth(thumb)).toBeGreaterThan(0);
      await dialog.getByText('Primary', { exact: true }).waitFor();
      await shot(page, 'admin-product-images');
      await expectAxeClean(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // The list's thumbnail is the image too.
      expect(await loadedWidth(row.getByRole('img', { name }))).toBeGreaterThan(0);
    });

    await withSignedInPage(browser, size, t.url, t.demo.member.email, t.demo.member.password, '/dashboard', async (page) => {
      await page.goto(`${t.url}/products`);
      const card = page.getByRole('listitem', { name });
      const img = card.getByRole('img', { name });
      expect(await loadedWidth(img)).toBeGreaterThan(0);
      // The browser picked one of the WebP sizes through srcset (its naturalWidth is that size over the density `sizes` gave).
      expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\/api\/product-images\/[0-9a-f-]+\/(160|480|960)\?v=[0-9a-f]{16}$/);
      expect(await img.getAttribute('loading')).toBe('lazy');
      expect(await img.getAttribute('srcset')).toMatch(/\/api\/product-images\/[0-9a-f-]+\/160\?v=[0-9a-f]{16} 160w/);
      expect(Number(await img.getAttribute('width'))).toBe(960);
      expect(Number(await img.getAttribute('height'))).toBe(640);
      // Products without an image keep their category's artwork.
      expect(await page.getByRole('listitem', { name: 'AquaPure RO Water Purifier' }).getByRole('img').count()).toBe(0);
      await card.scrollIntoViewIfNeeded();
      await shot(page, 'member-catalog-product-image');
      await expectAxeClean(page);

      await card.getByRole('button', { name: 'Purchase Now' }).click();
      const dialog = page.getByRole('dialog');
      expect(await loadedWidth(dialog.getByRole('img', { name }))).toBeGreaterThan(0);
      await shot(page, 'member-purchase-dialog-image');
      await expectAxeClean(page);
      // An order by UPI (it waits for payment): My Purchases shows the product's image beside it.
      await dialog.getByRole('radio', { name: 'UPI' }).check();
      await dialog.getByRole('button', { name: 'Place Order' }).click();
      await expectToast(page, COMMERCE_MSG.purchaseSuccessTitle, COMMERCE_MSG.purchaseSuccess);
      await dialog.waitFor({ state: 'detached' });
      await page.goto(`${t.url}/my-purchases`);
      expect(await loadedWidth(page.getByRole('img', { name }))).toBeGreaterThan(0);
      await shot(page, 'member-purchases-image');
      await expectAxeClean(page);
    });
  }, 120_000);
});
