import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { BRANDING_MSG } from '../../contracts/branding';
import { userByEmail, type TestApp } from '../support/test-app';
import sharp from 'sharp';
import { uniqueEmail } from '../support/http';
import { pdfText } from '../support/pdf';
import { placeMember } from '../../server/modules/tree/tree.service';
import { DEMO_COMPANY } from '../../server/seed/demo-data';
import { walletBalances } from '../../server/db/schema';
import { SIZES, expectPath, expectToast, pagePerTest, reviewShot, seriousViolations, shot, signIn, startBrowserApp, stopBrowserApp, type Size } from './support/browser';
import { shortId } from '../../web/lib/format';

/**
 * Issue 15 in the browser: the genealogy explorer (search with the path, the extreme left, five levels and a lazy
 * expansion below, the keyboard, the member's card), a GST invoice downloaded by the member and the admin and read
 * back from the PDF, and the admin's branding settings on the sign-in page and in the title.
 */
let t: TestApp;
let browser: Browser;
let adminSid: string;
let memberSid: string;
const chain: { id: string; userId: string; name: string }[] = [];

beforeAll(async () => {
  ({ t, browser } = await startBrowserApp());
  adminSid = cookieValue(await t.login(t.demo.admin.email, t.demo.admin.password));
  memberSid = cookieValue(await t.login(t.demo.member.email, t.demo.member.password));
  // Eight members down the demo member's extreme left: more than the five levels one view shows.
  const member = (await userByEmail(t, t.demo.member.email))!;
  let parent = member.id;
  for (let i = 1; i <= 8; i++) {
    const u = await t.createUser({ email: uniqueEmail('chain'), password: 'Chain#123456', status: 'active', sponsorId: member.id, firstName: 'Deepa', lastName: `Level${i}` });
    await t.runtime.ctx.db.transaction((tx) => placeMember(tx, u, { startId: parent, side: 'left' }, t.clock.now()));
    const row = (await userByEmail(t, u.email))!;
    chain.push({ id: row.id, userId: row.userId, name: `Deepa Level${i}` });
    parent = u.id;
  }
  await t.runtime.settle();
});
afterAll(() => stopBrowserApp(t, browser));

const backgroundOf = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

function cookieValue(cookie: string): string {
  return /sid=([^;]+)/.exec(cookie)![1];
}

async function as(page: Page, context: BrowserContext, sid: string) {
  await context.addCookies([{ name: 'sid', value: sid, url: t.url }]);
  return page;
}

async function picture(page: Page, name: string) {
  await shot(page, `i15-${name}`);
  await reviewShot(page, `i15-${name}-${page.viewportSize()?.width}.png`, false);
}

