import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AdminTicketList } from '../../contracts';
import { SECTION_IDS } from '../../web/app/admin/sections';
import type { TestApp } from '../support/test-app';
import { bank, fundedMember } from '../support/money';
import { SIZES, openPage, reviewShot, signIn, startBrowserApp, stopBrowserApp, visibleRecord } from './support/browser';

/**
 * Issue 30 (items 5 and 6): every admin record has its own address (?section=…&id=…[&action=…]) that survives a
 * reload, closing it drops the id, an unknown id says "not found"; a member page's tab survives a reload; and no
 * column of an admin table lies under its sticky Actions column at 1280 px.
 */

let t: TestApp;
let browser: Browser;
let adminCookie = '';
const desktop = SIZES[0];
/** The demo member's ticket opened by the support-ticket case. */
let memberTicket = { id: '', subject: '' };

beforeAll(async () => {
  ({ t, browser } = await startBrowserApp());
  adminCookie = await t.login(t.demo.admin.email, t.demo.admin.password);
});
afterAll(() => stopBrowserApp(t, browser));

const idInUrl = (page: Page) => new URL(page.url()).searchParams.get('id');

async function section(page: Page, id: string, heading: string | RegExp) {
  await page.goto(`${t.url}/admin?section=${id}`);
  await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
}

/** Opens section `id` and clicks `button` in the row of record `recordId` (the row marked `attr`). */
async function clickInRow(page: Page, id: string, heading: string, attr: string, recordId: string, button: string | RegExp) {
  await section(page, id, heading);
  await visibleRecord(page, attr, recordId).getByRole('button', { name: button }).click();
}

/** The id is in the address; after a reload the same record is open again (`check` finds it on the page). */
async function expectSurvivesReload(page: Page, id: string, check: () => Promise<unknown>) {
  await page.waitForURL((url) => url.searchParams.get('id') === id);
  await check();
  await page.reload();
  expect(idInUrl(page)).toBe(id);
  await check();
}

