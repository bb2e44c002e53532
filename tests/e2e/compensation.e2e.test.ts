import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { PlanConfig } from '../../contracts/compensation';
import { placeMember } from '../../server/modules/tree/tree.service';
import { postLedger } from '../../server/modules/wallet/ledger.service';
import { userByEmail, type TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/http';
import { REVIEW_SHOTS, SIZES, axeViolations as axeFindings, logOut, expectToast, pagePerTest, reviewShot, shot, startBrowserApp, stopBrowserApp, type Size } from './support/browser';
import { BASE, runCycle } from '../support/compensation';

/**
 * docs/spec/compensation.md §1, §2, §6 in the browser: an admin drafts, edits (a bad value refused under the field),
 * compares and simulates a plan version, then activates it from a future cycle; closes and calculates a
 * cycle; a second admin approves it (the first is refused) and posts it; the member reads the lines with
 * their explanations and downloads the statement. Screenshots at both widths; axe on every screen.
 */

let t: TestApp;
let browser: Browser;
const SECOND_ADMIN = { email: uniqueEmail('comp.admin2'), password: 'Second#Admin1' };
const PASSWORD = 'Comp#12345';
let productId = '';
let adminCookie = '';
let admin2Cookie = '';
/** A sponsors B (left) and C (right): the purchases of B and C pay A pairs and direct income. */
const tree: Record<'A' | 'B' | 'C', { id: string; userId: string; email: string; cookie: string }> = {} as never;
/** The posted week the simulator runs against. */
let week = '';

/** Every axe finding (WCAG 2.0/2.1 A and AA), whatever its impact. */
async function axeViolations(page: Page): Promise<string[]> {
  const violations = await axeFindings(page);
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 4)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
}

/** Lets finite animations (toasts, dialogs) end; spinners run forever and are not waited for. */
async function settle(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => null)),
      ),
      new Promise((r) => setTimeout(r, 2000)),
    ]),
  );
}

/** artifacts/screens/compensation-<name>-<width>.png (whole page) and the same into artifacts/shots for review. */
async function picture(page: Page, name: string, fullPage = true) {
  await settle(page);
  // A whole page from its top: the sticky bars stay where they belong.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, `compensation-${name}`);
  await reviewShot(page, `compensation-${name}-${page.viewportSize()?.width}.png`, fullPage);
}

/** One card of a long page, cut from the whole page, into artifacts/shots/compensation-<name>-<width>.png. */
async function cardPicture(page: Page, card: Locator, name: string) {
  await settle(page);
  // From the top of the page, so the sticky bars sit at its top and not over the card.
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await card.boundingBox())!;
  mkdirSync(REVIEW_SHOTS, { recursive: true });
  await page.screenshot({ path: resolve(REVIEW_SHOTS, `compensation-${name}-${page.viewportSize()?.width}.png`), fullPage: true, clip: box });
}

