import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MSG } from '../../contracts/messages';
import type { TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/http';
import { recruitForm, registerRecruit } from '../support/referral';
import { SIZES, expectToast, openPage, reviewShot, seriousViolations, shot, signIn, startBrowserApp, stopBrowserApp, type Size } from './support/browser';

let t: TestApp;
let browser: Browser;
let admin: string;
let sponsor: string;

beforeAll(async () => {
  ({ t, browser } = await startBrowserApp());
  [admin, sponsor] = await Promise.all([t.login(t.demo.admin.email, t.demo.admin.password), t.login(t.demo.member.email, t.demo.member.password)]);
});
afterAll(() => stopBrowserApp(t, browser));

const PASSWORD = 'Recruit#123';
const tokenOf = (link: string) => new URL(link).searchParams.get('ref')!;

/** POST /api/referral/complete-registration for a link's token (no documents). */
async function register(link: string, email: string, firstName: string, lastName: string) {
  const r = await registerRecruit(t, recruitForm(tokenOf(link), email, { firstName, lastName }));
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}

/** The pending recruit of an email as its upline sees it. */
async function pendingIdOf(cookie: string, email: string): Promise<string> {
  const r = await t.api('GET', '/api/upline/pending-recruits', { cookie });
  const item = (r.body as { id: string; email: string }[]).find((x) => x.email === email);
  expect(item, `${email} in the upline queue`).toBeDefined();
  return item!.id;
}

async function approve(id: string, position: 'left' | 'right') {
  const r = await t.api('POST', `/api/admin/pending-recruits/${id}/approve`, { cookie: admin, body: { packageAmount: '5000', position, kycDecision: { status: 'approved' } } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** A recruit that goes all the way through the pipeline over the API: link, registration, decision, approval. */
async function recruitThroughApi(cookie: string, firstName: string, lastName: string, position: 'left' | 'right') {
  const email = uniqueEmail(firstName.toLowerCase());
  const link = await t.api('POST', '/api/team/recruit', { cookie, body: { fullName: `${firstName} ${lastName}`, email, position } });
  expect(link.status, JSON.stringify(link.body)).toBe(201);
  await register(link.body.referralLink, email, firstName, lastName);
  const id = await pendingIdOf(cookie, email);
  const decided = await t.api('POST', `/api/upline/pending-recruits/${id}/decide`, { cookie, body: { decision: 'approved', position } });
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  await approve(id, position);
  return email;
}

/** Screenshots asked for by the review: artifacts/shots/team-<name>-<width>.png, plus artifacts/screens. */
async function teamShot(page: Page, name: string) {
  await page.waitForTimeout(250);
  await reviewShot(page, `team-${name}-${page.viewportSize()?.width ?? 0}.png`);
  await shot(page, `team-${name}`);
}

/** Serious and critical axe findings (WCAG 2 A and AA) on the page as it stands. */
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const panel = (page: Page) => page.getByRole('tabpanel');
const selected = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`), selected: true }).waitFor();

/** The tab follows ?tab= in the address, which React Router updates in a transition: wait for it to be selected. */
async function openTab(page: Page, name: string) {
  await tab(page, name).click();
  await selected(page, name);
}

describe.each(SIZES)('My Team at $name width', (size: Size) => {
  let context: BrowserContext;
  let page: Page;
  afterAll(() => context?.close());

  it('recruit link, position decisions, direct, downline with filters, binary tree with subtrees', async () => {
    // axe is injected as a script: the page's CSP (script-src 'self') would refuse it, so this context bypasses CSP.
    ({ context, page } = await openPage(browser, size, { bypassCSP: true }));
    const axeFindings: Record<string, string[]> = {};
    const axe = async (name: string) => {
      const found = await seriousViolations(page);
      if (found.length) axeFindings[name] = found;
    };
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });

    // A fresh member placed under the demo member through the pipeline, so every size starts empty.
    const leaderEmail = await recruitThroughApi(sponsor, 'Lakshmi', size.name === 'phone' ? 'Iyer' : 'Menon', 'left');
    const leader = await t.login(leaderEmail, PASSWORD);

    await signIn(page, t.url, leaderEmail, PASSWORD);
    await page.waitForURL((u) => u.pathname === '/dashboard');
    if (size.name === 'desktop') {
      await page.getByRole('navigation', { name: 'Member portal' }).getByRole('link', { name: 'My Team' }).click();
    } else {
      await page.getByRole('link', { name: 'View My Team' }).click();
    }
    await page.waitForURL((u) => u.pathname === '/my-team');
    await page.getByRole('heading', { name: 'My Team', level: 1 }).waitFor();
    for (const label of ['Direct Recruits', 'Total Downline', 'Active Members']) await page.getByRole('group', { name: label }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Position Decisions', 'Direct', 'Downline', 'Binary Tree', 'Genealogy', 'Team Business Stages']);
    await selected(page, 'Position Decisions');
    await panel(page).getByText('No pending position decisions at the moment.').waitFor();
    await teamShot(page, 'decisions-empty');

    // Arrow keys move between tabs.
    await tab(page, 'Position Decisions').focus();
    await page.keyboard.press('ArrowRight');
    await selected(page, 'Direct');
    await panel(page).getByText('No direct recruits yet. Start building your team!').waitFor();
    await page.keyboard.press('End');
    await selected(page, 'Team Business Stages');
    await page.keyboard.press('Home');
    await selected(page, 'Position Decisions');

    // Add Recruit: the contract's messages, then a link shown with Copy and Clear (and on the clipboard).
    await page.getByRole('button', { name: 'Add Recruit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Recruit' });
    await dialog.getByRole('button', { name: 'Generate Link' }).click();
    await dialog.getByText(MSG.fullNameRequired).waitFor();
    await dialog.getByText(MSG.validEmailRequired).waitFor();
    expect(await dialog.getByRole('radio', { name: 'Left' }).isChecked()).toBe(true);
    await teamShot(page, 'recruit-errors');
    const kiranEmail = uniqueEmail('kiran');
    await dialog.getByLabel('Full Name').fill('Kiran Rao');
    await dialog.getByLabel('Email').fill(kiranEmail);
    await dialog.getByRole('button', { name: 'Generate Link' }).click();
    await expectToast(page, 'Referral Link Generated');
    const linkBox = dialog.getByLabel('Referral Link');
    const kiranLink = await linkBox.inputValue();
    expect(kiranLink).toMatch(/\/referral-register\?ref=/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(kiranLink);
    await teamShot(page, 'recruit-link');
    await axe('recruit-link');
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expectToast(page, 'Link Copied');
    await dialog.getByRole('button', { name: 'Clear' }).click();
    expect(await dialog.getByLabel('Full Name').inputValue()).toBe('');
    expect(await dialog.getByLabel('Referral Link').count()).toBe(0);
    await page.waitForFunction(() => document.activeElement?.id === 'recruit-fullName');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Kiran registers with the link; a second recruit, Meera, will be rejected.
    await register(kiranLink, kiranEmail, 'Kiran', 'Rao');
    const meeraEmail = uniqueEmail('meera');
    const meeraLink = await t.api('POST', '/api/team/recruit', { cookie: leader, body: { fullName: 'Meera Nair', email: meeraEmail, position: 'right' } });
    await register(meeraLink.body.referralLink, meeraEmail, 'Meera', 'Nair');

    await page.reload();
    const kiranCard = page.getByRole('article', { name: 'Kiran Rao' });
    await kiranCard.waitFor();
    await kiranCard.getByText('Time remaining: 24h').waitFor();
    await kiranCard.getByText(kiranEmail).waitFor();
    await kiranCard.getByRole('heading', { name: 'Leg Balance' }).waitFor();
    await kiranCard.getByRole('heading', { name: 'Recruiter Details' }).waitFor();
    await kiranCard.getByRole('heading', { name: 'Recommendation' }).waitFor();
    await kiranCard.getByText('Package ₹5,000').waitFor();
    await teamShot(page, 'decisions');
    await axe('decisions');

    // LEFT: confirm dialog with Cancel / Approve LEFT Position; Cancel sends nothing.
    await kiranCard.getByRole('button', { name: 'LEFT' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: 'Approve LEFT Position' }).waitFor();
    await teamShot(page, 'decision-confirm');
    await axe('decision-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await kiranCard.getByRole('button', { name: 'RIGHT' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve RIGHT Position' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await kiranCard.getByRole('button', { name: 'LEFT' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve LEFT Position' }).click();
    await expectToast(page, 'Decision Processed', MSG.decisionApproved);
    await kiranCard.waitFor({ state: 'detached' });

    // Reject: its own confirm dialog.
    const meeraCard = page.getByRole('article', { name: 'Meera Nair' });
    await meeraCard.getByRole('button', { name: 'Reject' }).click();
    const reject = page.getByRole('dialog', { name: 'Reject Recruit' });
    await reject.getByLabel(/Reason/).fill('Not known to me');
    await reject.getByRole('button', { name: 'Reject Recruit' }).click();
    await expectToast(page, 'Decision Processed', MSG.decisionRejected);
    await panel(page).getByText('No pending position decisions at the moment.').waitFor();

    // Direct: Kiran waits for the admin in the yellow panel.
    await openTab(page, 'Direct');
    const pending = page.getByRole('region', { name: /Pending Recruits/ });
    await pending.getByRole('heading', { name: /Pending Recruits \(\d+\)/ }).waitFor();
    await pending.getByText('Kiran Rao').waitFor();
    await pending.getByText('Awaiting admin approval').waitFor();
    await pending
      .getByText(/Submitted .* ago/)
      .first()
      .waitFor();
    await teamShot(page, 'direct-pending');

    // The admin approves Kiran on the left; a second recruit, Vikram, joins on the right through the API.
    await approve(await adminQueueId(kiranEmail), 'left');
    await recruitThroughApi(leader, 'Vikram', 'Singh', 'right');

    await page.reload();
    await openTab(page, 'Direct');
    // A table from the small breakpoint up, one card per recruit on a phone.
    const recruits = size.name === 'desktop' ? page.getByRole('region', { name: 'Direct recruits' }) : page.getByRole('list', { name: 'Direct recruits' });
    const row = (name: string) => (size.name === 'desktop' ? recruits.getByRole('row', { name: new RegExp(name) }) : recruits.getByRole('listitem').filter({ hasText: name }));
    await row('Kiran Rao').waitFor();
    await row('Vikram Singh').waitFor();
    if (size.name === 'desktop') {
      expect(await recruits.getByRole('columnheader').allTextContents()).toEqual(['Name', 'Email', 'Package Amount', 'Registration Date', 'Activation Date', 'ID Status', 'Position']);
      await row('Kiran Rao').getByRole('cell', { name: 'Left', exact: true }).waitFor();
    } else {
      await row('Kiran Rao').getByText('Left', { exact: true }).waitFor();
    }
    await row('Kiran Rao').getByText('₹5,000').waitFor();
    await row('Kiran Rao').getByText('Active', { exact: true }).waitFor();
    await teamShot(page, 'direct');
    await axe('direct');
    await page.getByLabel('Search direct recruits').fill('vikram');
    await row('Kiran Rao').waitFor({ state: 'detached' });
    await row('Vikram Singh').waitFor();
    await page.getByLabel('Search direct recruits').fill('nobody-here');
    await panel(page).getByText('No recruits found matching your search.').waitFor();
    await page.getByLabel('Search direct recruits').fill('');

    // Downline: summary cards, the server filters by search and status.
    await openTab(page, 'Downline');
    for (const label of ['Total Downline', 'Active Members', 'Total Levels', 'Total BV']) await panel(page).getByRole('group', { name: label }).waitFor();
    // BV is a count, never money (issue 15: 'Total BV ₹0', 'BV ₹0').
    expect(await panel(page).getByRole('group', { name: 'Total BV' }).textContent()).not.toContain('₹');
    for (const badge of await panel(page).getByText(/^BV /).allTextContents()) expect(badge).not.toContain('₹');
    await panel(page)
      .getByRole('button', { name: /Level 1/ })
      .waitFor();
    expect(
      await panel(page)
        .getByRole('button', { name: /Level 1/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    await panel(page).getByText('Kiran Rao').waitFor();
    await panel(page).getByText('Vikram Singh').waitFor();
    await teamShot(page, 'downline');
    await axe('downline');
    await page.getByLabel('Search members').fill('Kiran');
    await panel(page).getByText('Vikram Singh').waitFor({ state: 'detached' });
    await panel(page).getByText('Kiran Rao').waitFor();
    await panel(page).getByText('1 member matches your filters').waitFor();
    await teamShot(page, 'downline-search');
    await page.getByLabel('Search members').fill('');
    await panel(page).getByText('Vikram Singh').waitFor();
    await page.getByLabel('Status').selectOption('inactive');
    await panel(page).getByText('No members match your filters').waitFor();
    await page.getByLabel('Status').selectOption('all');
    await panel(page).getByText('Kiran Rao').waitFor();

    // Binary tree: both children, a click opens Kiran's subtree, the breadcrumb comes back.
    await openTab(page, 'Binary Tree');
    const tree = page.getByRole('region', { name: 'Binary tree' });
    await tree.getByRole('button', { name: /Kiran Rao/ }).waitFor();
    await tree.getByRole('button', { name: /Vikram Singh/ }).waitFor();
    await panel(page).getByRole('heading', { name: 'Left Leg Performance' }).waitFor();
    await panel(page).getByRole('heading', { name: 'Tree Balance' }).waitFor();
    expect(await panel(page).getByRole('group', { name: 'Total BV' }).textContent()).not.toContain('₹');
    expect(await tree.getByRole('button', { name: /Kiran Rao/ }).textContent()).toMatch(/BV[^₹]*$/);
    expect(await tree.getByRole('button', { name: /Kiran Rao/ }).textContent()).not.toMatch(/BV₹/);
    await teamShot(page, 'tree');
    await axe('tree');
    await tree.getByRole('button', { name: /Kiran Rao/ }).click();
    const crumbs = page.getByRole('navigation', { name: 'Tree path' });
    await crumbs.getByText('Kiran Rao').waitFor();
    await panel(page).getByRole('heading', { name: 'Tree of Kiran Rao' }).waitFor();
    expect(await tree.getByText('Open Position').count()).toBe(2);
    expect(new URL(page.url()).searchParams.get('root')).toBeTruthy();
    await teamShot(page, 'tree-subtree');
    await axe('tree-subtree');
    await crumbs.getByRole('button', { name: 'My Tree' }).click();
    await panel(page).getByRole('heading', { name: 'Your Binary Tree' }).waitFor();
    await tree.getByRole('button', { name: /Vikram Singh/ }).waitFor();
    expect(await crumbs.count()).toBe(0);
    expect(axeFindings).toEqual({});
  });
});

/** The admin queue's id of a recruit (the upline's id is the same row). */
async function adminQueueId(email: string): Promise<string> {
  const r = await t.api('GET', '/api/admin/pending-recruits?status=awaiting_admin', { cookie: admin });
  const item = (r.body.items as { id: string; email: string }[]).find((x) => x.email === email);
  expect(item, `${email} in the admin queue`).toBeDefined();
  return item!.id;
}
