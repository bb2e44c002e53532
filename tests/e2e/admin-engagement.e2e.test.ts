import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ENGAGEMENT_MSG, type AdminTicketList, type NewsView, type TicketView } from '../../contracts';
import { userByEmail, type TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/http';
import { browserAppWithAdmin, SIZES, expectToast, pagePerTest, picture as settledPicture, seriousViolations, type Size, openAdminSection, visibleRecord } from './support/browser';

let t: TestApp;
let browser: Browser;
let admin: string;

const PASSWORD = 'Engage#12345';
const PLAN = 'Open a Mini franchise outlet in Nashik with two sales staff, focusing on water purifiers for housing societies and small offices.';

browserAppWithAdmin((app) => ({ t, browser, admin } = app));

/** artifacts/shots/engage-<name>-<width>.png for review, and artifacts/screens. */
const picture = (page: Page, name: string, fullPage = true) => settledPicture(page, `engage-${name}`, { fullPage });

const open = (page: Page, section: string, heading: string) => openAdminSection(page, t.url, section, heading);

const statusFilter = (page: Page, name: RegExp) => page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name });

async function member(firstName: string, lastName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  await t.createUser({ email, password: PASSWORD, firstName, lastName });
  return { email, name: `${firstName} ${lastName}`, cookie: await t.login(email, PASSWORD) };
}