/** Nothing on the page is wider than the viewport (a table scrolls inside its own frame). */
async function expectNoPageOverflow(page: Page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

async function buy(key: keyof typeof tree, bv: number) {
  const r = await t.api('POST', '/api/purchases', {
    cookie: tree[key].cookie,
    body: { productId, quantity: bv / 100, paymentMethod: 'wallet', deliveryAddress: 'Pair Street 1, Pune 411001', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}

/** Closes the open pairing cycle, calculates, approves (second admin) and posts it, through the API. */
const runCycleByApi = () => runCycle(t, 'pairing', adminCookie, admin2Cookie);

beforeAll(async () => {
  ({ t, browser } = await startBrowserApp());
  adminCookie = await t.login(t.demo.admin.email, t.demo.admin.password);
  await t.createUser({ ...SECOND_ADMIN, firstName: 'Second', lastName: 'Admin', role: 'admin' });
  admin2Cookie = await t.login(SECOND_ADMIN.email, SECOND_ADMIN.password);
  const p = await t.api('POST', '/api/admin/products', {
    cookie: adminCookie,
    body: { name: 'Pair Pack', price: '100.00', bv: '100.00', gst: '0', category: 'others', purchaseType: 'first_purchase' },
  });
  expect(p.status, JSON.stringify(p.body)).toBe(201);
  productId = p.body.id ?? p.body.product?.id;

  const founder = (await userByEmail(t, t.demo.founder.email))!;
  const shape: Array<['A' | 'B' | 'C', string, 'left' | 'right', string]> = [
    ['A', 'Asha', 'left', 'founder'],
    ['B', 'Bharat', 'left', 'A'],
    ['C', 'Chitra', 'right', 'A'],
  ];
  for (const [key, firstName, side, parent] of shape) {
    const email = uniqueEmail(`comp.${key.toLowerCase()}`);
    const parentId = parent === 'founder' ? founder.id : tree[parent as 'A'].id;
    const u = await t.createUser({ email, password: PASSWORD, firstName, lastName: 'Menon', sponsorId: parentId, kycStatus: 'approved' });
    await t.runtime.ctx.db.transaction((tx) => placeMember(tx, u, { startId: parentId, side }, t.clock.now()));
    await t.runtime.ctx.db.transaction((tx) => postLedger(tx, u.id, '100000.00', 'admin_credit', { description: 'Opening balance', now: new Date() }));
    tree[key] = { id: u.id, userId: u.userId, email, cookie: await t.login(email, PASSWORD) };
  }
  // The placements' cycle, then one posted week with income: the simulator runs against it.
  await runCycleByApi();
  await buy('B', 300);
  await buy('C', 200);
  week = await runCycleByApi();
  const lines = await t.api('GET', `${BASE}/cycles/${week}/lines?userId=${tree.A.userId}`, { cookie: adminCookie });
  expect(lines.body.items[0].gross).toBe('70.00'); // 2 pairs at 10 % of 100 BV, and 10 % of 500 BV direct income
}, 180_000);

afterAll(() => stopBrowserApp(t, browser));

describe.each(SIZES)('compensation at $name width', (size: Size) => {
  const phone = size.name === 'phone';
  let page: Page;
  let version = 0;
  let cycleId = '';

  const pages = pagePerTest(() => browser, size, { bypassCSP: true, acceptDownloads: true, timeout: 15_000 });
  const asAdmin = async (email: string, password: string) => {
    ({ page } = await pages.signedIn(t.url, email, password, '/admin'));
  };
  const open = async (section: string, heading: string) => {
    await page.goto(`${t.url}/admin?section=${section}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  };

  it('Plan: a new draft, a bad value refused under its field, saved, the diff, the simulator, activation from the next cycle', async () => {
    // Purchases of this week: the cycle closed later in the walk pays A again.
    await buy('B', phone ? 200 : 400);
    await buy('C', phone ? 300 : 100);
    await t.settle();

    await asAdmin(t.demo.admin.email, t.demo.admin.password);
    await open('comp-plan', 'Plan');
    const history = page.getByRole('heading', { name: 'Versions' });
    await history.waitFor();
    const inForce = ((await t.api('GET', `${BASE}/plans`, { cookie: adminCookie })).body.items as Array<{ id: string; version: number; inForce: boolean }>).find((p) => p.inForce)!;
    expect(inForce.version).toBe(1);
    const row = page.locator(`[data-plan-id="${inForce.id}"]:visible`);
    await row.getByText('In force').waitFor();
    await picture(page, 'plan-list', false);
    expect(await axeViolations(page)).toEqual([]);

    // A new draft from the version in force.
    await row.getByRole('button', { name: `New draft from version ${inForce.version}` }).click();
    await expectToast(page, 'Draft created');
    const plans = (await t.api('GET', `${BASE}/plans`, { cookie: adminCookie })).body.items as Array<{ id: string; version: number; status: string }>;
    const draft = plans.find((p) => p.status === 'draft')!;
    version = draft.version;
    await page.getByRole('heading', { name: new RegExp(`^Version ${version}`) }).waitFor();

    // A pair rate above 100 % is refused with the schema's message under the field; nothing is saved.
    const rate = page.getByLabel('Pair rate', { exact: true });
    expect(await rate.inputValue()).toBe('10');
    await rate.fill('150');
    await page.getByText('Unsaved changes', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expectToast(page, 'Validation Error', 'Pair rate cannot be more than 100 %');
    await page.locator('#plan-pairing-pairRate-error').getByText('Pair rate cannot be more than 100 %').waitFor();
    expect(await rate.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('button', { name: 'Activate', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('alert').filter({ hasText: 'One parameter needs attention' }).waitFor();
    await rate.scrollIntoViewIfNeeded();
    await cardPicture(page, page.locator('[aria-labelledby="plan-editor-title"]'), 'plan-editor-invalid');
    expect(await axeViolations(page)).toEqual([]);
    const saved = (await t.api('GET', `${BASE}/plans/${draft.id}`, { cookie: adminCookie })).body as { config: PlanConfig };
    expect(saved.config.pairing.pairRate).toBe('10');

    // A good value: saved, and the diff names it against the version in force.
    await rate.fill('12');
    expect(await rate.getAttribute('aria-invalid')).toBeNull();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expectToast(page, 'Draft saved');
    await expect.poll(async () => ((await t.api('GET', `${BASE}/plans/${draft.id}`, { cookie: adminCookie })).body as { config: PlanConfig }).config.pairing.pairRate).toBe('12');
    await page.getByText('Unsaved changes', { exact: true }).waitFor({ state: 'detached' });
    const diff = page.locator('[aria-labelledby="plan-diff-title"]');
    const changed = diff.getByRole('list', { name: 'Changed parameters' }).getByRole('listitem');
    await expect.poll(() => changed.count()).toBe(1);
    await changed.getByText('pairing.pairRate').waitFor();
    await changed.getByText('10 %', { exact: true }).waitFor();
    await changed.getByText('12 %', { exact: true }).waitFor();
    await diff.getByText(`Version ${version} as edited against version 1`).waitFor();
    await cardPicture(page, diff, 'plan-diff');
    await picture(page, 'plan-editor');

    // The simulator: the draft against the posted week, compared with version 1 the week used.
    const sim = page.locator('[aria-labelledby="plan-sim-title"]');
    await sim.scrollIntoViewIfNeeded();
    expect(await sim.getByLabel('Draft').inputValue()).toBe(draft.id);
    const cyclePick = sim.getByLabel('Cycle', { exact: true });
    await cyclePick.locator(`option[value="${week}"]`).waitFor({ state: 'attached' });
    await cyclePick.selectOption(week);
    await sim.getByRole('button', { name: 'Run' }).click();
    // A table from 768 px, a list below.
    const totals = sim.locator('[aria-label="Totals, base against draft"]:visible');
    await totals.waitFor();
    await sim.getByText(`draft version ${version} against version 1`, { exact: false }).waitFor();
    for (const row of ['Direct Income', 'Sales Incentive', 'Gross', 'Net', 'Payout ratio']) await totals.getByText(row, { exact: true }).waitFor();
    expect(await totals.getByText('Version 1', { exact: true }).count()).toBeGreaterThan(0);
    expect(await totals.getByText(`Version ${version}`, { exact: true }).count()).toBeGreaterThan(0);
    // A's 2 pairs pay 12 % instead of 10 %: ₹70.00 becomes ₹74.00.
    const a = sim.locator(`[data-member-id="${tree.A.userId}"]:visible`);
    await a.getByText('₹70.00').waitFor();
    await a.getByText('₹74.00').waitFor();
    await a.getByText('+₹4.00').waitFor();
    await cardPicture(page, sim, 'plan-simulator');
    expect(await axeViolations(page)).toEqual([]);
    await expectNoPageOverflow(page);

    // Activation: the suggested moment is the start of the next pairing cycle (the open one's end).
    const openCycle = ((await t.api('GET', `${BASE}/cycles?kind=pairing&status=open`, { cookie: adminCookie })).body.items as Array<{ endsAt: string }>)[0];
    await page.getByRole('button', { name: 'Activate', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Activate version ${version}` });
    await dialog.getByText(/\(chosen\)/).waitFor();
    await picture(page, 'plan-activate', false);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: `Activate version ${version}` }).click();
    await expectToast(page, `Version ${version} activated`);
    await dialog.waitFor({ state: 'detached' });
    const activated = (await t.api('GET', `${BASE}/plans/${draft.id}`, { cookie: adminCookie })).body as { status: string; effectiveFrom: string; inForce: boolean };
    expect(activated.status).toBe('active');
    expect(activated.effectiveFrom).toBe(openCycle.endsAt);
    expect(activated.inForce).toBe(false);
    const scheduled = page.locator(`[data-plan-id="${draft.id}"]:visible`);
    await scheduled.getByText('Scheduled').waitFor();
    // Activated: read only, no Save or Activate any more.
    await page.getByText('Activated versions are never edited.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Save draft' }).count()).toBe(0);
    expect(await page.getByLabel('Pair rate', { exact: true }).isDisabled()).toBe(true);
    await picture(page, 'plan-activated', false);
  }, 240_000);

  it("Cycles: close now, calculate; approving one's own calculation is refused", async () => {
    await open('comp-cycles', 'Cycles');
    const openCycle = ((await t.api('GET', `${BASE}/cycles?kind=pairing&status=open`, { cookie: adminCookie })).body.items as Array<{ id: string }>)[0];
    cycleId = openCycle.id;
    const openRow = page.locator(`[data-cycle-id="${cycleId}"]:visible`);
    await openRow.getByText('Open', { exact: true }).waitFor();
    await page.getByRole('status').filter({ hasText: 'closes on its own' }).waitFor();
    await picture(page, 'cycles-list');
    expect(await axeViolations(page)).toEqual([]);
    await expectNoPageOverflow(page);

    await page.getByRole('button', { name: 'Close now' }).click();
    const confirm = page.getByRole('dialog', { name: 'Close the pairing cycle now?' });
    await confirm.getByText(/never gains purchases again/).waitFor();
    await picture(page, 'cycles-close', false);
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Close now' }).click();
    await expectToast(page, 'Cycle closed');
    await openRow.getByText('Closed', { exact: true }).waitFor();
    // The next cycle is open at once.
    const next = ((await t.api('GET', `${BASE}/cycles?kind=pairing&status=open`, { cookie: adminCookie })).body.items as Array<{ id: string }>)[0];
    expect(next.id).not.toBe(cycleId);

    await openRow.getByRole('button', { name: /^View cycle/ }).click();
    await page.getByRole('heading', { level: 1, name: /^Pairing cycle/ }).waitFor();
    await page.getByText('This cycle has not been calculated yet').waitFor();
    await page.getByRole('button', { name: 'Calculate', exact: true }).click();
    // The count agrees with its noun: "1 member paid", "2 members paid" (issue 30).
    await expectToast(page, 'Cycle calculated', /^(1 member paid|(?!1 )[\d,]+ members paid): gross ₹/);
    await page.getByRole('group', { name: 'Gross' }).waitFor();

    // The calculation's author cannot approve it: the button says why, and the server refuses him too.
    const approve = page.getByRole('button', { name: 'Approve', exact: true });
    expect(await approve.isDisabled()).toBe(true);
    const note = page.getByText('You calculated this cycle, so another admin must approve it.');
    await note.waitFor();
    expect(await approve.getAttribute('aria-describedby')).toBe(await note.getAttribute('id'));
    const refused = await t.api('POST', `${BASE}/cycles/${cycleId}/approve`, { cookie: adminCookie });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Another admin must approve the calculation you made');
    expect(((await t.api('GET', `${BASE}/cycles/${cycleId}`, { cookie: adminCookie })).body as { status: string }).status).toBe('calculated');
    await picture(page, 'cycle-calculated');
    expect(await axeViolations(page)).toEqual([]);
    await expectNoPageOverflow(page);

    // Sign out.
    if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
    await logOut(page);
  }, 180_000);

  it("an adjustment: its reason's rule under the field; above the approval amount it waits for a second admin", async () => {
    await asAdmin(t.demo.admin.email, t.demo.admin.password);
    await open('comp-cycles', 'Cycles');
    await page.getByRole('button', { name: 'Add adjustment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an adjustment' });
    await dialog.getByText(/At least 5 characters/).waitFor();
    await dialog.getByLabel('User ID').fill(tree.A.userId.toLowerCase());
    await dialog.getByLabel('Amount (₹)').fill('20000');
    await dialog.getByLabel('Reason').fill('Oops');
    await dialog.getByRole('button', { name: 'Add adjustment' }).click();
    await dialog.getByText('Give a reason of at least 5 characters').waitFor();
    await dialog.getByLabel('Reason').fill('Festival correction for Asha');
    await picture(page, 'adjustment', false);
    expect(await axeViolations(page)).toEqual([]);
    const before = ((await t.api('GET', '/api/admin/approvals?kind=comp_adjustment', { cookie: admin2Cookie })).body as unknown[]).length;
    await dialog.getByRole('button', { name: 'Add adjustment' }).click();
    await expectToast(page, 'Sent for approval', /^Adjustment waits for a second admin/);
    await dialog.waitFor({ state: 'detached' });
    const pending = (await t.api('GET', '/api/admin/approvals?kind=comp_adjustment', { cookie: admin2Cookie })).body as Array<{ summary: string; member: { userId: string } }>;
    expect(pending).toHaveLength(before + 1);
    expect(pending[0]).toMatchObject({ summary: 'Direct Income adjustment of ₹20,000.00', member: { userId: tree.A.userId } });
  }, 120_000);

  it('the second admin approves and posts; the lines per member with their explanations; the CSV export', async () => {
    await asAdmin(SECOND_ADMIN.email, SECOND_ADMIN.password);
    await open('comp-cycles', 'Cycles');
    await page
      .locator(`[data-cycle-id="${cycleId}"]:visible`)
      .getByRole('button', { name: /^View cycle/ })
      .click();
    await page.getByRole('heading', { level: 1, name: /^Pairing cycle/ }).waitFor();
    await page.getByText('The approval must come from an admin who neither calculated the cycle nor made an adjustment in it.').waitFor();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expectToast(page, 'Cycle approved');
    await page.getByText('by you').waitFor();
    await page.getByText('by another admin').waitFor();

    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Post this cycle?' });
    await confirm.getByText(/Posted lines never change/).waitFor();
    await confirm.getByText(/net to (1 member’s wallet|(?!1 )[\d,]+ members’ wallets) \(gross/).waitFor();
    await picture(page, 'cycle-post', false);
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Post to wallets' }).click();
    await expectToast(page, 'Cycle posted');
    await expect.poll(() => page.getByText('Not yet', { exact: true }).count()).toBe(0);
    const detail = (await t.api('GET', `${BASE}/cycles/${cycleId}`, { cookie: adminCookie })).body as { status: string; net: string; planVersion: number };
    expect(detail.status).toBe('posted');
    expect(detail.planVersion).toBe(1); // the version in force at the cycle's start, not the one scheduled
    await picture(page, 'cycle-detail');
    expect(await axeViolations(page)).toEqual([]);
    await expectNoPageOverflow(page);

    // Lines per member: A's lines, the explanation opened.
    const lines = page.locator('[aria-labelledby="cycle-lines-title"]');
    await lines.getByLabel('Member ID').fill(tree.A.userId.toLowerCase());
    await lines.getByRole('button', { name: 'Apply' }).click();
    const member = lines.locator(`[data-member-id="${tree.A.userId}"]:visible`);
    await member.waitFor();
    await expect.poll(() => lines.locator('[data-member-id]:visible').count()).toBe(1);
    const incentive = member.locator('details').filter({ hasText: 'Sales Incentive' });
    await incentive.locator('summary').click();
    await incentive
      .getByText(/pairs?/)
      .first()
      .waitFor();
    await incentive.getByText('Plan version 1').waitFor();
    await cardPicture(page, lines, 'cycle-lines');
    expect(await axeViolations(page)).toEqual([]);
    await expectNoPageOverflow(page);

    // The CSV export of the cycle.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const csv = await readDownload(download);
    expect(csv.split('\n')[0]).toBe('Member ID,Name,Type,Amount,Plan version,Explanation');
    expect(csv).toContain(`${tree.A.userId},Asha Menon,Sales Incentive,`);
    expect(download.suggestedFilename()).toMatch(/^cycle-pairing-\d{4}-\d{2}-\d{2}\.csv$/);
  }, 180_000);

  it('the member reads the lines with their explanations and downloads the statement as CSV and PDF', async () => {
    ({ page } = await pages.signedIn(t.url, tree.A.email, PASSWORD, '/dashboard'));
    await page.goto(`${t.url}/income`);
    await page.getByRole('heading', { level: 1, name: 'Income' }).waitFor();
    const summary = (await t.api('GET', '/api/income', { cookie: tree.A.cookie })).body as { cycles: Array<{ id: string; net: string }>; financialYear: { label: string } };
    expect(summary.cycles[0].id).toBe(cycleId);
    const cyclesCard = page.locator('[aria-labelledby="income-cycles-title"]');
    await cyclesCard.locator('button[aria-expanded]:visible').first().waitFor();
    await picture(page, 'income');
    expect(await axeViolations(page)).toEqual([]);
    await expectNoPageOverflow(page);

    // The newest cycle's lines.
    const toggle = cyclesCard.locator('button[aria-expanded]:visible').first();
    await toggle.click();
    // Opening puts the cycle in the address (?id=); the router renders it a tick later.
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    const list = cyclesCard.getByRole('list', { name: 'Income lines' }).filter({ visible: true });
    await list.getByText('Sales Incentive').waitFor();
    await list.getByText('Direct Income').first().waitFor();
    const mine = (await t.api('GET', `/api/income/cycles/${cycleId}`, { cookie: tree.A.cookie })).body as { lines: Array<{ type: string; explanation: { text: string } }> };
    for (const l of mine.lines) await list.getByText(l.explanation.text, { exact: true }).first().waitFor();
    await cyclesCard.getByText('Net credited').filter({ visible: true }).waitFor();
    await picture(page, 'income-lines');
    await cardPicture(page, cyclesCard, 'income-cycle-lines');
    expect(await axeViolations(page)).toEqual([]);
    await expectNoPageOverflow(page);

    // The statement of the financial year: the CSV lists the lines, the PDF is a PDF.
    const fy = summary.financialYear.label;
    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: `Download the ${fy} statement as CSV` }).click()]);
    expect(csvDownload.suggestedFilename()).toBe(`income-statement-${tree.A.userId}-${fy}.csv`);
    const csv = await readDownload(csvDownload);
    const rows = csv.trim().split('\n');
    expect(rows[0]).toBe('Cycle,Type,Amount,Explanation');
    expect(rows.filter((r) => r.includes(',Sales Incentive,')).length).toBe(summary.cycles.length);
    expect(csv).toContain(mine.lines[0].explanation.text.split(',')[0]);
    expect(rows).toContain(`Financial year,${fy}`);
    const [pdfDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: `Download the ${fy} statement as PDF` }).click()]);
    expect(pdfDownload.suggestedFilename()).toBe(`income-statement-${tree.A.userId}-${fy}.pdf`);
    const pdf = await readDownload(pdfDownload, 'latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain(tree.A.userId);
    expect(pdf).toContain('Sales Incentive');
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  }, 180_000);
});

async function readDownload(download: Download, encoding: BufferEncoding = 'utf8'): Promise<string> {
  const path = await download.path();
  expect(path).toBeTruthy();
  return readFileSync(path!, encoding);
}
