import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ENGAGEMENT_MSG, HIDDEN_ID_LIMIT, type FranchiseDashboard } from '../../contracts';
import { placeMember } from '../../server/modules/tree/tree.service';
import { formatBV, formatMoney } from '../../web/lib/money';
import { userByEmail, type TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/http';
import { SIZES, expectPath, logOut, expectToast, openPage, pagePerTest, picture as settledPicture, seriousViolations, signIn, startBrowserApp, stopBrowserApp, type Size } from './support/browser';

let t: TestApp;
let browser: Browser;
let admin: string;

const PASSWORD = 'Franchise#123';
const KIT = 'AquaPure Filter Kit'; // 2499.00 + 18 % GST = 2948.82, BV 800
const REGULATOR = 'BreezeLine Fan Regulator and Canopy Set'; // 899.00 + 18 % GST = 1060.82, BV 250

interface FounderStats {
  totalUsers: number;
  hiddenIds: number;
  totalRevenue: string;
  leftLegUsers: number;
  rightLegUsers: number;
}

/** artifacts/shots/engage-<name>-<width>.png for review, and artifacts/screens. */
const picture = (page: Page, name: string, fullPage = true) => settledPicture(page, `engage-${name}`, { fullPage });

const founderCookie = () => t.login(t.demo.founder.email, t.demo.founder.password);

async function founderStats(): Promise<FounderStats> {
  const r = await t.api('GET', '/api/founder/stats', { cookie: await founderCookie() });
  expect(r.status).toBe(200);
  return r.body;
}

async function createHiddenIdByApi(cookie: string, n: number) {
  const r = await t.api('POST', '/api/founder/create-hidden-id', {
    cookie,
    body: { email: uniqueEmail(`hidden${n}`), firstName: 'Hidden', lastName: `Number ${n}`, placementSide: n % 2 ? 'left' : 'right' },
  });
  return r;
}

async function productId(name: string): Promise<string> {
  const r = await t.api('GET', '/api/products', { cookie: await t.login(t.demo.member.email, t.demo.member.password) });
  return (r.body as { id: string; name: string }[]).find((p) => p.name === name)!.id;
}

/** Credit the wallet through the admin's Send Fund, then buy with it (completes at once, BV goes up the tree). */
async function buy(email: string, product: string, quantity: number) {
  const u = (await userByEmail(t, email))!;
  const fund = await t.api('POST', '/api/admin/send-fund', { cookie: admin, body: { userId: u.userId, option: 'Credit', amount: '10000', remarks: 'Franchise test funds' } });
  expect(fund.status, JSON.stringify(fund.body)).toBe(200);
  const r = await t.api('POST', '/api/purchases', {
    cookie: await t.login(email, PASSWORD),
    body: { productId: await productId(product), quantity, paymentMethod: 'wallet', deliveryAddress: '14 Park Street, Kolkata 700016', deliveryState: 'West Bengal', deliveryPincode: '700016' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}

const place = (u: { id: string; sponsorId: string | null; status: string }, startId: string, side: 'left' | 'right') =>
  t.runtime.ctx.db.transaction((tx) => placeMember(tx, u, { startId, side }, new Date()));

let mini: { email: string; name: string };
let basic: { email: string; name: string };

beforeAll(async () => {
  ({ t, browser } = await startBrowserApp());
  admin = await t.login(t.demo.admin.email, t.demo.admin.password);
  // A Mini franchise holder in the founder's tree with one recruit on each side; everyone buys with the wallet.
  const founder = (await userByEmail(t, t.demo.founder.email))!;
  const holder = await t.createUser({ email: uniqueEmail('mini'), password: PASSWORD, firstName: 'Meera', lastName: 'Joshi', role: 'mini_franchise', sponsorId: founder.id });
  await place(holder, founder.id, 'right');
  for (const [side, first] of [
    ['left', 'Kiran'],
    ['right', 'Rohan'],
  ] as const) {
    const recruit = await t.createUser({ email: uniqueEmail(side), password: PASSWORD, firstName: first, lastName: 'Patil', sponsorId: holder.id });
    await place(recruit, holder.id, side);
    await buy(recruit.email, KIT, side === 'left' ? 1 : 2);
  }
  await buy(holder.email, REGULATOR, 1);
  mini = { email: holder.email, name: 'Meera' };
  // A Basic franchise holder outside the tree: no sales yet.
  const b = await t.createUser({ email: uniqueEmail('basic'), password: PASSWORD, firstName: 'Farhan', lastName: 'Qureshi', role: 'basic_franchise' });
  basic = { email: b.email, name: 'Farhan' };
});

afterAll(() => stopBrowserApp(t, browser));

describe.each(SIZES)('founder and franchise portals at $name width', (size: Size) => {
  let page: Page;
  const tag = size.name === 'phone' ? 'Phone' : 'Desk';
  const pages = pagePerTest(() => browser, size, { bypassCSP: true });
  const asUser = async (email: string, password: string, home: string) => {
    ({ page } = await pages.signedIn(t.url, email, password, home));
  };
  const stat = (label: string) => page.getByRole('group', { name: label });

  it('F1 Founder Control Center: real figures, hidden IDs on demand, create one, reviewer tools, logout', async () => {
    const before = await founderStats();
    let listRequests = 0;
    await asUser(t.demo.founder.email, t.demo.founder.password, '/founder');
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/founder/hidden-ids') listRequests++;
    });
    await page.getByRole('heading', { level: 1, name: 'Founder Control Center' }).waitFor();
    await page.getByRole('heading', { name: 'Hidden IDs Management' }).waitFor();
    await stat('Total Network').getByText(String(before.totalUsers), { exact: true }).waitFor();
    await stat('Hidden IDs').getByText(`${before.hiddenIds} / ${HIDDEN_ID_LIMIT}`).waitFor();
    await stat('Global Revenue')
      .getByText(formatMoney(before.totalRevenue, { decimals: 0 }))
      .waitFor();
    expect(Number(before.totalRevenue)).toBeGreaterThan(0);
    await stat('Left Leg Users').getByText(String(before.leftLegUsers), { exact: true }).waitFor();
    await stat('Right Leg Users').getByText(String(before.rightLegUsers), { exact: true }).waitFor();
    // The list is not asked for until it is shown.
    expect(listRequests).toBe(0);
    const toggle = page.getByRole('button', { name: 'Show Hidden IDs' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await picture(page, `founder-${tag.toLowerCase()}`);
    expect(await seriousViolations(page)).toEqual([]);

    await toggle.click();
    await page.getByRole('button', { name: 'Hide Hidden IDs' }).waitFor();
    expect(listRequests).toBe(1);
    if (before.hiddenIds === 0) await page.getByText('No hidden IDs yet').waitFor();

    // Create: every field is required.
    await page.getByRole('button', { name: 'Create Hidden ID' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Hidden ID' });
    await dialog.getByRole('button', { name: 'Create Hidden ID' }).click();
    await dialog.getByText('Valid email is required').waitFor();
    await dialog.getByText('Choose the left or right side').waitFor();
    const email = uniqueEmail(`hidden-${tag.toLowerCase()}`);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('First name').fill('Sanjay');
    await dialog.getByLabel('Last name').fill(`Hidden ${tag}`);
    await dialog.getByRole('radio', { name: /Left/ }).check();
    await picture(page, `founder-create-${tag.toLowerCase()}`, false);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create Hidden ID' }).click();
    await expectToast(page, ENGAGEMENT_MSG.hiddenIdCreated);
    await dialog.waitFor({ state: 'detached' });

    const item = page.locator('[data-hidden-id]').filter({ hasText: email });
    await item.getByText(`Sanjay Hidden ${tag}`).waitFor();
    await stat('Hidden IDs')
      .getByText(`${before.hiddenIds + 1} / ${HIDDEN_ID_LIMIT}`)
      .waitFor();
    await stat('Total Network')
      .getByText(String(before.totalUsers + 1), { exact: true })
      .waitFor();
    await stat('Left Leg Users')
      .getByText(String(before.leftLegUsers + 1), { exact: true })
      .waitFor();
    await page.getByText(`${before.hiddenIds + 1} of ${HIDDEN_ID_LIMIT} used`).waitFor();
    const created = (await userByEmail(t, email))!;
    expect(created.isHiddenId).toBe(true);
    expect(created.status).toBe('active');
    await picture(page, `founder-list-${tag.toLowerCase()}`);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Hide Hidden IDs' }).click();
    await item.waitFor({ state: 'hidden' });

    // Founders use the admin page's reviewer sections.
    await page.getByRole('link', { name: 'Reviewer tools' }).click();
    await expectPath(page, '/admin');
    await page.getByRole('heading', { level: 1, name: 'Pending KYC Requests' }).waitFor();
    await page.goto(`${t.url}/founder`);
    await page.getByRole('heading', { level: 1, name: 'Founder Control Center' }).waitFor();

    await logOut(page);
    await page.getByLabel('User ID').waitFor();
    expect((await page.request.get(`${t.url}/api/auth/user`)).status()).toBe(401);
  });

  it('R1 Mini franchise: badges, the real figures of the holder and the team, recent orders, member dashboard link', async () => {
    const cookie = await t.login(mini.email, PASSWORD);
    const d = (await t.api('GET', '/api/franchise/dashboard', { cookie })).body as FranchiseDashboard;
    // Counter Sales are the sales recorded at the counter, not the holder's own purchase (issue 30).
    expect(d.counterSales).toEqual({ orders: 0, amount: '0.00', bv: '0.00' });
    expect(d.teamSales.orders).toBe(2);
    expect(d.leftBV).toBe('800.00');
    expect(d.rightBV).toBe('1600.00');
    expect(d.recruits).toMatchObject({ direct: 2, teamSize: 2, activeTeam: 2 });

    await asUser(mini.email, PASSWORD, '/franchise');
    await page.getByRole('heading', { level: 1, name: 'Franchise Dashboard' }).waitFor();
    const features = page.getByRole('list', { name: 'Franchise features' });
    await features.getByText('Limited SKU Range').waitFor();
    await features.getByText('Local Market Focus').waitFor();
    expect(await page.getByText('Extended Product Range').count()).toBe(0);
    const card = (name: string) => page.getByRole('region', { name });
    await card('Counter Sales').getByText(formatMoney(d.counterSales.amount)).waitFor();
    await card('Counter Sales').getByText('0 sales', { exact: true }).waitFor();
    await card('Counter Sales').getByText('0 BV').waitFor();
    await card('Team Sales').getByText(formatMoney(d.teamSales.amount)).waitFor();
    await card('Team Sales')
      .getByText(`${formatBV(d.teamSales.bv)} BV`)
      .waitFor();
    await card('Team Business Volume')
      .getByText(`${formatBV(d.teamBV)} BV`)
      .first()
      .waitFor();
    await card('Team Business Volume').getByText('800 BV').waitFor();
    await card('Team Business Volume').getByText('1,600 BV').waitFor();
    await card('Wallet').getByText(formatMoney(d.wallet.balance)).waitFor();
    await card('Recruits').getByText('2 in team').waitFor();
    const orders = page.locator('[data-order-id]:visible');
    expect(await orders.count()).toBe(d.recentOrders.length);
    await orders.filter({ hasText: KIT }).first().waitFor();
    await orders.filter({ hasText: REGULATOR }).first().waitFor();
    for (const name of ['Stock Management', 'Sales Register', 'Customer Management']) await page.getByText(name, { exact: true }).waitFor();
    await picture(page, `franchise-mini-${tag.toLowerCase()}`);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Member dashboard' }).click();
    await expectPath(page, '/dashboard');
  });

  it('R1 Basic franchise: its own badges, zero figures, no orders, logout as a plain link', async () => {
    await asUser(basic.email, PASSWORD, '/franchise');
    await page.getByRole('heading', { level: 1, name: 'Franchise Dashboard' }).waitFor();
    await page.getByText('Extended Product Range').waitFor();
    await page.getByText('Enhanced Bonus Structure').waitFor();
    expect(await page.getByText('Limited SKU Range').count()).toBe(0);
    await page.getByRole('region', { name: 'Counter Sales' }).getByText('0 sales').waitFor();
    await page.getByText('No orders yet').waitFor();
    await picture(page, `franchise-basic-${tag.toLowerCase()}`);
    expect(await seriousViolations(page)).toEqual([]);
    const logout = page.getByRole('link', { name: 'Logout' });
    expect(await logout.getAttribute('href')).toBe('/api/logout');
    await logout.click();
    await expectPath(page, '/');
    await page.getByLabel('User ID').waitFor();
    expect((await page.request.get(`${t.url}/api/auth/user`)).status()).toBe(401);
  });
});

describe('hidden ID limit', () => {
  it('refuses the 21st hidden ID with the server message and then disables the button with the reason', async () => {
    const cookie = await founderCookie();
    let n = (await founderStats()).hiddenIds;
    while (n < HIDDEN_ID_LIMIT - 1) expect((await createHiddenIdByApi(cookie, ++n)).status).toBe(201);

    const { context, page } = await openPage(browser, SIZES[0]);
    try {
      await signIn(page, t.url, t.demo.founder.email, t.demo.founder.password);
      await expectPath(page, '/founder');
      await page
        .getByRole('group', { name: 'Hidden IDs' })
        .getByText(`${HIDDEN_ID_LIMIT - 1} / ${HIDDEN_ID_LIMIT}`)
        .waitFor();
      await page.getByRole('button', { name: 'Create Hidden ID' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Hidden ID' });
      await dialog.getByLabel('Email').fill(uniqueEmail('hidden-21'));
      await dialog.getByLabel('First name').fill('One');
      await dialog.getByLabel('Last name').fill('Too Many');
      await dialog.getByRole('radio', { name: /Right/ }).check();
      // Meanwhile the 20th is taken elsewhere.
      expect((await createHiddenIdByApi(cookie, ++n)).status).toBe(201);
      await dialog.getByRole('button', { name: 'Create Hidden ID' }).click();
      await expectToast(page, 'Error', ENGAGEMENT_MSG.hiddenIdLimit);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('group', { name: 'Hidden IDs' }).getByText(`${HIDDEN_ID_LIMIT} / ${HIDDEN_ID_LIMIT}`).waitFor();
      const create = page.getByRole('button', { name: 'Create Hidden ID' });
      expect(await create.isDisabled()).toBe(true);
      await page.getByText(`All ${HIDDEN_ID_LIMIT} hidden IDs are in use`).waitFor();
      await picture(page, 'founder-limit');
      expect((await createHiddenIdByApi(cookie, ++n)).status).toBe(409);
      expect((await founderStats()).hiddenIds).toBe(HIDDEN_ID_LIMIT);
    } finally {
      await context.close();
    }
  });
});