describe('records and views by their own address', () => {
  let context: BrowserContext;
  let page: Page;
  afterAll(() => context?.close());

  it('signs the admin in', async () => {
    ({ context, page } = await openPage(browser, desktop));
    await signIn(page, t.url, t.demo.admin.email, t.demo.admin.password);
    await page.waitForURL((url) => url.pathname === '/admin');
  });

  it('a payout cycle: opened, reloaded, closed with Back, and an unknown id', async () => {
    const list = await t.api('GET', '/api/admin/compensation/cycles?kind=pairing', { cookie: adminCookie });
    expect(list.status).toBe(200);
    const cycle = list.body.items[0] as { id: string };
    expect(cycle).toBeTruthy();
    await clickInRow(page, 'comp-cycles', 'Cycles', 'data-cycle-id', cycle.id, /View cycle/);
    await expectSurvivesReload(page, cycle.id, () => page.getByRole('button', { name: 'All cycles' }).first().waitFor());
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Cycles' }).waitFor();
    expect(idInUrl(page)).toBeNull();

    await page.goto(`${t.url}/admin?section=comp-cycles&id=00000000-0000-4000-8000-000000000000`);
    await page.getByText('Cycle not found').first().waitFor();
    await page.goto(`${t.url}/admin?section=comp-cycles&id=not-a-cycle`);
    await page.getByText('Cycle not found').first().waitFor();
  });

  it('a member: the Edit User dialog', async () => {
    const found = await t.api('GET', '/api/admin/users/search', { cookie: adminCookie });
    const row = (found.body.items as Array<{ id: string; userId: string; email: string }>).find((r) => r.email === t.demo.member.email)!;
    await clickInRow(page, 'all-members', 'All Members', 'data-user-id', row.userId, `Actions for ${row.userId}`);
    await page.getByRole('menuitem', { name: /Edit user/i }).click();
    const dialog = () => page.getByRole('dialog', { name: 'Edit User Details' }).getByText(row.userId).first().waitFor();
    await expectSurvivesReload(page, row.id, dialog);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    await page.waitForURL((url) => !url.searchParams.has('id'));
  });

  it('an order: the Update Order dialog; an unknown order says so', async () => {
    const orders = await t.api('GET', '/api/admin/purchases', { cookie: adminCookie });
    const order = orders.body.items[0] as { id: string };
    expect(order).toBeTruthy();
    await clickInRow(page, 'orders', 'Orders', 'data-order-id', order.id, /Update order/);
    await expectSurvivesReload(page, order.id, () => page.getByRole('dialog', { name: 'Update Order' }).waitFor());
    await page.goto(`${t.url}/admin?section=orders&id=00000000-0000-4000-8000-000000000000`);
    await page.getByRole('dialog', { name: 'Order not found' }).waitFor();
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.waitForURL((url) => !url.searchParams.has('id'));
  });

  it('a withdrawal: the Approve dialog', async () => {
    const { cookie } = await fundedMember(t, adminCookie, '5000', { firstName: 'Link', lastName: 'Withdrawer' });
    const asked = await t.api('POST', '/api/withdrawals', { cookie, body: { withdrawalType: 'bank', amount: '1200', bankDetails: bank } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const id = (asked.body.withdrawal as { id: string }).id;
    await clickInRow(page, 'withdrawals-pending', 'Pending Withdraw Requests', 'data-withdrawal-id', id, /Approve the withdrawal/);
    await expectSurvivesReload(page, id, () => page.getByRole('dialog', { name: 'Approve Withdrawal' }).waitFor());
    expect(new URL(page.url()).searchParams.get('action')).toBe('approve');
    // The linked row itself is marked and scrolled to (what a record without a dialog of its own, such as an approved
    // withdrawal, shows for its link): one row, the linked one.
    const other = await t.api('POST', '/api/withdrawals', { cookie, body: { withdrawalType: 'bank', amount: '800', bankDetails: bank } });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const otherId = (other.body.withdrawal as { id: string }).id;
    await page.goto(`${t.url}/admin?section=withdrawals-pending&id=${otherId}`);
    const row = visibleRecord(page, 'data-withdrawal-id', otherId);
    await row.waitFor();
    expect(await row.getAttribute('aria-current')).toBe('true');
    expect(await page.locator('[aria-current="true"][data-withdrawal-id]:visible').count()).toBe(1);
  });

  it('a support ticket: the ticket dialog', async () => {
    const member = await t.login(t.demo.member.email, t.demo.member.password);
    const subject = 'Record link ticket';
    const opened = await t.api('POST', '/api/support-tickets', {
      cookie: member,
      body: { category: 'Payment', subject, description: 'A ticket opened to check that its address survives a reload.', priority: 'high' },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const ticket = ((await t.api('GET', '/api/admin/support-tickets', { cookie: adminCookie })).body as AdminTicketList).items.find((x) => x.subject === subject)!;
    memberTicket = { id: ticket.id, subject };
    await clickInRow(page, 'support-tickets', 'Support Tickets', 'data-ticket-id', ticket.id, /Manage ticket/);
    await expectSurvivesReload(page, ticket.id, () => page.getByRole('dialog', { name: subject }).waitFor());
  });

  it('an approval: the Approve dialog of a request another admin made', async () => {
    const second = await t.login(t.demo.admin2.email, t.demo.admin2.password);
    const found = await t.api('GET', '/api/admin/users/search', { cookie: adminCookie });
    const row = (found.body.items as Array<{ userId: string; email: string }>).find((r) => r.email === t.demo.member.email)!;
    const r = await t.api('POST', '/api/admin/send-fund', { cookie: second, body: { userId: row.userId, option: 'Credit', amount: '900000', remarks: 'A large credit' } });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    const id = r.body.approval.id as string;
    await section(page, 'approvals', 'Approvals');
    await page.goto(`${t.url}/admin?section=approvals&id=${id}&action=approve`);
    const dialog = () => page.getByRole('dialog').first().waitFor();
    await expectSurvivesReload(page, id, dialog);
    await page.goto(`${t.url}/admin?section=approvals&id=00000000-0000-4000-8000-000000000000`);
    await page.getByRole('dialog', { name: 'Approval request not found' }).waitFor();
  });

  it('no column lies under the sticky Actions column at 1280 px', async () => {
    for (const [id, heading, label] of [
      ['comp-cycles', 'Cycles', 'Pairing cycles'],
      ['support-tickets', 'Support Tickets', 'Support tickets'],
    ] as const) {
      await section(page, id, heading);
      const table = page.getByRole('region', { name: label });
      await table.locator('thead th').first().waitFor();
      const boxes = await table.locator('thead th').evaluateAll((ths) =>
        ths
          .filter((th) => getComputedStyle(th).display !== 'none')
          .map((th) => {
            const r = th.getBoundingClientRect();
            return { left: r.left, right: r.right, sticky: getComputedStyle(th).position === 'sticky', text: th.textContent };
          }),
      );
      await reviewShot(page, `record-links-${id}-1280.png`, false);
      const sticky = boxes.filter((b) => b.sticky);
      expect(sticky.length, `${id}: a sticky column`).toBeGreaterThan(0);
      for (const s of sticky) {
        for (const b of boxes.filter((x) => !x.sticky)) {
          const overlap = Math.min(s.right, b.right) - Math.max(s.left, b.left);
          expect(overlap, `${id}: "${b.text}" under the sticky column`).toBeLessThanOrEqual(0.5);
        }
      }
    }
  });

  it('the sweep: no admin table has a column under its sticky column at 1280 px (pictures at 1280 and 390)', async () => {
    const overlaps: string[] = [];
    const sections = SECTION_IDS.filter((id) => !['genealogy', 'roi-income', 'salary-income', 'send-fund', 'withdraw-personally', 'my-security', 'branding', 'comp-plan'].includes(id));
    for (const id of sections) {
      await page.goto(`${t.url}/admin?section=${id}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForTimeout(700);
      const found = await page.locator('[role="region"] table').evaluateAll((tables) =>
        tables.flatMap((table) => {
          const ths = [...table.querySelectorAll('thead th')].filter((th) => getComputedStyle(th).display !== 'none');
          const boxes = ths.map((th) => ({ r: th.getBoundingClientRect(), sticky: getComputedStyle(th).position === 'sticky', text: th.textContent ?? '' }));
          return boxes
            .filter((s) => s.sticky)
            .flatMap((s) =>
              boxes
                .filter((b) => !b.sticky && Math.min(s.r.right, b.r.right) - Math.max(s.r.left, b.r.left) > 0.5)
                .map((b) => `${table.closest('[role=region]')?.getAttribute('aria-label')}: ${b.text}`),
            );
        }),
      );
      overlaps.push(...found.map((f) => `${id} · ${f}`));
      await reviewShot(page, `record-links-sweep-${id}-1280.png`);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    for (const id of sections) {
      await page.goto(`${t.url}/admin?section=${id}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForTimeout(700);
      const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (over > 0) overlaps.push(`${id} · the page scrolls sideways at 390 px by ${over}px`);
      await reviewShot(page, `record-links-sweep-${id}-390.png`);
    }
    await page.setViewportSize({ width: desktop.width, height: desktop.height });
    expect(overlaps).toEqual([]);
  }, 240_000);

  it('a member page tab survives a reload', async () => {
    const { context: c2, page: p2 } = await openPage(browser, desktop);
    try {
      await signIn(p2, t.url, t.demo.member.email, t.demo.member.password);
      await p2.waitForURL((url) => url.pathname === '/dashboard');
      await p2.goto(`${t.url}/my-team`);
      await p2.getByRole('tab', { name: 'Downline' }).click();
      await p2.waitForURL((url) => url.searchParams.get('tab') === 'downline');
      await p2.reload();
      expect(new URL(p2.url()).searchParams.get('tab')).toBe('downline');
      await p2.getByRole('tab', { name: 'Downline', selected: true }).waitFor();

      // A ticket's thread on the member's Support page.
      await p2.goto(`${t.url}/support`);
      await p2.getByRole('button', { name: `Open the conversation: ${memberTicket.subject}` }).click();
      await expectSurvivesReload(p2, memberTicket.id, () => p2.getByRole('dialog').getByText(memberTicket.subject).first().waitFor());
      await p2.goto(`${t.url}/support?id=00000000-0000-4000-8000-000000000000`);
      await p2.getByRole('dialog', { name: 'Ticket not found' }).waitFor();
    } finally {
      await c2.close();
    }
  });
});
