import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { query, uniqueEmail } from '../support/http';
import type { PlanConfig } from '../../contracts/compensation';
import { ID } from '../support/identity';
import { activatePlan, BASE, calculateApprovePost, closeCycle, closePairingCycle, P1_BASE, TREE_KEYS as KEYS, treeBuilder } from '../support/compensation';
import type { SpecTree as Tree, TreeKey as Key, TreeMember as Member } from '../support/compensation';

/**
 * docs/spec/compensation.md §7, worked examples 3 to 9, through the HTTP API (examples 1, 2 and 10 are in
 * compensation.test.ts; 1 and 2 are checked again here on every tree that goes through them). Every
 * example builds its own tree A-F (or its own members) below a "spine" of members that belong to no
 * example, so that no example's BV reaches another example's members. Each cycle is closed, calculated,
 * approved by a second admin and posted through /api/admin/compensation; every member's lines are read
 * from the member's own income routes, their carry from /api/income, and the net from the wallet ledger.
 */
let t: TestApp;
let admin: string;
let admin2: string;
let trees: ReturnType<typeof treeBuilder>;
const products: Record<'pack' | 'gold', string> = { pack: '', gold: '' };

/**
 * Plan P1 of §7, with the monthly parts of examples 6 and 9: car fund 5 % capped at 2,000.00 with
 * 2 points for President, travel fund 1 %, both from Wise President up (no member reaches those ranks by
 * BV in this file; the test sets them); consistency 5 % of own BV, at least 500 in each of 3 months.
 */
const P1: PlanConfig = {
  ...P1_BASE,
  consistency: { minBV: '500', months: 3, percent: '5' },
  pools: {
    ...P1_BASE.pools,
    car_fund: { percent: '5', minRank: 'Wise President', holdMonths: 1, points: { President: 2 }, capPerMember: '2000.00' },
    travel_fund: { percent: '1', minRank: 'Wise President', holdMonths: 1, points: {}, capPerMember: null },
  },
};
const withPairing = (p: Partial<PlanConfig['pairing']>): PlanConfig => ({ ...P1, pairing: { ...P1.pairing, ...p } });

/** The tree of §7 (A root; B, C; D, E under B; F under C; A sponsored B, C, E; B sponsored D; C sponsored F). */
async function tree(tag: string, extra: Partial<Record<Key, Record<string, unknown>>> = {}): Promise<Tree> {
  const out = await trees.tree(tag, extra);
  const placed = await query<{ n: number }>(t, sql`select count(*)::int as n from users where parent_id = ${out.A.id}::uuid`);
  expect(Number(placed[0].n)).toBe(2);
  return out;
}

