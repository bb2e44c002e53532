import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { placeMember } from '../../server/modules/tree/tree.service';
import { postLedger } from '../../server/modules/wallet/ledger.service';
import { recordReturnReversal } from '../../server/modules/volume';
import { INCOME_MSG } from '../../contracts/compensation';
import { userByEmail, type TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/http';
import { SIZES, pagePerTest, picture, seriousViolations, startBrowserApp, stopBrowserApp, type Size } from './support/browser';
import { runCycle } from '../support/compensation';

/**
 * docs/spec/returns.md §3-§4 on the member's Income page: a purchase of a posted week returned the week after leaves a
 * negative carry on the leg (said in words under it) and a clawback line of negative direct income with its
 * explanation, the gross 0.00 and the recovery left for later income. Screenshots at both widths; axe on the page.
 */
let t: TestApp;
let browser: Browser;
const PASSWORD = 'Return#12345';
let admin = '';
let admin2 = '';
let productId = '';
const tree: Record<'A' | 'B' | 'C', { id: string; userId: string; email: string; cookie: string }> = {} as never;

async function buy(key: 'B' | 'C', bv: number) {
  const r = await t.api('POST', '/api/purchases', {
    cookie: tree[key].cookie,
    body: { productId, quantity: bv / 100, paymentMethod: 'wallet', deliveryAddress: 'Return Street 1, Pune 411001', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.purchase.id as string;
}
/** A posted week: the journal applied, the pairing cycle closed, calculated, approved and posted. */
const week = () => runCycle(t, 'pairing', admin, admin2);

beforeAll(async () => {
  ({ t, browser } = await startBrowserApp());
  admin = await t.login(t.demo.admin.email, t.demo.admin.password);
  const second = { email: uniqueEmail('ret.admin2'), password: 'Second#Admin1' };
  await t.createUser({ ...second, firstName: 'Second', lastName: 'Admin', role: 'admin' });
  admin2 = await t.login(second.email, second.password);
  const p = await t.api('POST', '/api/admin/products', { cookie: admin, body: { name: 'Product X', price: '1000.00', bv: '100.00', gst: '18', category: 'others', purchaseType: 'first_purchase' } });
  expect(p.status, JSON.stringify(p.body)).toBe(201);
  productId = p.body.id ?? p.body.product?.id;
  const founder = (await userByEmail(t, t.demo.founder.email))!;
  for (const [key, firstName, side, parent] of [
    ['A', 'Asha', 'left', 'founder'],
    ['B', 'Bharat', 'left', 'A'],
    ['C', 'Chitra', 'right', 'A'],
  ] as const) {
    const email = uniqueEmail(`ret.${key.toLowerCase()}`);
    const parentId = parent === 'founder' ? founder.id : tree.A.id;
    const u = await t.createUser({ email, password: PASSWORD, firstName, lastName: 'Menon', sponsorId: parentId, kycStatus: 'approved' });
    await t.runtime.ctx.db.transaction((tx) => placeMember(tx, u, { startId: parentId, side }, t.clock.now()));
    await t.runtime.ctx.db.transaction((tx) => postLedger(tx, u.id, '100000.00', 'admin_credit', { description: 'Opening balance', now: new Date() }));
    tree[key] = { id: u.id, userId: u.userId, email, cookie: await t.login(email, PASSWORD) };
  }
  await week();
  // Week 1: B buys 3 X, C 1 X: A pairs 1 and has 40.00 of direct income, carry 200/0.
  const bought = await buy('B', 300);
  await buy('C', 100);
  await week();
  // Week 2: B's 3 X come back: A's left leg goes to -100, the 30.00 paid for them is taken back.
  await t.runtime.ctx.db.transaction((tx) => recordReturnReversal(tx, { returnId: randomUUID(), returnNumber: 'RET/2627/000001', purchaseId: bought, memberId: tree.B.id, bv: '300' }, t.clock.now()));
  await week();
  const income = (await t.api('GET', '/api/income', { cookie: tree.A.cookie })).body as { carry: { left: string; right: string } };
  expect(income.carry).toEqual({ left: '-100.00', right: '0.00' });
}, 240_000);

afterAll(() => stopBrowserApp(t, browser));

describe.each(SIZES)('a return on the Income page at $name width', (size: Size) => {
  const pages = pagePerTest(() => browser, size, { timeout: 30_000 });
  let page: Page;

  it('shows the negative carry with its reason and the clawback line with its explanation', async () => {
    ({ page } = await pages.signedIn(t.url, tree.A.email, PASSWORD, '/dashboard'));
    await page.goto(`${t.url}/income`);
    await page.getByRole('heading', { level: 1, name: 'Income' }).waitFor();
    const carry = page.locator('[aria-labelledby="income-carry-title"]');
    await carry.getByText('-100 BV').waitFor();
    await carry.getByText(INCOME_MSG.negativeCarry).waitFor();
    const cycles = page.locator('[aria-labelledby="income-cycles-title"]');
    const toggle = cycles.locator('button[aria-expanded]:visible').first();
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    const list = cycles.getByRole('list', { name: 'Income lines' }).filter({ visible: true });
    await list.getByText(/^Return RET\/2627\/000001: 300 BV of a purchase by .* level 1 at 10 %\.$/).waitFor();
    await list.getByText('-₹30.00').waitFor();
    await cycles.getByText('is still to be recovered from your next income', { exact: false }).filter({ visible: true }).first().waitFor();
    await picture(page, 'returns-income');
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);
});
