import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { STOCK_MSG } from '../../contracts/franchise-stock';
import type { TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/http';
import { expectAxeClean, SIZES, expectPath, expectToast, openPage, shot, signIn, startBrowserApp, stopBrowserApp, type Size } from './support/browser';

/** Issue 16: a franchise requests stock, the admin approves and dispatches, the franchise confirms the delivery. */
let t: TestApp;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startBrowserApp()));
afterAll(() => stopBrowserApp(t, browser));

const PASSWORD = 'Stock#1234';

describe.each(SIZES)('franchise stock at $name width', (size: Size) => {
  it('request, approve, dispatch, receive', async () => {
    const email = uniqueEmail(`stock-${size.name}`);
    await t.createUser({ email, password: PASSWORD, role: 'basic_franchise', firstName: 'Meena', lastName: size.name === 'phone' ? 'Stores' : 'Traders' });
    const franchise = await openPage(browser, size);
    const admin = await openPage(browser, size);
    try {
      const page = franchise.page;
      await signIn(page, t.url, email, PASSWORD);
      await page.goto(`${t.url}/franchise`);
      await page.getByRole('heading', { level: 1, name: 'Franchise Dashboard' }).waitFor();
      await page.getByText('No stock yet').waitFor();
      await page.getByRole('button', { name: 'Request Stock' }).click();
      const dialog = page.getByRole('dialog', { name: 'Request Stock' });
      await dialog.getByRole('button', { name: 'Send Request' }).click();
      await dialog.getByText(STOCK_MSG.quantity).waitFor();
      const product = dialog.getByLabel('Product');
      await product.locator('option').nth(1).waitFor({ state: 'attached' });
      const productName = (await product.locator('option').nth(1).textContent())!.trim();
      await product.selectOption({ index: 1 });
      await dialog.getByLabel('Quantity').fill('12');
      await shot(page, 'franchise-request-stock');
      await expectAxeClean(page);
      await dialog.getByRole('button', { name: 'Send Request' }).click();
      await expectToast(page, 'Stock Requested', STOCK_MSG.requested);
      await page.locator('[data-stock-request-id]:visible').getByText('Requested', { exact: true }).first().waitFor();

      const a = admin.page;
      await signIn(a, t.url, t.demo.admin.email, t.demo.admin.password);
      await expectPath(a, '/admin');
      await a.goto(`${t.url}/admin?section=franchise-stock`);
      await a.getByRole('heading', { level: 1, name: 'Franchise Stock' }).waitFor();
      const row = a.locator('[data-stock-request-id]:visible', { hasText: `Meena` }).filter({ hasText: productName }).first();
      await shot(a, 'admin-franchise-stock-requested');
      await expectAxeClean(a);
      await row.getByRole('button', { name: /Approve as requested/ }).click();
      await expectToast(a, 'Success', STOCK_MSG.approved);
      await row.getByRole('button', { name: /Mark dispatched/ }).click();
      await expectToast(a, 'Success', STOCK_MSG.dispatched);
      await row.getByText('Dispatched', { exact: true }).waitFor();

      await page.reload();
      await page
        .getByRole('button', { name: /Mark received/ })
        .first()
        .click();
      await expectToast(page, 'Stock Received', STOCK_MSG.received);
      const stock = page.getByRole('list', { name: 'Stock', exact: true });
      await stock.getByText(productName, { exact: true }).waitFor();
      await stock.getByText('12', { exact: true }).waitFor();
      await shot(page, 'franchise-stock-received');
      await expectAxeClean(page);

      await a.reload();
      await a.getByRole('heading', { level: 1, name: 'Franchise Stock' }).waitFor();
      await a.locator('[data-stock-request-id]:visible').first().waitFor();
      await shot(a, 'admin-franchise-stock');
      await expectAxeClean(a);
    } finally {
      await franchise.context.close();
      await admin.context.close();
    }
  }, 120_000);
});
