import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { WALLET_MSG } from '../../contracts/wallet';
import type { TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/http';
import { verifyKyc } from '../support/money';
import { ID } from '../support/identity';
import { codeFor } from '../support/authenticator';
import { SIZES, expectPath, expectToast, pageOverflow as overflow, reviewShot, settle, signIn, startBrowserApp, stopBrowserApp, type Size } from './support/browser';

/**
 * Issue 30, items 13, 14 and 16: each role lands on its own portal after sign-in; a step-up route asks for the code
 * before its request (no 403 in the console); the founder's pages fit a 390 px screen and the binary tree shows whole names.
 */
let t: TestApp;
let browser: Browser;

beforeAll(async () => ({ t, browser } = await startBrowserApp()));
afterAll(() => stopBrowserApp(t, browser));

/** artifacts/shots/portals-<name>-<width>.png for review. */
async function picture(page: Page, name: string, fullPage = true) {
  // Entrance animations done (a spinner's endless one is not waited for).
  await settle(page, 1000);
  await reviewShot(page, `portals-${name}-${page.viewportSize()?.width}.png`, fullPage);
}

async function open(size: Size): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: 1 });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { context, page, errors };
}

/** A new page at `size` signed in as a demo account, which lands on `landing`; `run` goes on from there, then no error was logged. */
async function landsOn(size: Size, who: keyof TestApp['demo'], landing: string, run: (page: Page) => Promise<void>) {
  const { context, page, errors } = await open(size);
  try {
    await signIn(page, t.url, t.demo[who].email, t.demo[who].password);
    await expectPath(page, landing);
    await run(page);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe.each(SIZES)('portals at $name width', (size: Size) => {
  it(
    'founders land on /founder; the Control Center and the binary tree fit the screen, names shown whole',
    () =>
      landsOn(size, 'founder', '/founder', async (page) => {
        await page.getByRole('heading', { level: 1, name: 'Founder Control Center' }).waitFor();
        await page.getByRole('group', { name: 'Hidden IDs' }).waitFor();
        await picture(page, 'founder');
        expect(await overflow(page)).toEqual([]);
        // The member dashboard of the founder too, and the founder's other sections.
        for (const path of ['/dashboard', '/founder?section=hidden-ids', '/founder?section=network-override', '/founder?section=franchise-master-control']) {
          await page.goto(`${t.url}${path}`);
          await page.waitForLoadState('networkidle');
          await settle(page);
          expect(await overflow(page), path).toEqual([]);
        }
        await page.goto(`${t.url}/dashboard`);
        await page.waitForLoadState('networkidle');
        await picture(page, 'founder-member-dashboard');

        await page.goto(`${t.url}/my-team?tab=tree`);
        const tree = page.getByRole('region', { name: 'Binary tree' });
        const neha = tree.getByText('Neha Sharma', { exact: true });
        await neha.waitFor();
        // Whole: the text's box holds all of it (no ellipsis, nothing clipped).
        expect(await neha.evaluate((e) => e.scrollWidth <= e.clientWidth && getComputedStyle(e).textOverflow !== 'ellipsis')).toBe(true);
        await picture(page, 'founder-tree');
        expect(await overflow(page)).toEqual([]);
      }),
    60_000,
  );

  it(
    'franchise holders land on /franchise',
    () =>
      landsOn(size, 'franchise', '/franchise', async (page) => {
        await page.getByRole('heading', { level: 1, name: 'Franchise Dashboard' }).waitFor();
        expect(await overflow(page)).toEqual([]);
        await picture(page, 'franchise');
      }),
    60_000,
  );
});

describe('step-up asked before the request', () => {
  it('approving a withdrawal after the 5 minutes asks for the code first: no 403, no console error', async () => {
    const size = SIZES[0];
    // The second admin credits the member and makes the request (chain of custody: the approver did neither).
    const admin = await t.login(t.demo.admin.email, t.demo.admin.password);
    const admin2 = await t.login(t.demo.admin2.email, t.demo.admin2.password);
    const email = uniqueEmail('stepup-first');
    const member = await t.createUser({
      email,
      password: 'Money#1234',
      firstName: 'Rohan',
      lastName: 'Kapoor',
      bankAccountNumber: ID.account,
      bankIFSC: 'HDFC0001234',
      bankName: 'HDFC Bank',
      bankAccountHolderName: 'Rohan Kapoor',
    });
    await verifyKyc(t, await t.login(email, 'Money#1234'), admin);
    const fund = await t.api('POST', '/api/admin/send-fund', { cookie: admin2, body: { userId: member.userId, option: 'Credit', amount: '5000', remarks: 'Opening balance' } });
    expect(fund.status, JSON.stringify(fund.body)).toBe(200);
    const made = await t.api('POST', '/api/admin/withdraw-personally', {
      cookie: admin2,
      headers: { 'idempotency-key': 'e2e-stepup-first' },
      body: { userId: member.userId, withdrawalType: 'INR', amount: '1200', remarks: 'By phone' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = (made.body.withdrawal as { id: string }).id;

    const { context, page, errors } = await open(size);
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) refused.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
    });
    try {
      await signIn(page, t.url, t.demo.admin.email, t.demo.admin.password);
      await expectPath(page, '/admin');
      // Just signed in with the code: a step-up route goes straight through.
      t.clock.advance(6 * 60_000);
      await page.goto(`${t.url}/admin?section=withdrawals-pending`);
      await page.getByRole('heading', { level: 1, name: 'Pending Withdraw Requests' }).waitFor();
      const row = page.locator(`[data-withdrawal-id="${id}"]:visible`);
      await row.getByRole('button', { name: /^Approve the withdrawal of/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve Withdrawal' });
      let approvals = 0;
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === `/api/admin/approve-withdrawal/${id}`) approvals++;
      });
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
      await stepUp.waitFor();
      // Asked before the request went out.
      expect(approvals).toBe(0);
      await picture(page, 'step-up-first', false);
      await stepUp.getByLabel('Authentication code').fill(codeFor(t.demo.admin.email));
      await stepUp.getByRole('button', { name: 'Confirm' }).click();
      await expectToast(page, 'Success', WALLET_MSG.withdrawalApproved);
      await row.waitFor({ state: 'detached' });
      expect(approvals).toBe(1);
      expect(refused).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
