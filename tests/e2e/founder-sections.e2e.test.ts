import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { FOUNDER_MSG } from '../../contracts/founder';
import { enterPipeline } from '../../server/modules/recruitment/pipeline.service';
import { findUserById, type UserRow } from '../../server/modules/users/users.repo';
import { formatMoney } from '../../web/lib/money';
import { userByEmail, type TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/http';
import { placeAt } from '../support/tree';
import { expectAxeClean, SIZES, expectPath, expectToast, openPage, shot, signIn, startBrowserApp, stopBrowserApp, type Size } from './support/browser';

/**
 * Issue 16: the founder portal's Network Override and Franchise Master Control. The founder opens both sections from
 * the menu, moves a recruit awaiting placement to a free slot of the tree, and reads a franchise holder's figures.
 */
let t: TestApp;
let browser: Browser;
let A: UserRow;
let H: UserRow;
let saleValue: string;
const PASSWORD = 'Founder#1234';

const db = () => t.runtime.ctx.db;

beforeAll(async () => {
  ({ t, browser } = await startBrowserApp());
  const F = (await userByEmail(t, t.demo.founder.email))!;
  const admin = await t.login(t.demo.admin.email, t.demo.admin.password);
  A = await placeAt(t, await t.createUser({ email: uniqueEmail('asha'), password: PASSWORD, firstName: 'Asha', lastName: 'Verma', sponsorId: F.id }), F.id, 'right');
  // A franchise holder under A with stock, an open stock request and one counter sale.
  H = await placeAt(t, await t.createUser({ email: uniqueEmail('holder'), password: PASSWORD, firstName: 'Meera', lastName: 'Stores', role: 'basic_franchise', sponsorId: A.id }), A.id, 'left');
  const h = await t.sessionOf(H.id);
  const productId = ((await t.api('GET', '/api/products', { cookie: h })).body as { id: string }[])[0].id;
  const req = (await t.api('POST', '/api/franchise/stock-requests', { cookie: h, body: { items: [{ productId, quantity: 10 }] } })).body.request.id;
  await t.api('POST', `/api/admin/stock-requests/${req}/approve`, { cookie: admin, body: {} });
  await t.api('POST', `/api/admin/stock-requests/${req}/dispatch`, { cookie: admin, body: {} });
  expect((await t.api('POST', `/api/franchise/stock-requests/${req}/receive`, { cookie: h })).status).toBe(200);
  expect((await t.api('POST', '/api/franchise/stock-requests', { cookie: h, body: { items: [{ productId, quantity: 5 }] } })).status).toBe(201);
  const customer = (await t.api('POST', '/api/franchise/customers', { cookie: h, body: { name: 'Counter Buyer', mobile: '9812345671' } })).body.customer.id;
  const sale = await t.api('POST', '/api/franchise/local-sales', { cookie: h, body: { buyer: 'customer', customerId: customer, paymentMethod: 'cash', items: [{ productId, quantity: 3 }] } });
  expect(sale.status, JSON.stringify(sale.body)).toBe(201);
  saleValue = sale.body.sales[0].totalAmount;
});
afterAll(() => stopBrowserApp(t, browser));

describe.each(SIZES)('founder sections at $name width', (size: Size) => {
  it('Network Override moves a recruit awaiting placement; Franchise Master Control shows the figures', async () => {
    // A recruit waiting for A's choice of side.
    const name = size.name === 'phone' ? 'Pooja' : 'Dev';
    const user = await t.createUser({ email: uniqueEmail(`recruit-${size.name}`), password: PASSWORD, firstName: name, lastName: 'Recruit', status: 'pending', sponsorId: A.id });
    await db().transaction((tx) => enterPipeline(tx, user, { recruiterId: A.id, uplineId: A.id, packageAmount: '5000.00' }));
    // Each size takes its own free slot: A's right, then the franchise holder's right.
    const target = size.name === 'phone' ? H : A;

    const { context, page } = await openPage(browser, size);
    try {
      await signIn(page, t.url, t.demo.founder.email, t.demo.founder.password);
      await page.goto(`${t.url}/founder`);
      await expectPath(page, '/founder');
      const menu = page.getByRole('navigation', { name: 'Founder sections' });
      await menu.getByRole('link', { name: 'Founder Control Center' }).waitFor();
      await menu.getByRole('link', { name: 'Hidden IDs Management' }).waitFor();
      expect(await menu.getByRole('link', { name: 'Financial Override' }).count()).toBe(0);

      await menu.getByRole('link', { name: 'Network Override' }).click();
      await page.getByRole('heading', { level: 1, name: 'Network Override' }).waitFor();
      expect(await menu.getByRole('link', { name: 'Network Override' }).getAttribute('aria-current')).toBe('page');
      const row = page.locator(`[data-recruit="${user.email}"]:visible`);
      await row.getByText('Upline chooses the side').waitFor();
      await shot(page, 'founder-network-override');
      await expectAxeClean(page);

      await row.getByRole('button', { name: `Change placement of ${name} Recruit` }).click();
      const dialog = page.getByRole('dialog', { name: 'Change Placement' });
      await dialog.getByRole('button', { name: 'Change Placement' }).click();
      await dialog.getByText(FOUNDER_MSG.parentRequired).waitFor();
      // A taken slot is refused with the server's words: A's left is the franchise holder.
      await dialog.getByLabel('Place under (user ID)').fill(A.userId);
      await dialog.getByRole('radio', { name: 'Left' }).check();
      await dialog.getByRole('button', { name: 'Change Placement' }).click();
      await expectToast(page, 'Error', FOUNDER_MSG.slotTaken);
      await dialog.getByLabel('Place under (user ID)').fill(target.userId);
      await dialog.getByRole('radio', { name: 'Right' }).check();
      await shot(page, 'founder-network-override-dialog');
      await expectAxeClean(page);
      await dialog.getByRole('button', { name: 'Change Placement' }).click();
      await expectToast(page, FOUNDER_MSG.moved);
      await dialog.waitFor({ state: 'detached' });
      await row.getByText(`(${target.userId})`, { exact: true }).waitFor();
      await row.getByText('Awaiting admin').waitFor();

      await menu.getByRole('link', { name: 'Franchise Master Control' }).click();
      await page.getByRole('heading', { level: 1, name: 'Franchise Master Control' }).waitFor();
      const holder = page.locator(`[data-franchise="${H.userId}"]:visible`);
      await holder.getByText('Meera Stores').waitFor();
      await holder.getByText('1 product · 7 units').waitFor();
      await holder
        .getByText(`1 · ${formatMoney(saleValue)}`)
        .first()
        .waitFor();
      await page.getByRole('group', { name: 'Open stock requests' }).getByText('1', { exact: true }).waitFor();
      await shot(page, 'founder-franchise-master');
      await expectAxeClean(page);
      await page.getByLabel('Search by name, user ID or email').fill('zzz-nobody');
      await page.getByText('No franchise holder matches').waitFor();
      await page.getByLabel('Search by name, user ID or email').fill('meera');
      await holder.getByText('Meera Stores').waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);

  it('Network Override moves a hidden ID without a downline to a free slot', async () => {
    const F = (await userByEmail(t, t.demo.founder.email))!;
    const founder = await t.login(t.demo.founder.email, t.demo.founder.password);
    const email = uniqueEmail(`hidden-${size.name}`);
    expect(
      (await t.api('POST', '/api/founder/create-hidden-id', { cookie: founder, body: { email, firstName: 'Hidden', lastName: size.name === 'phone' ? 'Phone' : 'Desk', placementSide: 'left' } }))
        .status,
    ).toBe(201);
    const hidden = (await userByEmail(t, email))!;
    // A member with both sides free in the founder's right leg: the hidden ID moves across.
    const X = await placeAt(t, await t.createUser({ email: uniqueEmail('slot'), password: PASSWORD, firstName: 'Slot', lastName: 'Holder', sponsorId: F.id }), F.id, 'right');

    const { context, page } = await openPage(browser, size);
    try {
      await signIn(page, t.url, t.demo.founder.email, t.demo.founder.password);
      await page.goto(`${t.url}/founder?section=network-override`);
      await page.getByRole('heading', { level: 1, name: 'Network Override' }).waitFor();
      const row = page.locator(`[data-hidden-id="${hidden.userId}"]:visible`);
      await row.getByRole('button', { name: `Move Hidden ${size.name === 'phone' ? 'Phone' : 'Desk'} (${hidden.userId})` }).click();
      const dialog = page.getByRole('dialog', { name: 'Move Hidden ID' });
      await dialog.getByLabel('Place under (user ID)').fill(X.userId);
      await dialog.getByRole('radio', { name: 'Left' }).check();
      await dialog.getByRole('button', { name: 'Move Hidden ID' }).click();
      await expectToast(page, FOUNDER_MSG.hiddenIdMoved);
      await dialog.waitFor({ state: 'detached' });
      await row.getByText(`(${X.userId})`, { exact: true }).waitFor();
      await shot(page, 'founder-network-override-hidden-id');
      await expectAxeClean(page);
      expect((await findUserById(db(), hidden.id))!.parentId).toBe(X.id);
    } finally {
      await context.close();
    }
  }, 120_000);
});