describe.each(SIZES)('admin engagement sections at $name width', (size: Size) => {
  let page: Page;
  const tag = size.name === 'phone' ? 'Phone' : 'Desk';
  const small = tag.toLowerCase();
  const pages = pagePerTest(() => browser, size, { bypassCSP: true });
  const asUser = async (email: string, password: string, home: string) => {
    ({ page } = await pages.signedIn(t.url, email, password, home));
  };

  it('Franchise Requests: from the dashboard to approval; the member becomes a Mini franchise and opens /franchise', async () => {
    const m = await member('Omkar', `Kulkarni ${tag}`);
    const applied = await t.api('POST', '/api/franchise-requests', { cookie: m.cookie, body: { franchiseType: 'Mini', investmentAmount: '250000', businessPlan: PLAN } });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);

    await asUser(t.demo.admin.email, t.demo.admin.password, '/admin');
    // The dashboard's actions-required entry and its Franchise Requests card lead to the section.
    const main = page.getByRole('main');
    await main.getByRole('link', { name: /Franchise requests to review/ }).waitFor();
    await main.getByRole('link', { name: /^Franchise Requests/ }).click();
    await page.waitForURL((u) => u.searchParams.get('section') === 'franchise-requests');
    await page.getByRole('heading', { level: 1, name: 'Franchise Requests' }).waitFor();
    if (size.name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    for (const name of ['Franchise Requests', 'Support Tickets', 'News']) await nav.getByRole('link', { name, exact: true }).waitFor();
    if (size.name === 'phone') await page.keyboard.press('Escape');

    const list = await t.api('GET', '/api/admin/franchise-requests?status=pending', { cookie: admin });
    const items = (Array.isArray(list.body) ? list.body : list.body.items) as Array<{ id: string; userEmail: string }>;
    const request = items.find((r) => r.userEmail === m.email)!;
    expect(request).toBeTruthy();
    const row = visibleRecord(page, 'data-request-id', request.id);
    await row.getByText(m.name).waitFor();
    await row.getByText('₹2,50,000.00').waitFor();
    expect(await statusFilter(page, /^Pending/).getAttribute('aria-pressed')).toBe('true');
    await picture(page, `franchise-requests-${small}`);
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('button', { name: `Review the request of ${m.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Franchise Request' });
    await dialog.getByText(PLAN).waitFor();
    await dialog.getByText('₹2,50,000.00').waitFor();
    // Rejecting needs a reason of 5 characters or more.
    await dialog.getByRole('radio', { name: /^Reject/ }).check();
    await dialog.getByLabel('Reason for rejecting').fill('no');
    await dialog.getByRole('button', { name: 'Reject Request' }).click();
    await dialog.getByText('Please give the reason for rejecting (5 characters or more)').waitFor();
    await dialog.getByRole('radio', { name: /^Approve/ }).check();
    await dialog.getByText(/their role changes to Mini Franchise/).waitFor();
    await dialog.getByLabel('Notes').fill('Strong local plan');
    await picture(page, `franchise-review-${small}`, false);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Approve Request' }).click();
    await expectToast(page, 'Franchise request approved');
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    await statusFilter(page, /^Approved/).click();
    await visibleRecord(page, 'data-request-id', request.id).getByText('Approved', { exact: true }).waitFor();
    expect((await userByEmail(t, m.email))!.role).toBe('mini_franchise');

    // The legacy ?section=franchise points here.
    await page.goto(`${t.url}/admin?section=franchise`);
    await page.getByRole('link', { name: 'Open Franchise Requests' }).click();
    await page.getByRole('heading', { level: 1, name: 'Franchise Requests' }).waitFor();

    await asUser(m.email, PASSWORD, '/franchise');
    await page.getByRole('heading', { level: 1, name: 'Franchise Dashboard' }).waitFor();
    await page.getByText('Limited SKU Range').waitFor();
  });

  it('Support Tickets: filters, assign, in progress, resolve with a resolution', async () => {
    const m = await member('Lata', `Deshmukh ${tag}`);
    const subject = `Wallet credit missing ${tag}`;
    const opened = await t.api('POST', '/api/support-tickets', {
      cookie: m.cookie,
      body: { category: 'Payment', subject, description: 'The credit sent on Monday does not appear in my wallet ledger.', priority: 'high' },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const queue = (await t.api('GET', '/api/admin/support-tickets', { cookie: admin })).body as AdminTicketList;
    const ticket = queue.items.find((x) => x.subject === subject)!;
    const me = queue.admins[0];
    expect(me).toBeTruthy();

    await asUser(t.demo.admin.email, t.demo.admin.password, '/admin');
    await open(page, 'support-tickets', 'Support Tickets');
    const row = visibleRecord(page, 'data-ticket-id', ticket.id);
    await row.getByText(subject).waitFor();
    await row.getByText('Status: Open', { exact: true }).waitFor();
    await page.getByLabel('Category').selectOption('Payment');
    await page.getByLabel('Priority').selectOption('high');
    await row.getByText('High').waitFor();
    await page.getByLabel('Category').selectOption('Technical');
    await page.getByText('No tickets match these filters').waitFor();
    await page.getByLabel('Category').selectOption('');
    await statusFilter(page, /^Open/).click();
    await row.waitFor();
    await picture(page, `tickets-${small}`);
    expect(await seriousViolations(page)).toEqual([]);

    const manage = async () => {
      await row.getByRole('button', { name: `Manage ticket: ${subject}` }).click();
      const d = page.getByRole('dialog', { name: subject });
      await d.getByText('The credit sent on Monday').waitFor();
      return d;
    };
    let dialog = await manage();
    await dialog.getByLabel('Assigned to').selectOption(me.id);
    await picture(page, `ticket-dialog-${small}`, false);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Ticket updated');
    await dialog.waitFor({ state: 'detached' });
    if (size.name === 'desktop') await row.getByText(me.name).waitFor();

    dialog = await manage();
    await dialog.getByLabel('Status').selectOption('in_progress');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Ticket updated');
    await dialog.waitFor({ state: 'detached' });
    await statusFilter(page, /^In Progress/).click();
    await row.getByText('Status: In Progress', { exact: true }).waitFor();

    dialog = await manage();
    await dialog.getByLabel('Status').selectOption('resolved');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText(ENGAGEMENT_MSG.resolutionRequired).waitFor();
    const resolution = 'The credit was posted on Tuesday; the ledger now shows it.';
    await dialog.getByLabel('Resolution').fill(resolution);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Ticket updated');
    await dialog.waitFor({ state: 'detached' });
    await statusFilter(page, /^Resolved/).click();
    await row.getByText('Status: Resolved', { exact: true }).waitFor();

    const mine = (await t.api('GET', '/api/support-tickets', { cookie: m.cookie })).body as TicketView[];
    const seen = mine.find((x) => x.id === ticket.id)!;
    expect(seen).toMatchObject({ status: 'resolved', resolution, assignedToName: me.name, priority: 'high' });
    expect(seen.resolvedAt).toBeTruthy();
  });

  it('News: written in the admin UI, read by a member, deactivated and activated again', async () => {
    const m = await member('Ishaan', `Rao ${tag}`);
    const title = `Monsoon purifier offer ${tag}`;
    await asUser(t.demo.admin.email, t.demo.admin.password, '/admin');
    await open(page, 'news', 'News');
    await page.getByRole('button', { name: 'Write News' }).click();
    const dialog = page.getByRole('dialog', { name: 'Write News' });
    await dialog.getByLabel('Title').fill('Sale');
    await dialog.getByLabel('Content').fill('Too short');
    await dialog.getByRole('button', { name: 'Publish News' }).click();
    await dialog.getByText(ENGAGEMENT_MSG.titleMin).waitFor();
    await dialog.getByText(ENGAGEMENT_MSG.contentMin).waitFor();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Content').fill('Every AquaPure purifier ordered this month ships with a free filter kit.');
    await dialog.getByLabel('Type').selectOption('promotion');
    await dialog.getByLabel('Priority').selectOption('high');
    // An expiry before the publication is refused.
    await dialog.getByLabel('Publish at').fill('2031-06-01T10:00');
    await dialog.getByLabel('Expires at').fill('2031-05-01T10:00');
    await dialog.getByRole('button', { name: 'Publish News' }).click();
    await dialog.getByText(ENGAGEMENT_MSG.expiresBeforePublish).waitFor();
    await dialog.getByLabel('Publish at').fill('');
    await dialog.getByLabel('Expires at').fill('2031-06-30T18:00');
    await picture(page, `news-dialog-${small}`, false);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Publish News' }).click();
    await expectToast(page, 'News created');
    await dialog.waitFor({ state: 'detached' });

    const all = (await t.api('GET', '/api/admin/news', { cookie: admin })).body as NewsView[];
    const item = all.find((n) => n.title === title)!;
    expect(item).toMatchObject({ type: 'promotion', priority: 'high', isActive: true });
    expect(new Date(item.expiresAt!).getUTCFullYear()).toBe(2031);
    const card = visibleRecord(page, 'data-news-id', item.id);
    await card.getByText('Live', { exact: true }).waitFor();
    await card.getByText('Promotion').waitFor();
    await picture(page, `news-${small}`);
    expect(await seriousViolations(page)).toEqual([]);
    const read = async () => ((await t.api('GET', '/api/news', { cookie: m.cookie })).body as NewsView[]).some((n) => n.id === item.id);
    expect(await read()).toBe(true);

    await card.getByRole('button', { name: `Deactivate ${title}` }).click();
    await expectToast(page, 'News deactivated');
    await card.getByText('Inactive', { exact: true }).waitFor();
    expect(await read()).toBe(false);
    await card.getByRole('button', { name: `Activate ${title}` }).click();
    await expectToast(page, 'News activated');
    await card.getByText('Live', { exact: true }).waitFor();
    expect(await read()).toBe(true);

    // Scheduled: an edit that moves the publication into the future hides it from members until then.
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit News' });
    expect(await edit.getByLabel('Title').inputValue()).toBe(title);
    await edit.getByLabel('Publish at').fill('2031-06-01T10:00');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'News updated');
    await edit.waitFor({ state: 'detached' });
    await card.getByText('Scheduled', { exact: true }).waitFor();
    expect(await read()).toBe(false);
  });
});
