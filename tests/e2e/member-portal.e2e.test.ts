import { describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ENGAGEMENT_MSG, type FranchiseRequestView, type KycInfo, type TeamStats, type TicketView } from '../../contracts';
import { DEMO_NEWS } from '../../server/seed/demo-data';
import type { TestApp } from '../support/test-app';
import { b64, fakePng, uniqueEmail } from '../support/http';
import { browserAppWithAdmin, SIZES, expectPath, expectToast, reviewShot, seriousViolations, shot, signIn, type Size } from './support/browser';
import { ID } from '../support/identity';

let t: TestApp;
let browser: Browser;
let admin: string;

const PASSWORD = 'Portal#12345';
const TABS = ['Dashboard', 'My Team', 'Products', 'My Purchases', 'Wallet', 'Income', 'Support', 'Settings'];
const HEADINGS: Record<string, string | RegExp> = {
  Dashboard: /Welcome back, Asha!/,
  'My Team': 'My Team',
  Products: 'Product Catalog',
  'My Purchases': 'My Purchases',
  Wallet: 'Wallet',
  Income: 'Income',
  Support: 'Support',
  Settings: 'Settings',
};
const PLAN = 'Open a Growth franchise in Kothrud, Pune: a showroom for purifiers, TVs and fans with two field staff and weekly demos.';

browserAppWithAdmin((app) => ({ t, browser, admin } = app));

/** artifacts/shots/portal-<name>-<width>.png for the review, plus artifacts/screens. */
async function portalShot(page: Page, name: string) {
  // The header is sticky: from the top, a full-page shot shows it once, where it belongs.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await reviewShot(page, `portal-${name}-${page.viewportSize()?.width ?? 0}.png`);
  await shot(page, `portal-${name}`);
}