async function buy(m: Member, bv: number) {
  // The pack is 50 BV for 50.00; the gold pack 1,000 BV for 1,000.00 (at most 100 units an order).
  const [product, unit] = bv % 1000 === 0 && bv >= 1000 ? [products.gold, 1000] : [products.pack, 50];
  let units = bv / unit;
  expect(Number.isInteger(units)).toBe(true);
  while (units > 0) {
    const quantity = Math.min(units, 100);
    const r = await t.api('POST', '/api/purchases', {
      cookie: m.cookie,
      body: { productId: product, quantity, paymentMethod: 'wallet', deliveryAddress: 'Pair Street 1, Pune 411001', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    units -= quantity;
  }
}

/** A version drafted and activated to take effect a moment from now: the next cycle to open uses it. */
const activate = (config: PlanConfig) => activatePlan(t, admin, config);

/**
 * One cycle of a kind: the purchases, then (optionally) the version for the cycles after this one,
 * close now, calculate, approve and post by the second admin. Answers the cycle id and its plan version.
 */
async function cycle(kind: 'pairing' | 'monthly', buys: [Member, number][], next?: PlanConfig) {
  for (const [m, bv] of buys) await buy(m, bv);
  await t.settle();
  const nextVersion = next ? await activate(next) : undefined;
  const id = await closeCycle(t, admin, kind);
  const { calculated, posted } = await calculateApprovePost(t, id, admin, admin2);
  expect(posted.status).toBe('posted');
  return { id, planVersion: calculated.planVersion as number, nextVersion };
}
const week = (buys: [Member, number][], next?: PlanConfig) => cycle('pairing', buys, next);
const month = (buys: [Member, number][], next?: PlanConfig) => cycle('monthly', buys, next);

/** The purchases, applied, then the open pairing cycle closed and left for the test to calculate: its id. */
async function closeAfter(buys: [Member, number][]) {
  for (const [m, bv] of buys) await buy(m, bv);
  await t.settle();
  return closePairingCycle(t, admin);
}

interface Expected {
  /** Every line of the member in the cycle, type -> amount; none when absent. */
  lines?: Record<string, string>;
  net?: string;
  tds?: string;
  /** Carry per leg after the cycle, "left/right" in BV; 0/0 when absent. */
  carry?: string;
}
const paise = (v: string) => Math.round(Number(v) * 100);
const rupees = (p: number) => (p / 100).toFixed(2);

/** A member's lines (their own income route and the admin's), deductions, net in the ledger and carry. */
async function expectMember(c: { id: string; planVersion: number }, m: Member, e: Expected, who: string) {
  const lines = e.lines ?? {};
  const mine = await t.api('GET', `/api/income/cycles/${c.id}`, { cookie: m.cookie });
  const ledger = await query<{ type: string; amount: string }>(t, sql`select type, amount::text from transactions where user_id = ${m.id}::uuid and reference_id = ${c.id} order by seq`);
  if (!Object.keys(lines).length) {
    expect(mine.status, `${who} has no lines: ${JSON.stringify(mine.body)}`).toBe(404);
    expect(ledger, `${who} is credited nothing`).toEqual([]);
  } else {
    expect(mine.status, `${who}: ${JSON.stringify(mine.body)}`).toBe(200);
    const got: Record<string, string> = {};
    for (const l of mine.body.lines as { type: string; amount: string; planVersion: number; explanation: { text: string } }[]) {
      expect(got[l.type], `${who}: one ${l.type} line`).toBeUndefined();
      got[l.type] = l.amount;
      expect(l.planVersion, `${who} ${l.type}: the version in force at the cycle's start`).toBe(c.planVersion);
      expect(l.explanation.text.length).toBeGreaterThan(0);
    }
    expect(got, `${who}'s lines`).toEqual(lines);
    const gross = Object.values(lines).reduce((s, v) => s + paise(v), 0);
    const tds = e.tds ?? '0.00';
    expect(mine.body.gross, `${who} gross`).toBe(rupees(gross));
    expect(mine.body.tds, `${who} TDS`).toBe(tds);
    expect(mine.body.net, `${who} net`).toBe(e.net);
    expect(mine.body.adminCharge, `${who} admin charge`).toBe(rupees(gross - paise(tds) - paise(e.net!)));
    // The admin's view of the same member agrees.
    const adm = await t.api('GET', `${BASE}/cycles/${c.id}/lines?userId=${m.userId}`, { cookie: admin });
    expect(adm.status).toBe(200);
    expect(adm.body.items).toHaveLength(1);
    expect(adm.body.items[0]).toMatchObject({ gross: rupees(gross), tds, net: e.net, adminCharge: mine.body.adminCharge });
    // The ledger: one credit per income type, one debit per deduction, summing to the net.
    const credits = Object.fromEntries(ledger.filter((r) => !r.amount.startsWith('-')).map((r) => [r.type, r.amount]));
    expect(credits, `${who}'s credits`).toEqual(lines);
    expect(ledger.filter((r) => r.type === 'admin_charge').map((r) => r.amount)).toEqual(paise(mine.body.adminCharge) > 0 ? [`-${mine.body.adminCharge}`] : []);
    expect(ledger.filter((r) => r.type === 'tds').map((r) => r.amount)).toEqual(paise(tds) > 0 ? [`-${tds}`] : []);
    expect(ledger).toHaveLength(Object.keys(lines).length + (paise(mine.body.adminCharge) > 0 ? 1 : 0) + (paise(tds) > 0 ? 1 : 0));
    expect(rupees(ledger.reduce((s, r) => s + paise(r.amount), 0)), `${who}'s net in the ledger`).toBe(e.net);
  }
  const income = await t.api('GET', '/api/income', { cookie: m.cookie });
  expect(income.status).toBe(200);
  expect(`${Number(income.body.carry.left)}/${Number(income.body.carry.right)}`, `${who}'s carry`).toBe(e.carry ?? '0/0');
}

/** Every member of a tree: those not named have no line and no carry. */
async function expectTree(c: { id: string; planVersion: number }, tr: Tree, exp: Partial<Record<Key, Expected>>, label: string) {
  for (const k of KEYS) await expectMember(c, tr[k], exp[k] ?? {}, `${label} ${k}`);
}

/** Examples 1 and 2 (the weeks every tree of example 3 goes through first). */
const WEEK1: Partial<Record<Key, Expected>> = {
  A: { lines: { sales_incentive: '20.00' }, net: '19.00', carry: '100/50' },
  B: { lines: { sponsor_income: '30.00' }, net: '28.50', carry: '300/0' },
  C: { lines: { sponsor_income: '25.00' }, net: '23.75', carry: '0/250' },
};
const WEEK2: Partial<Record<Key, Expected>> = {
  A: { lines: { sales_incentive: '20.00', sponsor_income: '35.00', sales_bonus: '1.00' }, net: '53.20', carry: '50/50' },
  B: { lines: { sales_incentive: '10.00' }, net: '9.50', carry: '200/50' },
  C: { carry: '0/250' },
};

beforeAll(async () => {
  t = await startTestApp({ autoSettle: false });
  admin = await t.login(t.demo.admin.email, t.demo.admin.password);
  await t.createUser({ email: 'examples.admin2@example.com', password: 'Second#Admin1', role: 'admin' });
  admin2 = await t.login('examples.admin2@example.com', 'Second#Admin1');
  for (const [key, name, price] of [
    ['pack', 'Pair Pack', '50.00'],
    ['gold', 'Gold Pack', '1000.00'],
  ] as const) {
    const p = await t.api('POST', '/api/admin/products', { cookie: admin, body: { name, price, bv: price, gst: '0', category: 'others', purchaseType: 'first_purchase' } });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    products[key] = p.body.id ?? p.body.product?.id;
  }
  trees = treeBuilder(t, (await userByEmail(t, t.demo.founder.email))!.id, { prefix: 'comp', password: 'Comp#12345' });
  await t.settle();
  // P1 in force for every cycle after the ones open now; those are closed and posted first.
  await activate(P1);
  await week([]);
  await month([]);
}, 120_000);
afterAll(async () => t?.close());

/** A week in which the same members of each tree buy the same BV (`buys`), then each tree checked against `exp`. */
async function weekOfTrees(trees: Tree[], buys: Partial<Record<Key, number>>, exp: Partial<Record<Key, Expected>>, label: string) {
  const w = await week(trees.flatMap((tr) => Object.entries(buys).map(([k, bv]): [Member, number] => [tr[k as Key], bv])));
  for (const [i, tr] of trees.entries()) await expectTree(w, tr, exp, `tree ${i} ${label}`);
}

describe('compensation.md §7 worked examples 3-9 through the API', () => {
  it('3. week 3: 10 pairs, 5 paid 50.00 and 5 flushed; with overflow carry 550/550; with a version at 12 % 60.00', async () => {
    // Three trees go through weeks 1 and 2 together (examples 1 and 2), then each has its own week 3.
    const flush = await tree('X3');
    const carry = await tree('Y3');
    const at12 = await tree('Z3');
    const trees = [flush, carry, at12];
    await weekOfTrees(trees, { D: 300, F: 250 }, WEEK1, 'week 1');
    await weekOfTrees(trees, { C: 200, E: 150 }, WEEK2, 'week 2');

    const week3 = {
      A: { lines: { sales_incentive: '50.00' }, net: '47.50', carry: '50/50' },
      B: { lines: { sponsor_income: '100.00' }, net: '95.00', carry: '1200/50' },
      C: { lines: { sponsor_income: '100.00' }, net: '95.00', carry: '0/1250' },
    };
    // P1 (flush), and the version with overflow = carry for the week after.
    const w3 = await week(
      [
        [flush.D, 1000],
        [flush.F, 1000],
      ],
      withPairing({ overflow: 'carry' }),
    );
    await expectTree(w3, flush, week3, 'flush week 3');
    const a = await t.api('GET', `/api/income/cycles/${w3.id}`, { cookie: flush.A.cookie });
    expect(a.body.lines[0].explanation).toMatchObject({
      pairs: '10',
      paid: '5',
      flushedBV: '1000.00',
      units: { left: '10', right: '10' },
      carryIn: { left: '50.00', right: '50.00' },
      newBV: { left: '1000.00', right: '1000.00' },
    });
    const summary = await t.api('GET', `${BASE}/cycles/${w3.id}`, { cookie: admin });
    expect(Number(summary.body.flushedBV)).toBeGreaterThanOrEqual(1000);
    // The other two trees waited through that week: no line, carry unchanged.
    for (const tr of [carry, at12]) await expectTree(w3, tr, { A: { carry: '50/50' }, B: { carry: '200/50' }, C: { carry: '0/250' } }, 'idle week 3');

    // overflow = carry, and the version at 12 % for the week after.
    const w3carry = await week(
      [
        [carry.D, 1000],
        [carry.F, 1000],
      ],
      withPairing({ pairRate: '12' }),
    );
    expect(w3carry.planVersion).toBe(w3.nextVersion);
    await expectTree(w3carry, carry, { ...week3, A: { lines: { sales_incentive: '50.00' }, net: '47.50', carry: '550/550' } }, 'carry week 3');
    const ac = await t.api('GET', `/api/income/cycles/${w3carry.id}`, { cookie: carry.A.cookie });
    expect(ac.body.lines[0].explanation).toMatchObject({ pairs: '10', paid: '5', flushedBV: '0.00' });

    // pairRate 12 in force from this week; back to P1 for the examples after.
    const w3at12 = await week(
      [
        [at12.D, 1000],
        [at12.F, 1000],
      ],
      P1,
    );
    expect(w3at12.planVersion).toBe(w3carry.nextVersion);
    await expectTree(w3at12, at12, { ...week3, A: { lines: { sales_incentive: '60.00' }, net: '57.00', carry: '50/50' } }, '12 % week 3');
    // The flush tree's week-3 lines keep the version they were computed with.
    const again = await t.api('GET', `/api/income/cycles/${w3.id}`, { cookie: flush.A.cookie });
    expect(again.body.lines[0]).toMatchObject({ amount: '50.00', planVersion: w3.planVersion });
    expect(w3.planVersion).not.toBe(w3at12.planVersion);
  }, 120_000);

  it('4. one active direct needed in each leg: A is paid as in 1 and 2 without matching; B does not qualify', async () => {
    const tr = await tree('Q4');
    // The version with minDirectsEachLeg 1 is in force from the week after an empty one.
    await week([], withPairing({ minDirectsEachLeg: 1 }));
    const w1 = await week([
      [tr.D, 300],
      [tr.F, 250],
    ]);
    await expectTree(w1, tr, WEEK1, 'example 4 week 1');
    const w2 = await week(
      [
        [tr.C, 200],
        [tr.E, 150],
      ],
      P1,
    );
    await expectTree(
      w2,
      tr,
      {
        A: { lines: { sales_incentive: '20.00', sponsor_income: '35.00' }, net: '52.25', carry: '50/50' },
        B: { carry: '300/150' },
        C: { carry: '0/250' },
      },
      'example 4 week 2',
    );
    const a = await t.api('GET', `/api/income/cycles/${w2.id}`, { cookie: tr.A.cookie });
    expect(a.body.gross).toBe('55.00');
    expect(a.body.adminCharge).toBe('2.75');
  }, 120_000);

  it('5. first pair 2:1: 200 left and 100 right, then one 1:1 pair; 2 pairs 20.00, carry 0/50', async () => {
    const tr = await tree('F5');
    await week([], withPairing({ firstPair: '2:1' }));
    const w1 = await week(
      [
        [tr.D, 300],
        [tr.F, 250],
      ],
      P1,
    );
    await expectTree(w1, tr, { ...WEEK1, A: { lines: { sales_incentive: '20.00' }, net: '19.00', carry: '0/50' } }, 'example 5');
    const a = await t.api('GET', `/api/income/cycles/${w1.id}`, { cookie: tr.A.cookie });
    expect(a.body.lines[0].explanation).toMatchObject({ pairs: '2', paid: '2', firstPair: '2:1 (left)' });
  }, 120_000);

  it('7. TDS: the cycle that crosses 20,000 deducts 2 % of the year-to-date gross, the next its own; 20 % without a PAN', async () => {
    const slot = await trees.spine();
    // X has an approved PAN; Y has none. Each earns sponsor income (10 %) from the purchases of their recruit.
    const x = await trees.member('X7', { startId: slot, side: 'right' }, slot, { panNumber: ID.pan, kycStatus: 'approved' });
    const xw = await trees.member('XW7', { startId: x.id, side: 'left' }, x.id, {}, '300000.00');
    const slot2 = await trees.spine();
    const y = await trees.member('Y7', { startId: slot2, side: 'right' }, slot2);
    const yw = await trees.member('YW7', { startId: y.id, side: 'left' }, y.id, {}, '300000.00');

    const c1 = await week([
      [xw, 180_000],
      [yw, 180_000],
    ]);
    await expectMember(c1, x, { lines: { sponsor_income: '18000.00' }, net: '17100.00', carry: '180000/0' }, 'X cycle 1');
    await expectMember(c1, y, { lines: { sponsor_income: '18000.00' }, net: '17100.00', carry: '180000/0' }, 'Y cycle 1');
    const c2 = await week([
      [xw, 50_000],
      [yw, 50_000],
    ]);
    await expectMember(c2, x, { lines: { sponsor_income: '5000.00' }, tds: '460.00', net: '4290.00', carry: '230000/0' }, 'X cycle 2');
    await expectMember(c2, y, { lines: { sponsor_income: '5000.00' }, tds: '4600.00', net: '150.00', carry: '230000/0' }, 'Y cycle 2');
    const c3 = await week([[xw, 10_000]]);
    await expectMember(c3, x, { lines: { sponsor_income: '1000.00' }, tds: '20.00', net: '930.00', carry: '240000/0' }, 'X cycle 3');
    await expectMember(c3, y, { carry: '230000/0' }, 'Y cycle 3');
    // The buyers earn nothing from their own purchases.
    for (const w of [xw, yw]) for (const c of [c1, c2, c3]) await expectMember(c, w, {}, 'buyer');

    const xi = await t.api('GET', '/api/income', { cookie: x.cookie });
    expect(xi.body.financialYear).toMatchObject({ gross: '24000.00', tds: '480.00' });
    const yi = await t.api('GET', '/api/income', { cookie: y.cookie });
    expect(yi.body.financialYear).toMatchObject({ gross: '23000.00', tds: '4600.00' });
    const rows = await t.api('GET', `${BASE}/cycles/${c2.id}/lines?userId=${x.userId}`, { cookie: admin });
    expect(rows.body.items[0]).toMatchObject({ gross: '5000.00', adminCharge: '250.00', tds: '460.00', net: '4290.00' });
  }, 120_000);

  it("8. franchise income goes to the nearest franchise upline: C (mini, 2 %) earns 5.00 on F's 250 BV; D's purchase earns none", async () => {
    const tr = await tree('M8', { C: { role: 'mini_franchise' } });
    const w1 = await week([
      [tr.D, 300],
      [tr.F, 250],
    ]);
    await expectTree(w1, tr, { ...WEEK1, C: { lines: { sponsor_income: '25.00', franchise_income: '5.00' }, net: '28.50', carry: '0/250' } }, 'example 8');
    const all = await t.api('GET', `${BASE}/cycles/${w1.id}/lines?type=franchise_income`, { cookie: admin });
    expect(all.body.items.map((m: { userId: string }) => m.userId)).toEqual([tr.C.userId]);
    const c = await t.api('GET', `/api/income/cycles/${w1.id}`, { cookie: tr.C.cookie });
    const f = c.body.lines.find((l: { type: string }) => l.type === 'franchise_income');
    expect(f.explanation).toMatchObject({ purchases: 1, bv: '250.00', rate: '2', role: 'mini_franchise' });
  }, 120_000);

  it("8b. a local sale counts as an online purchase: F's 250 BV sold at a franchise counter earns C the same 5.00 franchise income (issue 16)", async () => {
    const tr = await tree('M8L', { C: { role: 'mini_franchise' } });
    // A franchise holder outside the tree, with the packs in stock, sells F's 250 BV at its counter for cash.
    const email = uniqueEmail('comp.shop');
    await t.createUser({ email, password: 'Shop#12345', role: 'basic_franchise', firstName: 'Counter' });
    const shop = await t.login(email, 'Shop#12345');
    const req = await t.api('POST', '/api/franchise/stock-requests', { cookie: shop, body: { items: [{ productId: products.pack, quantity: 5 }] } });
    for (const step of ['approve', 'dispatch']) expect((await t.api('POST', `/api/admin/stock-requests/${req.body.request.id}/${step}`, { cookie: admin, body: {} })).status).toBe(200);
    expect((await t.api('POST', `/api/franchise/stock-requests/${req.body.request.id}/receive`, { cookie: shop })).status).toBe(200);
    const sale = await t.api('POST', '/api/franchise/local-sales', {
      cookie: shop,
      body: { buyer: 'member', memberUserId: tr.F.userId, paymentMethod: 'cash', items: [{ productId: products.pack, quantity: 5 }] },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const w1 = await week([[tr.D, 300]]);
    await expectTree(w1, tr, { ...WEEK1, C: { lines: { sponsor_income: '25.00', franchise_income: '5.00' }, net: '28.50', carry: '0/250' } }, 'example 8b');
  }, 120_000);

  it('§3.5: qualification and activity are read at the close: a purchase or a status change after it changes nothing', async () => {
    const tr = await tree('Q35');
    // A version with minPersonalBV 100 from the week after an empty one. A has no personal BV.
    await week([], withPairing({ minPersonalBV: '100' }));
    const id = await closeAfter([
      [tr.D, 300],
      [tr.F, 250],
    ]);
    // After the close: A buys 100 BV (qualifying only from now), B is blocked.
    await buy(tr.A, 100);
    await t.settle();
    const blocked = await t.api('PATCH', `/api/admin/users/${tr.B.id}/status`, { cookie: admin, body: { status: 'inactive' } });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    const calc = await t.api('POST', `${BASE}/cycles/${id}/calculate`, { cookie: admin });
    expect(calc.status).toBe(200);
    const restored = await t.api('PATCH', `/api/admin/users/${tr.B.id}/status`, { cookie: admin, body: { status: 'active' } });
    expect(restored.status).toBe(200);
    tr.B.cookie = await t.login(tr.B.email, 'Comp#12345');
    // Calculated again after B is active again: the same lines.
    const again = await t.api('POST', `${BASE}/cycles/${id}/calculate`, { cookie: admin });
    expect({ ...again.body, calculatedAt: null }).toEqual({ ...calc.body, calculatedAt: null });
    expect((await t.api('POST', `${BASE}/cycles/${id}/approve`, { cookie: admin2 })).status).toBe(200);
    expect((await t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: admin2 })).status).toBe(200);
    // A did not qualify at the close: no pair, the carry grows. B was active at the close: paid.
    await expectTree(
      { id, planVersion: calc.body.planVersion },
      tr,
      {
        ...WEEK1,
        A: { carry: '300/250' },
      },
      '§3.5',
    );
    await week([], P1);
  }, 120_000);

  it('10. calculating week 1 twice gives identical lines; posting twice credits once; a purchase completed after the close counts in week 2', async () => {
    const tr = await tree('T10');
    const id = await closeAfter([
      [tr.D, 300],
      [tr.F, 250],
    ]);
    // Completed after the close: week 2's.
    await buy(tr.D, 100);
    await t.settle();
    const allLines = async () => {
      const items: unknown[] = [];
      let cursor = '';
      for (let i = 0; i < 20; i++) {
        const r = await t.api('GET', `${BASE}/cycles/${id}/lines${cursor ? `?cursor=${cursor}` : ''}`, { cookie: admin });
        expect(r.status).toBe(200);
        items.push(...r.body.items);
        if (!r.body.nextCursor) break;
        cursor = r.body.nextCursor;
      }
      return items;
    };
    const calc1 = await t.api('POST', `${BASE}/cycles/${id}/calculate`, { cookie: admin });
    expect(calc1.status).toBe(200);
    const first = await allLines();
    expect(first.length).toBeGreaterThan(3);
    const calc2 = await t.api('POST', `${BASE}/cycles/${id}/calculate`, { cookie: admin2 });
    expect(calc2.status).toBe(200);
    expect(await allLines()).toEqual(first);
    expect({ ...calc2.body, calculatedAt: null, calculatedBy: null }).toEqual({ ...calc1.body, calculatedAt: null, calculatedBy: null });
    expect((await t.api('POST', `${BASE}/cycles/${id}/approve`, { cookie: admin })).status).toBe(200);
    expect((await t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: admin })).status).toBe(200);
    const rows = await query<{ n: number; sum: string }>(t, sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as sum from transactions where reference_id = ${id}`);
    // admin2 calculated it last: the second post comes from the approving admin too (issue 29).
    expect((await t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: admin2 })).status).toBe(403);
    expect((await t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: admin })).status).toBe(200);
    expect(await query(t, sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as sum from transactions where reference_id = ${id}`)).toEqual(rows);
    const w1 = { id, planVersion: calc1.body.planVersion as number };
    await expectTree(w1, tr, WEEK1, 'example 10 week 1');

    // Week 2: D's 100 BV: B's sponsor income; B's and A's left legs.
    const w2 = await week([]);
    await expectTree(
      w2,
      tr,
      {
        A: { carry: '200/50' },
        B: { lines: { sponsor_income: '10.00' }, net: '9.50', carry: '400/0' },
        C: { carry: '0/250' },
      },
      'example 10 week 2',
    );
  }, 120_000);

  it('6. pools: a month of 100,000 BV; car fund 5,000.00 by points with a cap, 500.00 left; travel fund 1,000.00 in thirds, 0.01 left', async () => {
    const slot = await trees.spine();
    const x = await trees.member('X6', { startId: slot, side: 'right' }, slot);
    const y = await trees.member('Y6', { startId: x.id, side: 'left' }, slot);
    const z = await trees.member('Z6', { startId: x.id, side: 'right' }, slot);
    const buyer = await trees.member('W6', { startId: y.id, side: 'left' }, slot, {}, '150000.00');
    await t.settle();
    await month([]); // the month of the examples before: nobody holds a pool rank yet
    await query(t, sql`update users set current_rank = case when id = ${x.id}::uuid then 'President' else 'Wise President' end where id in (${x.id}::uuid, ${y.id}::uuid, ${z.id}::uuid)`);
    const m = await month([[buyer, 100_000]]);
    await query(t, sql`update users set current_rank = 'Executive' where id in (${x.id}::uuid, ${y.id}::uuid, ${z.id}::uuid)`);

    // Admin charge 5 % of 2,333.33 is 116.67 (half-up); of 1,583.33 it is 79.17.
    await expectMember(m, x, { lines: { car_fund: '2000.00', travel_fund: '333.33' }, net: '2216.66' }, 'X');
    await expectMember(m, y, { lines: { car_fund: '1250.00', travel_fund: '333.33' }, net: '1504.16' }, 'Y');
    await expectMember(m, z, { lines: { car_fund: '1250.00', travel_fund: '333.33' }, net: '1504.16' }, 'Z');
    await expectMember(m, buyer, {}, 'buyer');

    const detail = await t.api('GET', `${BASE}/cycles/${m.id}`, { cookie: admin });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ salesBV: '100000.00', totals: { car_fund: '4500.00', travel_fund: '999.99' }, poolsLeft: { car_fund: '500.00', travel_fund: '0.01' } });
    const xl = await t.api('GET', `/api/income/cycles/${m.id}`, { cookie: x.cookie });
    expect(xl.body.lines.find((l: { type: string }) => l.type === 'car_fund').explanation).toMatchObject({ pool: '5000.00', totalPoints: 4, points: 2, pointValue: '1250.00', capped: true });

    // Each share is an achievers row: type, position by amount, amount, monthly.
    const rows = await query<{ user_id: string; achievement_type: string; position: number; amount: string; period: string }>(
      t,
      sql`
      select user_id::text, achievement_type, position, amount::text, period from achievers
      where user_id in (${x.id}::uuid, ${y.id}::uuid, ${z.id}::uuid) order by achievement_type, position`,
    );
    const car = rows.filter((r) => r.achievement_type === 'car_fund');
    expect(car.map((r) => [r.position, r.amount])).toEqual([
      [1, '2000.00'],
      [2, '1250.00'],
      [3, '1250.00'],
    ]);
    expect(car[0].user_id).toBe(x.id);
    expect(rows.filter((r) => r.achievement_type === 'travel_fund').map((r) => [r.position, r.amount])).toEqual([
      [1, '333.33'],
      [2, '333.33'],
      [3, '333.33'],
    ]);
    expect(new Set(rows.map((r) => r.period))).toEqual(new Set(['monthly']));
    const awards = await t.api('GET', '/api/income', { cookie: x.cookie });
    expect(awards.body.poolAwards.map((a: { type: string; amount: string }) => `${a.type} ${a.amount}`).sort()).toEqual(['car_fund 2000.00', 'travel_fund 333.33']);
  }, 120_000);

  it('9. consistency (500 BV, 3 months, 5 %): 600, 700, 800 pay 40.00 in the third month; 400 then 900 pay nothing', async () => {
    const slot = await trees.spine();
    const q = await trees.member('Q9', { startId: slot, side: 'right' }, slot);
    await t.settle();
    const months = [];
    for (const bv of [600, 700, 800, 400, 900]) months.push(await month([[q, bv]]));
    const [jan, feb, mar, apr, may] = months;
    await expectMember(jan, q, {}, 'January');
    await expectMember(feb, q, {}, 'February');
    await expectMember(mar, q, { lines: { consistency_bonus: '40.00' }, net: '38.00' }, 'March');
    await expectMember(apr, q, {}, 'April');
    await expectMember(may, q, {}, 'May');
    const line = await t.api('GET', `/api/income/cycles/${mar.id}`, { cookie: q.cookie });
    expect(line.body.lines[0].explanation).toMatchObject({ months: ['800.00', '700.00', '600.00'], minBV: '500', percent: '5' });
  }, 120_000);

  it('7 across kinds: a week and a month closed together cross the threshold once; the month deducts 2 % of the year-to-date gross', async () => {
    const slot = await trees.spine();
    const x = await trees.member('T7', { startId: slot, side: 'right' }, slot, { panNumber: ID.otherPan, kycStatus: 'approved' });
    const w = await trees.member('TW7', { startId: x.id, side: 'left' }, x.id, {}, '300000.00');
    const c0 = await week([[w, 180_000]]);
    await expectMember(c0, x, { lines: { sponsor_income: '18000.00' }, net: '17100.00', carry: '180000/0' }, 'X year to date');
    // X holds a pool rank this month; W buys 15,000 BV more. The week and the month close together.
    await query(t, sql`update users set current_rank = 'President' where id = ${x.id}::uuid`);
    await buy(w, 15_000);
    await t.settle();
    const wk = await t.api('POST', `${BASE}/cycles/close`, { cookie: admin, body: { kind: 'pairing' } });
    const mo = await t.api('POST', `${BASE}/cycles/close`, { cookie: admin, body: { kind: 'monthly' } });
    expect([wk.status, mo.status]).toEqual([200, 200]);
    expect((await t.api('POST', `${BASE}/cycles/${wk.body.id}/calculate`, { cookie: admin })).status).toBe(200);
    // Computed side by side, each would see 18,000.00 posted and neither would cross 20,000.00.
    const refused = await t.api('POST', `${BASE}/cycles/${mo.body.id}/calculate`, { cookie: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Post the calculated pairing cycle first: TDS follows from it');
    expect((await t.api('POST', `${BASE}/cycles/${wk.body.id}/approve`, { cookie: admin2 })).status).toBe(200);
    expect((await t.api('POST', `${BASE}/cycles/${wk.body.id}/post`, { cookie: admin2 })).status).toBe(200);
    const m = await t.api('POST', `${BASE}/cycles/${mo.body.id}/calculate`, { cookie: admin });
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    expect((await t.api('POST', `${BASE}/cycles/${mo.body.id}/approve`, { cookie: admin2 })).status).toBe(200);
    expect((await t.api('POST', `${BASE}/cycles/${mo.body.id}/post`, { cookie: admin2 })).status).toBe(200);
    await query(t, sql`update users set current_rank = 'Executive' where id = ${x.id}::uuid`);

    // The week: 1,500.00 brings the year to 19,500.00, under the threshold.
    await expectMember({ id: wk.body.id, planVersion: c0.planVersion }, x, { lines: { sponsor_income: '1500.00' }, net: '1425.00', carry: '195000/0' }, 'X week');
    // The month: company BV 195,000; the car fund's 9,750.00 capped at 2,000.00, the travel fund's 1,950.00 whole
    // (X the only qualifier). 3,950.00 brings the year to 23,450.00: TDS 2 % of it, 469.00; admin 197.50.
    await expectMember({ id: mo.body.id, planVersion: m.body.planVersion }, x, { lines: { car_fund: '2000.00', travel_fund: '1950.00' }, tds: '469.00', net: '3283.50', carry: '195000/0' }, 'X month');
    const fy = await t.api('GET', '/api/income', { cookie: x.cookie });
    expect(fy.body.financialYear).toMatchObject({ gross: '23450.00', tds: '469.00' });
  }, 120_000);
});
