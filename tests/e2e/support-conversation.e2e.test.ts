import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AdminTicketList } from '../../contracts';
import { startTestApp, type TestApp } from '../support/test-app';
import { fakePdf, fakePng, uniqueEmail } from '../support/http';
import { SIZES, expectPath, expectToast, launchBrowser, reviewShot, seriousViolations, shot, signIn, type Size } from './support/browser';

/** Issue 15: a support ticket as a conversation, with an attachment, from the member's side and staff's, at desktop and phone width. */
let t: TestApp;
let browser: Browser;
let admin: string;
const PASSWORD = 'Convo#12345';

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  browser = await launchBrowser();
  admin = await t.login(t.demo.admin.email, t.demo.admin.password);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function picture(page: Page, name: string, fullPage = true) {
  await shot(page, `conversation-${name}`);
  await reviewShot(page, `conversation-${name}-${page.viewportSize()?.width}.png`, fullPage);
}

describe.each(SIZES)('a support conversation at $name width', (size: Size) => {
  let context: BrowserContext;
  let page: Page;
  afterAll(() => context?.close());
  const as = async (login: string, password: string, home: string) => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: 1 });
    context.setDefaultTimeout(10_000);
    page = await context.newPage();
    page.on('pageerror', (e) => console.error(`[page error at ${size.name}]`, e.message));
    await signIn(page, t.url, login, password);
    await expectPath(page, home);
  };

  it('the member replies with a screenshot, staff answer with a PDF, the member sees the answer and the status change', async () => {
    const email = uniqueEmail(`convo-${size.name}`);
    await t.createUser({ email, password: PASSWORD, firstName: 'Ritu', lastName: `Sharma ${size.name}` });
    const cookie = await t.login(email, PASSWORD);
    const subject = `Order not delivered ${size.name}`;
    const opened = await t.api('POST', '/api/support-tickets', { cookie, body: { category: 'Product', subject, description: 'My order from last week has not been delivered to Nagpur yet.' } });
    expect(opened.status).toBe(201);

    // The member opens the conversation from My Tickets and replies with a screenshot.
    await as(email, PASSWORD, '/dashboard');
    await page.goto(`${t.url}/support`);
    await page.getByRole('button', { name: `Open the conversation: ${subject}` }).click();
    let dialog = page.getByRole('dialog', { name: subject });
    await dialog.getByText('No replies yet. Our support team will answer here.').waitFor();
    await dialog.getByLabel('Your reply').fill('The courier says the parcel is at the depot. Screenshot attached.');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'tracking.png', mimeType: 'image/png', buffer: fakePng(4096) });
    await dialog.getByText('tracking.png').waitFor();
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await expectToast(page, 'Reply sent');
    await dialog.getByRole('link', { name: /tracking\.png/ }).waitFor();
    await picture(page, 'member-reply', false);
    expect(await seriousViolations(page)).toEqual([]);

    // Staff see it in the ticket dialog and answer with a PDF.
    const queue = (await t.api('GET', '/api/admin/support-tickets', { cookie: admin })).body as AdminTicketList;
    const ticket = queue.items.find((x) => x.subject === subject)!;
    await as(t.demo.admin.email, t.demo.admin.password, '/admin');
    await page.goto(`${t.url}/admin?section=support-tickets`);
    await page.getByRole('heading', { level: 1, name: 'Support Tickets' }).waitFor();
    await page.locator(`[data-ticket-id="${ticket.id}"]:visible`).getByRole('button', { name: `Manage ticket: ${subject}` }).click();
    dialog = page.getByRole('dialog', { name: subject });
    await dialog.getByText('The courier says the parcel is at the depot.').waitFor();
    await dialog.getByRole('link', { name: /tracking\.png/ }).waitFor();
    await dialog.getByLabel('Reply to the member').fill('We have asked the courier to deliver tomorrow. The delivery note is attached.');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'delivery-note.pdf', mimeType: 'application/pdf', buffer: fakePdf(2048) });
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await expectToast(page, 'Reply sent', 'The member has been notified by notification and email.');
    await dialog.getByText('In Progress', { exact: true }).first().waitFor();
    await picture(page, 'staff-reply', false);
    expect(await seriousViolations(page)).toEqual([]);

    // The mail's link opens the conversation: the answer, its PDF and the status change.
    await t.flushMail();
    await expect.poll(() => t.mail.lastTo(email)?.subject, { timeout: 10_000 }).toBe(`Reply to your ticket: ${subject}`);
    expect(t.mail.lastTo(email)?.text).toContain(`/support?ticket=${ticket.id}`);
    await as(email, PASSWORD, '/dashboard');
    await page.goto(`${t.url}/support?ticket=${ticket.id}`);
    dialog = page.getByRole('dialog', { name: subject });
    await dialog.getByText('We have asked the courier to deliver tomorrow.').waitFor();
    await dialog.getByRole('link', { name: /delivery-note\.pdf/ }).waitFor();
    await dialog.getByText(/Status changed from/).waitFor();
    const pdf = await page.request.get(`${t.url}${await dialog.getByRole('link', { name: /delivery-note\.pdf/ }).getAttribute('href')}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await picture(page, 'member-thread', false);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