/** The text of a PDF the page saved after `click`. */
async function downloadedPdf(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  const bytes = readFileSync(path!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return { name: download.suggestedFilename(), text: await pdfText(bytes) };
}

describe.each(SIZES)('issue 15 at $name width', (size: Size) => {
  let context: BrowserContext;
  let page: Page;
  const pages = pagePerTest(() => browser, size);
  const fresh = async () => {
    ({ context, page } = await pages.open());
  };

  it('genealogy explorer: search with the path, extreme left, five levels, one request per expansion, keyboard, card', async () => {
    await fresh();
    await as(page, context, memberSid);
    await page.goto(`${t.url}/my-team?tab=genealogy`);
    const tree = page.getByRole('tree', { name: 'Genealogy tree' });
    await tree.getByRole('treeitem').first().waitFor();
    await page.getByRole('treeitem', { name: new RegExp(chain[0].userId) }).waitFor();
    await picture(page, 'explorer');
    expect(await seriousViolations(page)).toEqual([]);

    // Search by name: the match with the path from the viewer.
    await page.getByLabel('Search by user ID or name').fill('Level4');
    const results = page.getByRole('list', { name: 'Search results' });
    const hit = results.getByRole('button', { name: new RegExp(chain[3].userId) });
    await hit.waitFor();
    expect(await hit.textContent()).toContain('Deepa Level1 › Deepa Level2 › Deepa Level3 › Deepa Level4');
    await picture(page, 'explorer-search');
    await hit.click();
    const crumbs = page.getByRole('navigation', { name: 'Genealogy path' });
    await crumbs.getByText('Deepa Level4', { exact: true }).waitFor();
    // And by user ID.
    await page.getByLabel('Search by user ID or name').fill(chain[6].userId);
    await results.getByRole('button', { name: new RegExp(chain[6].userId) }).waitFor();
    await page.getByLabel('Search by user ID or name').fill('');

    // Jump to the extreme left of the member's tree (where spillover on the left lands), as the server finds it.
    await crumbs.getByRole('button', { name: 'Back to the top' }).click();
    await page.getByRole('treeitem', { level: 1 }).waitFor();
    const extreme = (await t.api('GET', '/api/binary-tree/extreme?side=left', { cookie: `sid=${memberSid}` })).body as { id: string; userId: string; name: string };
    await page.getByRole('button', { name: 'Extreme left' }).click();
    await page.getByText(`Extreme left: ${extreme.name} (${extreme.userId})`).waitFor();
    await crumbs.getByText(extreme.name, { exact: true }).waitFor();
    await page.getByRole('treeitem', { level: 1, name: new RegExp(extreme.userId) }).waitFor();
    await picture(page, 'explorer-extreme-left');

    // Five levels at a time from the top of the chain: Level1 .. Level6; Level6 carries "Load levels below".
    await page.getByLabel('Search by user ID or name').fill(chain[0].userId);
    await results.getByRole('button', { name: new RegExp(chain[0].userId) }).click();
    await page.getByRole('treeitem', { level: 1, name: new RegExp(chain[0].userId) }).waitFor();
    await page.getByLabel('Levels shown').selectOption('5');
    const level5 = page.getByRole('treeitem', { name: new RegExp(chain[5].userId) });
    await level5.waitFor();
    expect(await level5.getAttribute('aria-level')).toBe('6');
    await level5.getByRole('button', { name: 'Load levels below' }).waitFor();
    expect(await page.getByRole('treeitem', { name: new RegExp(chain[6].userId) }).count()).toBe(0);
    const requests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/binary-tree')) requests.push(r.url());
    });
    // Keyboard: focus the root, arrow down five times to Level5, Enter loads the levels below (one request).
    await page.getByRole('treeitem', { level: 1 }).focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(chain[5].userId);
    await page.keyboard.press('Enter');
    await page.getByRole('treeitem', { name: new RegExp(chain[7].userId) }).waitFor();
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]).searchParams.get('rootId')).toBe(chain[5].id);
    expect(new URL(requests[0]).searchParams.get('depth')).toBe('5');
    await page.getByRole('button', { name: 'Fit to screen' }).click();
    await picture(page, 'explorer-expanded');
    await page.getByRole('treeitem', { name: new RegExp(chain[5].userId) }).focus();

    // Arrow down into the new levels, then Space opens the card.
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(chain[6].userId);
    await page.keyboard.press(' ');
    const card = page.getByRole('dialog', { name: chain[6].name });
    await card.getByText('Carry forward').waitFor();
    await card.getByText('This cycle').first().waitFor();
    await picture(page, 'explorer-card');
    expect(await seriousViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'View tree from here' }).click();
    await card.waitFor({ state: 'detached' });
    await crumbs.getByText(chain[6].name, { exact: true }).waitFor();

    // Zoom buttons change the scale.
    const before = await page.getByLabel('Zoom level').textContent();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    expect(await page.getByLabel('Zoom level').textContent()).not.toBe(before);
  });

  it('admin genealogy: the whole tree, search anyone', async () => {
    await fresh();
    await as(page, context, adminSid);
    await page.goto(`${t.url}/admin?section=genealogy`);
    await page.getByRole('tree', { name: 'Genealogy tree' }).getByRole('treeitem').first().waitFor();
    await page.getByLabel('Search by user ID or name').fill(chain[7].userId);
    await page
      .getByRole('list', { name: 'Search results' })
      .getByRole('button', { name: new RegExp(chain[7].userId) })
      .click();
    await page.getByRole('navigation', { name: 'Genealogy path' }).getByText(chain[7].name, { exact: true }).waitFor();
    await picture(page, 'admin-genealogy');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('GST invoice: the member and the admin download it, the PDF reads back', async () => {
    await fresh();
    // A buyer in Maharashtra (the demo seller's state) with money in the wallet.
    const email = uniqueEmail('buyer');
    const buyer = await t.createUser({ email, password: 'Buyer#123456', status: 'active', firstName: 'Isha', lastName: 'Buyer', state: 'Maharashtra', city: 'Pune', address: '1 Main Road' });
    await t.runtime.ctx.db
      .insert(walletBalances)
      .values({ userId: buyer.id, balance: '100000.00' })
      .onConflictDoUpdate({ target: walletBalances.userId, set: { balance: '100000.00' } });
    const buyerCookie = await t.login(email, 'Buyer#123456');
    const buyerSid = cookieValue(buyerCookie);
    const products = (await t.api('GET', '/api/products', { cookie: buyerCookie })).body as { id: string; name: string }[];
    const bought = await t.api('POST', '/api/purchases', {
      cookie: buyerCookie,
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: { productId: products[0].id, quantity: 1, paymentMethod: 'wallet', deliveryAddress: '1 Main Road, Pune 411001', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const id = bought.body.purchase.id as string;
    await t.runtime.settle();
    const short = shortId(id);

    await as(page, context, buyerSid);
    await page.goto(`${t.url}/my-purchases`);
    const button = page.getByRole('button', { name: `Download invoice for order ${short}` }).locator('visible=true');
    await button.waitFor();
    await picture(page, 'purchases-invoice');
    const mine = await downloadedPdf(page, () => button.click());
    expect(mine.name).toMatch(/\.pdf$/);
    expect(mine.text).toContain('TAX INVOICE');
    expect(mine.text).toContain(products[0].name);
    expect(mine.text).toContain(DEMO_COMPANY.companyName);

    await context.clearCookies();
    await as(page, context, adminSid);
    await page.goto(`${t.url}/admin?section=orders`);
    const adminButton = page.getByRole('button', { name: `Download invoice for order ${short}` }).locator('visible=true');
    await adminButton.waitFor();
    const theirs = await downloadedPdf(page, () => adminButton.click());
    expect(theirs.text).toBe(mine.text);
    await picture(page, 'admin-orders-invoice');
  });

  it('branding settings: saved by the admin, shown on the sign-in page (its colour too), in the title and in a mail', async () => {
    await fresh();
    await as(page, context, adminSid);
    await page.goto(`${t.url}/admin?section=branding`);
    const name = `Lotus Traders ${size.name}`;
    await page.getByLabel('Company name').fill(name);
    await page.getByLabel('GSTIN').fill(DEMO_COMPANY.gstin);
    await page.getByLabel('State').selectOption('Karnataka');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText(BRANDING_MSG.gstinState).waitFor();
    await page.getByLabel('State').selectOption('Maharashtra');
    await page.getByLabel('Support email').fill('help@lotus.example');
    // A light colour at one width, a dark one at the other: the primary button takes it with a label that reads.
    const color = size.name === 'phone' ? '#fde047' : '#0f766e';
    await page.getByLabel('Primary colour', { exact: true }).fill(color);
    await page.getByLabel('Logo file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 256, height: 256, channels: 3, background: '#0f766e' } })
        .png()
        .toBuffer(),
    });
    await page.getByRole('img', { name: 'Company logo' }).waitFor();
    await picture(page, 'branding-settings');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectToast(page, BRANDING_MSG.saved);
    await page.waitForFunction((n) => document.title.endsWith(n), name);
    // The portal follows at once, without a reload (the pointer off the button, which it would darken).
    await page.mouse.move(0, 0);
    await expect.poll(() => backgroundOf(page.getByRole('button', { name: 'Save settings' }))).toBe(rgb(color));

    await context.clearCookies();
    await page.goto(`${t.url}/`);
    await page.getByRole('heading', { name: `Welcome to ${name}` }).waitFor();
    expect(await page.title()).toBe(`Sign in · ${name}`);
    const logo = page
      .getByRole('img', { name: `${name} logo` })
      .locator('visible=true')
      .first();
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toMatch(/^\/api\/branding\/logo\?v=/);
    // The served page carries the colour: the primary button has it from the first paint.
    const signInButton = page.getByRole('button', { name: 'Log in', exact: true });
    expect(await backgroundOf(signInButton)).toBe(rgb(color));
    expect(await signInButton.evaluate((el) => getComputedStyle(el).color)).toBe(size.name === 'phone' ? 'rgb(15, 23, 42)' : 'rgb(255, 255, 255)');
    await picture(page, 'sign-in-branded');
    expect(await seriousViolations(page)).toEqual([]);

    // Every mail carries the brand: a reset link asked for now comes from the new name, with its support address.
    await t.api('POST', '/api/auth/forgot-password', { body: { email: t.demo.member.email } });
    await t.flushMail();
    await expect.poll(() => t.mail.lastTo(t.demo.member.email)?.text ?? '', { timeout: 10_000 }).toContain(name);
    expect(t.mail.lastTo(t.demo.member.email)!.text).toContain('help@lotus.example');

    // Back to the demo company for the next width.
    await signIn(page, t.url, t.demo.member.email, t.demo.member.password);
    await expectPath(page, '/dashboard');
    await page.waitForFunction((n) => document.title === `Dashboard · ${n}`, name);
    await t.api('PUT', '/api/admin/settings/branding', { cookie: `sid=${adminSid}`, body: { ...DEMO_COMPANY, removeLogo: true } });
  });
});