/** A fresh context (own cookies) and page; a failure leaves artifacts/shots/portal-FAILED-<width>.png behind. */
async function withPage(size: Size, run: (page: Page, context: BrowserContext) => Promise<void>) {
  // bypassCSP lets the axe script run in the page; nothing else depends on it.
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: 1, bypassCSP: true });
  // The shared box can be busy: allow more than the usual 10 s per step.
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[page error at ${size.name}]`, e.message));
  try {
    await run(page, context);
  } catch (e) {
    await reviewShot(page, `portal-FAILED-${size.width}.png`).catch(() => undefined);
    throw e;
  } finally {
    await context.close();
  }
}

/** Rupees as the portal shows them: "₹11,459.04". */
const inr = (amount: string) => `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(amount))}`;
const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Member portal' }).getByRole('link', { name, exact: true });
const activity = (page: Page) => page.getByRole('list', { name: 'Recent activity' });
const tile = (page: Page, name: string) => page.getByRole('list', { name: 'KYC documents' }).getByRole('listitem', { name });

async function expectNoSeriousViolations(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page), where).toEqual([]);
}

describe.each(SIZES)('Member portal at $name width', (size: Size) => {
  it('dashboard of the demo member: header, welcome, figures, quick actions, activity, news, KYC card; every tab', async () => {
    await withPage(size, async (page) => {
      await signIn(page, t.url, t.demo.member.email, t.demo.member.password);
      await expectPath(page, '/dashboard');

      // Header: greeting by the browser's hour, initials avatar leading to Settings, logout.
      const banner = page.getByRole('banner');
      const hello = await page.evaluate(() => {
        const h = new Date().getHours();
        return h < 12 ? 'Good morning' : h < 17 ? 'Good afternoon' : 'Good evening';
      });
      await banner.getByText(`${hello}, Asha`, { exact: true }).waitFor();
      const avatar = banner.getByRole('link', { name: 'Account settings for Asha Verma' });
      expect(await avatar.locator('[aria-hidden="true"]').innerText()).toBe('AV');
      await banner.getByRole('button', { name: 'Logout' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Member portal' }).getByRole('link').allTextContents()).toEqual(TABS);

      await page.getByRole('heading', { level: 1, name: 'Welcome back, Asha!' }).waitFor();
      const quick = page.getByRole('navigation', { name: 'Quick actions' });
      const hrefs = await quick.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(['/my-team', '/products', '/wallet', '/support']);

      // Key figures from GET /api/wallet and GET /api/team/stats.
      const cookie = await t.login(t.demo.member.email, t.demo.member.password);
      const stats = (await t.api('GET', '/api/team/stats', { cookie })).body as TeamStats;
      // The ₹25,000 welcome credit, less the demo member's purchases, plus the income of the posted demo cycles.
      const wallet = (await t.api('GET', '/api/wallet', { cookie })).body as { balance: string };
      expect(wallet.balance).not.toBe('25000.00');
      await page.getByRole('group', { name: 'Wallet Balance' }).getByText(inr(wallet.balance)).waitFor();
      await page.getByRole('group', { name: 'Team Size' }).getByText(String(stats.totalDownline), { exact: true }).waitFor();
      expect(stats.totalDownline).toBe(4);
      await page.getByRole('group', { name: 'Current Rank' }).getByText(stats.currentRank, { exact: true }).waitFor();

      // Recent activity from real events: the decision waiting, the income of the last posted week, the two team
      // joins of that week (the demo history's; the first two members joined before it, further down the list).
      const decision = activity(page).getByRole('listitem').filter({ hasText: 'Position decision waiting' });
      await decision.getByText(`${t.demo.pending.firstName} ${t.demo.pending.lastName} waits for you to choose left or right.`).waitFor();
      expect(await decision.getByRole('link').getAttribute('href')).toBe('/my-team?tab=decisions');
      expect(await decision.locator('time').innerText()).toMatch(/ago$/);
      await expect.poll(() => activity(page).getByText('New member in your team').count()).toBe(2);
      await activity(page).getByText('Priya Nair joined your left side.').waitFor();
      await activity(page).getByText('Vikram Singh joined your right side.').waitFor();
      await activity(page).getByRole('listitem').filter({ hasText: 'Sales Incentive' }).first().getByText(/^\+₹/).waitFor();
      await activity(page).getByRole('listitem').filter({ hasText: 'Admin Charge' }).first().getByText(/^−₹/).waitFor();

      // News: the published announcement with its type and priority.
      const news = page.getByRole('list', { name: 'News' }).getByRole('listitem', { name: DEMO_NEWS.title });
      await news.getByText('Announcement', { exact: true }).waitFor();
      await news.getByText('High priority', { exact: true }).waitFor();
      await news.getByText(DEMO_NEWS.content.slice(0, 40)).waitFor();

      // The KYC card at the bottom: overall status, four tiles, no deadline once approved.
      const info = (await t.api('GET', '/api/user/kyc-info', { cookie })).body as KycInfo;
      const kyc = page.getByRole('region', { name: 'KYC Information' });
      // The demo member's KYC was approved in the demo's history (issue 30: the demo can withdraw), so no deadline shows.
      expect(info).toMatchObject({ overallStatus: 'approved', deadline: null });
      await kyc.getByText('Overall status: Approved', { exact: true }).waitFor();
      for (const name of ['PAN Card', 'Aadhaar Card', 'Bank Statement', 'Profile Photo']) await tile(page, name).getByText('Approved', { exact: true }).waitFor();
      expect(await page.getByRole('list', { name: 'KYC documents' }).getByRole('listitem').count()).toBe(4);
      expect(await kyc.getByText(/Complete your KYC by|days? left|deadline has passed/).count()).toBe(0);
      const regions = await page
        .getByRole('main')
        .locator('section')
        .evaluateAll((s) => s.map((el) => el.getAttribute('aria-labelledby')));
      expect(regions.at(-1)).toBe('kyc-info-title');
      await portalShot(page, 'dashboard');
      await expectNoSeriousViolations(page, 'dashboard');

      // An activity item leads to its place: the decision tab of My Team.
      await decision.getByRole('link').click();
      await page.waitForURL((u) => u.pathname === '/my-team' && u.searchParams.get('tab') === 'decisions');
      await page.getByRole('tab', { name: /Position Decisions/, selected: true }).waitFor();

      // The KYC card's button leads to /kyc-upload.
      await nav(page, 'Dashboard').click();
      await kyc.getByRole('link', { name: 'View KYC Documents' }).click(); // approved: view, not update
      await expectPath(page, '/kyc-upload');
      await page.getByRole('heading', { level: 1, name: 'KYC Verification' }).waitFor();
      await portalShot(page, 'kyc-upload');

      // The team quick action opens the team tab.
      await nav(page, 'Dashboard').click();
      await quick.getByRole('link', { name: /View My Team/ }).click();
      await expectPath(page, '/my-team');
      await page.getByRole('heading', { level: 1, name: 'My Team' }).waitFor();

      // Every tab reaches its page.
      for (const tab of TABS) {
        await nav(page, tab).click();
        await page.getByRole('heading', { level: 1, name: HEADINGS[tab] }).waitFor();
        expect(await nav(page, tab).getAttribute('aria-current')).toBe('page');
        if (tab !== 'Dashboard') await portalShot(page, tab.toLowerCase().replace(' ', '-'));
      }
    });
  }, 150_000);

  it('a new member: empty activity, passed KYC deadline, document view; Settings franchise request; Support ticket', async () => {
    await withPage(size, async (page) => {
      const email = uniqueEmail(`portal-${size.name}`);
      const lastName = size.name === 'phone' ? 'Rao' : 'Desai';
      const day = 86_400_000;
      await t.createUser({
        email,
        password: PASSWORD,
        firstName: 'Kiran',
        lastName,
        kycStatus: 'pending',
        registrationDate: new Date(Date.now() - 12 * day),
        activationDate: new Date(Date.now() - 10 * day),
        kycDeadline: new Date(Date.now() - 3 * day),
      });
      const cookie = await t.login(email, PASSWORD);
      const upload = await t.api('POST', '/api/kyc/upload', {
        cookie,
        body: { documentType: 'pan', documentData: b64(fakePng(600)), documentContentType: 'image/png', documentFilename: 'pan.png', documentNumber: ID.pan },
      });
      expect(upload.status, JSON.stringify(upload.body)).toBe(201);

      await signIn(page, t.url, email, PASSWORD);
      await expectPath(page, '/dashboard');
      const avatar = page.getByRole('banner').getByRole('link', { name: `Account settings for Kiran ${lastName}` });
      expect(await avatar.locator('[aria-hidden="true"]').innerText()).toBe(`K${lastName[0]}`);
      await page.getByText('No activity yet').waitFor();
      const kyc = page.getByRole('region', { name: 'KYC Information' });
      await kyc.getByText('The KYC deadline has passed').waitFor();
      await kyc.getByText('Withdrawals stay locked until your documents are approved.', { exact: false }).waitFor();
      await tile(page, 'PAN Card').getByText('Pending', { exact: true }).waitFor();
      await tile(page, 'Aadhaar Card').getByText('Not Submitted').waitFor();
      expect(await tile(page, 'Aadhaar Card').getByRole('button').count()).toBe(0);
      await portalShot(page, 'dashboard-new-member');

      // View opens the document in a new window; a blocked popup is told.
      const [popup] = await Promise.all([page.waitForEvent('popup'), tile(page, 'PAN Card').getByRole('button', { name: 'View PAN Card' }).click()]);
      await popup.waitForLoadState();
      expect(new URL(popup.url()).pathname).toBe(`/api/documents/${upload.body.id}`);
      await popup.close();
      await page.evaluate(() => {
        window.open = () => null;
      });
      const alerted = new Promise<string>((resolve) => page.once('dialog', (d) => void d.accept().then(() => resolve(d.message()))));
      await tile(page, 'PAN Card').getByRole('button', { name: 'View PAN Card' }).click();
      expect(await alerted).toBe('Please allow popups to view documents.');

      // Settings: name, email, status, role, sign-out, password and KYC links.
      await nav(page, 'Settings').click();
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      const overview = page.locator('section', { has: page.getByRole('heading', { name: 'Account Overview' }) });
      for (const text of [`Kiran ${lastName}`, email, 'Active', 'Member']) await overview.getByText(text, { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      expect(await page.getByRole('link', { name: 'Change Password' }).getAttribute('href')).toBe('/change-password');
      expect(await page.getByRole('link', { name: 'Update KYC Documents' }).getAttribute('href')).toBe('/kyc-upload');
      await page.getByText('The KYC deadline has passed').waitFor();
      expect(await page.getByRole('link', { name: 'Open Franchise Portal' }).count()).toBe(0);

      // Franchise request: the 50-character plan, then submitted and listed as pending.
      const form = page.getByRole('form', { name: 'Franchise request' });
      await form.getByRole('button', { name: 'Submit Request' }).click();
      await form.getByText(ENGAGEMENT_MSG.franchiseTypeRequired).waitFor();
      await form.getByText(ENGAGEMENT_MSG.businessPlanMin).waitFor();
      await form.getByLabel('Franchise Type').selectOption('Growth');
      await form.getByLabel('Investment Amount (₹)').fill('250000');
      const short = 'A small shop near the station.';
      await form.getByLabel('Business Plan').fill(short);
      await form.getByText(`${short.length} characters · at least 50 needed (${50 - short.length} more)`).waitFor();
      await form.getByRole('button', { name: 'Submit Request' }).click();
      await form.getByText(ENGAGEMENT_MSG.businessPlanMin).waitFor();
      expect(await form.getByLabel('Business Plan').getAttribute('aria-invalid')).toBe('true');
      await portalShot(page, 'settings-franchise-errors');
      await expectNoSeriousViolations(page, 'settings');
      await form.getByLabel('Business Plan').fill(PLAN);
      await form.getByText(`${PLAN.length} characters of 5000`).waitFor();
      const posted = page.waitForRequest((r) => r.url().endsWith('/api/franchise-requests') && r.method() === 'POST');
      await form.getByRole('button', { name: 'Submit Request' }).click();
      expect((await posted).postDataJSON()).toEqual({ franchiseType: 'Growth', investmentAmount: '250000.00', businessPlan: PLAN });
      await expectToast(page, 'Franchise Request Submitted');
      const request = page.getByRole('list', { name: 'Franchise requests' }).getByRole('listitem', { name: 'Growth Franchise request' });
      await request.getByText('Status: Pending', { exact: true }).waitFor();
      await request.getByText('₹2,50,000').waitFor();
      await request.getByText(format(new Date(), 'MMM dd, yyyy')).waitFor();
      await page.getByText('Your Growth Franchise request is under review').waitFor();
      expect(await page.getByRole('form', { name: 'Franchise request' }).count()).toBe(0);
      const mine = (await t.api('GET', '/api/franchise-requests', { cookie })).body as FranchiseRequestView[];
      expect(mine.map((r) => [r.franchiseType, r.status, r.investmentAmount])).toEqual([['Growth', 'pending', '250000.00']]);
      await portalShot(page, 'settings');

      // The admin's decision and notes reach the list; a new request can be made again.
      const decided = await t.api('PATCH', `/api/admin/franchise-requests/${mine[0].id}`, { cookie: admin, body: { status: 'rejected', adminNotes: 'Please add a staffing plan first.' } });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      await page.reload();
      await request.getByText('Status: Rejected', { exact: true }).waitFor();
      await request.getByText('Please add a staffing plan first.').waitFor();
      await page.getByRole('form', { name: 'Franchise request' }).waitFor();

      // Support: empty state, validation messages, then a ticket listed Open.
      await nav(page, 'Support').click();
      await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
      await page.getByText('No support tickets yet').waitFor();
      const ticketForm = page.getByRole('form', { name: 'Open a support ticket' });
      expect(await ticketForm.getByRole('radio', { name: 'Medium' }).isChecked()).toBe(true);
      await ticketForm.getByRole('button', { name: 'Submit Ticket' }).click();
      await ticketForm.getByText(ENGAGEMENT_MSG.categoryRequired).waitFor();
      await ticketForm.getByText(ENGAGEMENT_MSG.subjectMin).waitFor();
      await ticketForm.getByText(ENGAGEMENT_MSG.descriptionMin).waitFor();
      await portalShot(page, 'support-errors');
      await expectNoSeriousViolations(page, 'support');
      await ticketForm.getByLabel('Category').selectOption('Payment');
      await ticketForm.getByRole('radio', { name: 'High' }).check();
      await ticketForm.getByLabel('Subject').fill('Wallet credit missing');
      await ticketForm.getByLabel('Description').fill('My sponsor income for last week is not in my wallet yet.');
      const postedTicket = page.waitForRequest((r) => r.url().endsWith('/api/support-tickets') && r.method() === 'POST');
      await ticketForm.getByRole('button', { name: 'Submit Ticket' }).click();
      expect((await postedTicket).postDataJSON()).toEqual({
        category: 'Payment',
        subject: 'Wallet credit missing',
        description: 'My sponsor income for last week is not in my wallet yet.',
        priority: 'high',
      });
      await expectToast(page, 'Ticket Submitted');
      const ticket = page.getByRole('list', { name: 'Support tickets' }).getByRole('listitem', { name: 'Wallet credit missing' });
      await ticket.getByText('Status: Open', { exact: true }).waitFor();
      await ticket.getByText('Priority: High', { exact: true }).waitFor();
      await ticket.getByText(/Payment · Opened/).waitFor();
      expect(await ticketForm.getByLabel('Subject').inputValue()).toBe('');
      await portalShot(page, 'support');

      // The admin resolves it: status and resolution show on the member's list.
      const tickets = (await t.api('GET', '/api/support-tickets', { cookie })).body as TicketView[];
      const resolved = await t.api('PATCH', `/api/admin/support-tickets/${tickets[0].id}`, { cookie: admin, body: { status: 'resolved', resolution: 'The income was credited today.' } });
      expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
      await page.reload();
      await ticket.getByText('Status: Resolved', { exact: true }).waitFor();
      await ticket.getByText('The income was credited today.').waitFor();
      await portalShot(page, 'support-resolved');

      // Sign out from Settings.
      await nav(page, 'Settings').click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expectPath(page, '/');
      await page.getByRole('button', { name: 'Log in' }).waitFor();
    });
  }, 150_000);

  it('signed-out visitors are asked to log in; admins are sent to /; a franchise holder is shown the franchise portal', async () => {
    await withPage(size, async (page, context) => {
      for (const path of ['/settings', '/support', '/dashboard']) {
        await page.goto(`${t.url}${path}`);
        await expectToast(page, 'Please log in');
      }
      // After 1.5 s the browser goes to /api/login, which leads to the login screen.
      await page.waitForURL((u) => u.pathname === '/', { timeout: 8000 });
      await page.getByRole('button', { name: 'Log in' }).waitFor();

      await signIn(page, t.url, t.demo.admin.email, t.demo.admin.password);
      await expectPath(page, '/admin');
      for (const path of ['/dashboard', '/settings', '/support']) {
        await page.goto(`${t.url}${path}`);
        await expectPath(page, '/admin');
      }
      await context.clearCookies();

      await signIn(page, t.url, t.demo.franchise.email, t.demo.franchise.password);
      await page
        .getByRole('button', { name: 'Logout' })
        .or(page.getByRole('link', { name: 'Logout' }))
        .first()
        .waitFor();
      await page.goto(`${t.url}/settings`);
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      await page.getByText('You hold a Mini Franchise').waitFor();
      await page.getByRole('link', { name: 'Open Franchise Portal' }).click();
      await expectPath(page, '/franchise');
    });
  }, 120_000);
});
