import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { actorFor } from '../support/actor';
import { postCycle } from '../../server/modules/compensation';
import { query, rawGet } from '../support/http';
import { pdfText } from '../support/pdf';
import { TEST_ENGINES } from '../support/database';
import type { PlanConfig } from '../../contracts/compensation';
import { activatePlan, BASE, calculateApprovePost, closePairingCycle, P1_NO_POOLS, runCycle, TREE_KEYS as KEYS, treeBuilder } from '../support/compensation';
import type { SpecTree as Tree, TreeKey as Key, TreeMember as Member } from '../support/compensation';

/**
 * docs/spec/returns.md §2 to §6 and worked examples R1-R4, through the HTTP API on PostgreSQL (under
 * TEST_DATABASE_URL) and PGlite: every return is asked for by the member and approved, received and refunded by an
 * admin, then the real volume journal, applier, calculation, approval and posting run. Every example builds its own
 * tree A-F below a spine member of its own; the weeks are shared. Refunds and credit notes are checked at each
 * return; lines, carry, recovery and net are read from the member's Income routes, the admin's cycle lines, the
 * statement and the ledger.
 */
let t: TestApp;
let admin: string;
let admin2: string;
let trees: ReturnType<typeof treeBuilder>;
const products = { x: '', pack: '' };

/** Plan P1 of compensation.md §7 (no pools, no consistency). */
const P1 = P1_NO_POOLS;

/** A wallet purchase of `bv` BV: product X (100 BV, ₹1,000.00 + 18 % GST = ₹1,180.00) by the hundred, the 50 BV pack for the rest. Its id. */
async function buy(m: Member, bv: number, product: 'x' | 'pack' = bv % 100 === 0 ? 'x' : 'pack') {
  const quantity = bv / (product === 'x' ? 100 : 50);
  expect(Number.isInteger(quantity)).toBe(true);
  const r = await t.api('POST', '/api/purchases', {
    cookie: m.cookie,
    body: { productId: products[product], quantity, paymentMethod: 'wallet', deliveryAddress: 'Return Street 1, Pune 411001', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.purchase.id as string;
}

/** What a product costs and earns: X is 100 BV at ₹1,000.00 + 18 % GST, the pack 50 BV at ₹50.00 without GST. */
const UNIT = { x: { bv: 100, taxable: 100_000, gst: 18 }, pack: { bv: 50, taxable: 5_000, gst: 0 } } as const;
const rupees = (p: number) => (p / 100).toFixed(2);

/**
 * A return of `bv` BV of a purchase through the HTTP API (returns.md §2): the member asks, an admin approves (the
 * reversal entry), receives the goods and refunds to the wallet. The refund, its tax split and the credit note are
 * checked to the paisa; then the journal is applied. The return's number.
 */
async function giveBack(m: Member, purchaseId: string, bv: number) {
  const [bought] = await query<{ product_id: string }>(t, sql`select product_id::text from purchases where id = ${purchaseId}::uuid`);
  const kind = bought.product_id === products.x ? 'x' : 'pack';
  const unit = UNIT[kind];
  const quantity = bv / unit.bv;
  const asked = await t.api('POST', '/api/returns', { cookie: m.cookie, body: { purchaseId, lines: [{ productId: bought.product_id, quantity }], reason: 'changed_mind' } });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const id = asked.body.return.id as string;
  const before = await balanceOf(m.id);
  for (const step of ['approve', 'receive'] as const) {
    const r = await t.api('POST', `/api/admin/returns/${id}/${step}`, { cookie: admin, body: {} });
    expect(r.status, `${step}: ${JSON.stringify(r.body)}`).toBe(200);
  }
  const refunded = await t.api('POST', `/api/admin/returns/${id}/refund`, { cookie: admin, body: { method: 'wallet' } });
  expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
  const done = refunded.body.return;
  // The refund is what was paid for those units; the credit note splits it as the invoice did (CGST + SGST in Maharashtra).
  const taxable = unit.taxable * quantity;
  const tax = (taxable * unit.gst) / 100;
  expect({ status: done.status, refund: done.refundAmount, taxable: done.taxableValue, cgst: done.cgst, sgst: done.sgst, igst: done.igst }).toEqual({
    status: 'refunded',
    refund: rupees(taxable + tax),
    taxable: rupees(taxable),
    cgst: rupees(tax / 2),
    sgst: rupees(tax / 2),
    igst: '0.00',
  });
  expect(done.creditNote.number).toMatch(/^CN\/\d{4}\/\d{6}$/);
  expect(paise(await balanceOf(m.id)) - paise(before), 'the refund reaches the wallet').toBe(taxable + tax);
  if (!creditNoteRead) {
    creditNoteRead = true;
    const pdf = await rawGet(t, `/api/returns/${id}/credit-note`, m.cookie);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    for (const s of ['CREDIT NOTE', done.creditNote.number, `Against Invoice No: ${done.invoiceNumber}`, formatted(taxable), formatted(tax / 2)]) expect(text).toContain(s);
  }
  await t.settle();
  return done.number as string;
}
let creditNoteRead = false;
let run = 0;
const formatted = (p: number) => (p / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const balanceOf = async (userId: string) => (await query<{ balance: string }>(t, sql`select balance::text from wallet_balances where user_id = ${userId}::uuid`))[0]?.balance ?? '0.00';

const activate = (config: PlanConfig) => activatePlan(t, admin, config);

/** Closes the open cycle of a kind, calculates, approves and posts it (the second admin approves and posts). */
const cycle = (kind: 'pairing' | 'monthly') => runCycle(t, kind, admin, admin2);

interface Expected {
  /** The member's lines in the cycle, [type, amount] in the order written. */
  lines?: [string, string][];
  gross?: string;
  adminCharge?: string;
  net?: string;
  recovered?: string;
  /** The recovery balance after the cycle. */
  recovery?: string;
  /** Carry after the cycle, "left/right" in BV. */
  carry?: string;
}
const paise = (v: string) => Math.round(Number(v) * 100);

/** A member's lines, payout and ledger in a cycle and their carry now (after it). */
async function expectMember(cycleId: string, m: Member, e: Expected, who: string) {
  const mine = await t.api('GET', `/api/income/cycles/${cycleId}`, { cookie: m.cookie });
  const ledger = await query<{ type: string; amount: string }>(t, sql`select type, amount::text from transactions where user_id = ${m.id}::uuid and reference_id = ${cycleId} order by seq`);
  if (!e.lines?.length) {
    expect(mine.status, `${who} has no lines: ${JSON.stringify(mine.body)}`).toBe(404);
    expect(ledger, `${who} is credited nothing`).toEqual([]);
  } else {
    expect(mine.status, `${who}: ${JSON.stringify(mine.body)}`).toBe(200);
    const lines = mine.body.lines as { type: string; amount: string; explanation: { text: string } }[];
    expect(
      lines.map((l) => [l.type, l.amount]),
      `${who}'s lines`,
    ).toEqual(e.lines);
    for (const l of lines) expect(l.explanation.text.length).toBeGreaterThan(0);
    expect(
      { gross: mine.body.gross, adminCharge: mine.body.adminCharge, net: mine.body.net, recovered: mine.body.recovered, recovery: mine.body.recovery, tds: mine.body.tds },
      `${who}'s payout`,
    ).toEqual({ gross: e.gross, adminCharge: e.adminCharge ?? '0.00', net: e.net, recovered: e.recovered ?? '0.00', recovery: e.recovery ?? '0.00', tds: '0.00' });
    // The admin's view of the member agrees, and the ledger sums to the net.
    const adm = await t.api('GET', `${BASE}/cycles/${cycleId}/lines?userId=${m.userId}`, { cookie: admin });
    expect(adm.status).toBe(200);
    expect((adm.body.items[0].lines as { type: string; amount: string }[]).map((l) => [l.type, l.amount])).toEqual(e.lines);
    expect(adm.body.items[0]).toMatchObject({ gross: e.gross, net: e.net });
    expect((ledger.reduce((s, r) => s + paise(r.amount), 0) / 100).toFixed(2), `${who}'s net in the ledger`).toBe(e.net);
  }
  const income = await t.api('GET', '/api/income', { cookie: m.cookie });
  expect(income.status).toBe(200);
  expect(`${Number(income.body.carry.left)}/${Number(income.body.carry.right)}`, `${who}'s carry`).toBe(e.carry ?? '0/0');
  const [bal] = await query<{ recovery: string }>(t, sql`select recovery::text from comp_balances where member_id = ${m.id}::uuid`);
  expect(bal?.recovery ?? '0.00', `${who}'s recovery balance`).toBe(e.recovery ?? '0.00');
}
async function expectTree(cycleId: string, tr: Tree, exp: Partial<Record<Key, Expected>>, label: string) {
  for (const k of KEYS) await expectMember(cycleId, tr[k], exp[k] ?? {}, `${label} ${k}`);
}

const WEEK1: Partial<Record<Key, Expected>> = {
  A: { lines: [['sales_incentive', '20.00']], gross: '20.00', adminCharge: '1.00', net: '19.00', carry: '100/50' },
  B: { lines: [['sponsor_income', '30.00']], gross: '30.00', adminCharge: '1.50', net: '28.50', carry: '300/0' },
  C: { lines: [['sponsor_income', '25.00']], gross: '25.00', adminCharge: '1.25', net: '23.75', carry: '0/250' },
};

describe.each(TEST_ENGINES)('on %s', (engine) => {
  beforeAll(async () => {
    t = await startTestApp({ autoSettle: false, engine });
    creditNoteRead = false;
    run = 0;
    admin = await t.login(t.demo.admin.email, t.demo.admin.password);
    await t.createUser({ email: 'returns.admin2@example.com', password: 'Second#Admin1', role: 'admin' });
    admin2 = await t.login('returns.admin2@example.com', 'Second#Admin1');
    for (const [key, name, price, bv, gst] of [
      ['x', 'Product X', '1000.00', '100.00', '18'],
      ['pack', 'Half Pack', '50.00', '50.00', '0'],
    ] as const) {
      const p = await t.api('POST', '/api/admin/products', { cookie: admin, body: { name, price, bv, gst, category: 'others', purchaseType: 'first_purchase' } });
      expect(p.status, JSON.stringify(p.body)).toBe(201);
      products[key] = p.body.id ?? p.body.product?.id;
    }
    trees = treeBuilder(t, (await userByEmail(t, t.demo.founder.email))!.id, { prefix: 'ret', password: 'Ret#12345' });
    await t.settle();
    await activate(P1);
    await cycle('pairing');
    await cycle('monthly');
  }, 120_000);
  afterAll(async () => t?.close());

  describe('returns.md §6 R1-R4 through the HTTP API and the payout run', () => {
    it('R1-R4: same-cycle cancellation, clawback and recovery, negative carry, franchise clawback', async () => {
      const r1 = await trees.tree('R1');
      const r2 = await trees.tree('R2');
      const r3 = await trees.tree('R3');
      const r4 = await trees.tree('R4', { C: { role: 'mini_franchise' } });

      // Week 1: every tree as in example 1; R1's D returns 1 X before the close.
      const bought: Record<string, { d: string; f: string }> = {};
      for (const [name, tr] of [
        ['r1', r1],
        ['r2', r2],
        ['r3', r3],
        ['r4', r4],
      ] as const)
        bought[name] = { d: await buy(tr.D, 300), f: await buy(tr.F, 250) };
      await t.settle();
      await giveBack(r1.D, bought.r1.d, 100);
      const w1 = await cycle('pairing');
      await expectTree(
        w1,
        r1,
        {
          A: { lines: [['sales_incentive', '20.00']], gross: '20.00', adminCharge: '1.00', net: '19.00', carry: '0/50' },
          B: { lines: [['sponsor_income', '20.00']], gross: '20.00', adminCharge: '1.00', net: '19.00', carry: '200/0' },
          C: WEEK1.C,
        },
        'R1 week 1',
      );
      // The week's sales leave out the returned X (its BV and, in proportion, its amount with GST).
      const s1 = (await t.api('GET', `${BASE}/cycles/${w1}`, { cookie: admin })).body as { sales: string; salesBV: string };
      expect([s1.salesBV, s1.sales]).toEqual(['2100.00', '13980.00']);
      // The explanation counts the purchase as the 200 BV kept.
      const b1 = await t.api('GET', `/api/income/cycles/${w1}`, { cookie: r1.B.cookie });
      expect(b1.body.lines[0].explanation.text).toBe(`Level 1: 1 purchase, 200 BV at 10 % (${r1.D.userId}).`);
      await expectTree(w1, r2, WEEK1, 'R2 week 1');
      await expectTree(w1, r3, WEEK1, 'R3 week 1');
      await expectTree(
        w1,
        r4,
        {
          ...WEEK1,
          C: {
            lines: [
              ['sponsor_income', '25.00'],
              ['franchise_income', '5.00'],
            ],
            gross: '30.00',
            adminCharge: '1.50',
            net: '28.50',
            carry: '0/250',
          },
        },
        'R4 week 1',
      );

      // Week 2: R2's D returns 1 X; R3 as in example 2; R4's F returns all 250 BV.
      const ret2 = await giveBack(r2.D, bought.r2.d, 100);
      await buy(r3.C, 200);
      await buy(r3.E, 150);
      const ret4 = await giveBack(r4.F, bought.r4.f, 250);
      const w2 = await cycle('pairing');
      await expectTree(
        w2,
        r2,
        {
          A: { carry: '0/50' },
          B: { lines: [['sponsor_income', '-10.00']], gross: '0.00', net: '0.00', recovery: '10.00', carry: '200/0' },
          C: { carry: '0/250' },
        },
        'R2 week 2',
      );
      const b2 = await t.api('GET', `/api/income/cycles/${w2}`, { cookie: r2.B.cookie });
      expect(b2.body.lines[0].explanation.text).toMatch(
        new RegExp(`^Return ${ret2.replace(/\//g, '\\/')}: 100 BV of a purchase by ${r2.D.userId} paid in the cycle of \\d{1,2}[^,]* \\d{4}, level 1 at 10 %\\.$`),
      );
      await expectTree(
        w2,
        r3,
        {
          A: {
            lines: [
              ['sales_incentive', '20.00'],
              ['sponsor_income', '35.00'],
              ['sales_bonus', '1.00'],
            ],
            gross: '56.00',
            adminCharge: '2.80',
            net: '53.20',
            carry: '50/50',
          },
          B: { lines: [['sales_incentive', '10.00']], gross: '10.00', adminCharge: '0.50', net: '9.50', carry: '200/50' },
          C: { carry: '0/250' },
        },
        'R3 week 2',
      );
      await expectTree(
        w2,
        r4,
        {
          A: { carry: '100/-200' },
          B: { carry: '300/0' },
          C: {
            lines: [
              ['sponsor_income', '-25.00'],
              ['franchise_income', '-5.00'],
            ],
            gross: '0.00',
            net: '0.00',
            recovery: '30.00',
            carry: '0/0',
          },
        },
        'R4 week 2',
      );
      const c4 = await t.api('GET', `/api/income/cycles/${w2}`, { cookie: r4.C.cookie });
      expect(c4.body.lines[1].explanation.text).toContain(`Return ${ret4}: 250 BV of a purchase by ${r4.F.userId} paid in the cycle of `);
      expect(c4.body.lines[1].explanation.text).toContain('franchise income at 2 % (mini franchise).');
      // Each reversal is clawed back once, by this cycle.
      const claws = await query<{ cycle_id: string; n: number }>(t, sql`select cycle_id::text, count(*)::int as n from comp_clawbacks group by 1`);
      expect(claws).toEqual([{ cycle_id: w2, n: 2 }]);
      // The statement and the admin's export carry the clawback lines with their explanation.
      const income = (await t.api('GET', '/api/income', { cookie: r2.B.cookie })).body as { financialYear: { label: string } };
      const csv = await t.runtime.app.inject({ method: 'GET', url: `/api/income/statement?fy=${income.financialYear.label}&format=csv`, headers: { cookie: r2.B.cookie } });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain(`Return ${ret2}: 100 BV of a purchase by ${r2.D.userId}`);
      expect(csv.body).toContain('-10.00');
      const pdf = await t.runtime.app.inject({ method: 'GET', url: `/api/income/statement?fy=${income.financialYear.label}&format=pdf`, headers: { cookie: r2.B.cookie } });
      expect(pdf.statusCode).toBe(200);
      const exp = await t.runtime.app.inject({ method: 'GET', url: `${BASE}/cycles/${w2}/export`, headers: { cookie: admin } });
      expect(exp.statusCode).toBe(200);
      expect(exp.body).toContain(`Return ${ret4}: 250 BV`);

      // Week 3: R2's D buys 2 X; R3's D returns all 3 X of week 1.
      await buy(r2.D, 200);
      await giveBack(r3.D, bought.r3.d, 300);
      const w3 = await cycle('pairing');
      await expectTree(
        w3,
        r2,
        {
          A: { carry: '200/50' },
          B: { lines: [['sponsor_income', '20.00']], gross: '10.00', adminCharge: '0.50', net: '9.50', recovered: '10.00', recovery: '0.00', carry: '400/0' },
          C: { carry: '0/250' },
        },
        'R2 week 3',
      );
      await expectTree(
        w3,
        r3,
        {
          A: { carry: '-250/50' },
          B: { lines: [['sponsor_income', '-30.00']], gross: '0.00', net: '0.00', recovery: '30.00', carry: '-100/50' },
          C: { carry: '0/250' },
        },
        'R3 week 3',
      );
      // R2's and R4's reversals were taken in week 2: nothing of them again.
      expect((await query<{ n: number }>(t, sql`select count(*)::int as n from comp_clawbacks where cycle_id = ${w3}::uuid`))[0].n).toBe(1);

      // Week 4: R3's E buys 4 X.
      await buy(r3.E, 400);
      const w4 = await cycle('pairing');
      await expectTree(
        w4,
        r3,
        {
          A: { lines: [['sponsor_income', '40.00']], gross: '40.00', adminCharge: '2.00', net: '38.00', carry: '150/50' },
          B: { carry: '-100/450', recovery: '30.00' },
          C: { carry: '0/250' },
        },
        'R3 week 4',
      );
      // The month's company BV is lowered by every reversal applied in it (returns.md §3.4): 3,150 bought, 750 returned.
      const m = await cycle('monthly');
      const sm = (await t.api('GET', `${BASE}/cycles/${m}`, { cookie: admin })).body as { salesBV: string };
      expect(sm.salesBV).toBe('2400.00');
      // The member's "this cycle so far" starts from the negative carry.
      const now = (await t.api('GET', '/api/income', { cookie: r3.B.cookie })).body as { thisCycle: { pairs: number; amount: string } };
      expect(now.thisCycle).toMatchObject({ pairs: 0, amount: '0.00' });
    }, 300_000);

    it('a reversal applied while its purchase cycle is closed but not posted waits for the cycle after it is posted', async () => {
      const tr = await trees.tree('W');
      const d = await buy(tr.D, 300);
      await t.settle();
      const w1 = await closePairingCycle(t, admin);
      // Returned after the close, before the week is calculated: the week is computed as it closed.
      await giveBack(tr.D, d, 100);
      await calculateApprovePost(t, w1, admin, admin2);
      await expectMember(w1, tr.B, { lines: [['sponsor_income', '30.00']], gross: '30.00', adminCharge: '1.50', net: '28.50', carry: '300/0' }, 'B week 1');
      // Calculating the next week twice writes its clawbacks once.
      await t.settle();
      const w2 = (await t.api('POST', `${BASE}/cycles/close`, { cookie: admin, body: { kind: 'pairing' } })).body.id as string;
      for (const [step, cookie] of [
        ['calculate', admin],
        ['calculate', admin],
        ['approve', admin2],
        ['post', admin2],
      ] as const)
        expect((await t.api('POST', `${BASE}/cycles/${w2}/${step}`, { cookie })).status).toBe(200);
      await expectMember(w2, tr.B, { lines: [['sponsor_income', '-10.00']], gross: '0.00', net: '0.00', recovery: '10.00', carry: '200/0' }, 'B week 2');
      expect((await query<{ n: number }>(t, sql`select count(*)::int as n from comp_clawbacks where cycle_id = ${w2}::uuid`))[0].n).toBe(1);
    }, 120_000);
  });

  describe('same-cycle cancellation (property)', () => {
    it('a purchase returned within its own cycle leaves every line and carry as if it had never been bought', async () => {
      // Twin trees bought for in the same week: in the first, extra purchases are bought and returned (in part or in
      // full) before the close; the second buys only what was kept. Their lines and carry must match member for member.
      const buyArb = fc.record({ who: fc.constantFrom(...KEYS), units: fc.integer({ min: 1, max: 4 }), back: fc.integer({ min: 0, max: 4 }) });
      await fc.assert(
        fc.asyncProperty(fc.array(buyArb, { minLength: 1, maxLength: 4 }), async (buys) => {
          run += 1;
          const a = await trees.tree(`P${run}a`);
          const b = await trees.tree(`P${run}b`);
          for (const x of buys) {
            const returned = Math.min(x.back, x.units);
            const id = await buy(a[x.who], x.units * 100);
            await t.settle();
            if (returned) await giveBack(a[x.who], id, returned * 100);
            if (x.units - returned > 0) await buy(b[x.who], (x.units - returned) * 100);
          }
          const w = await cycle('pairing');
          const view = async (tr: Tree) => {
            const out: Record<string, unknown> = {};
            for (const k of KEYS) {
              const lines = await query<{ type: string; amount: string; text: string }>(
                t,
                sql`select type, amount::text, explanation->>'text' as text from comp_lines where cycle_id = ${w}::uuid and member_id = ${tr[k].id}::uuid order by id`,
              );
              const [carry] = await query<{ l: string; r: string }>(
                t,
                sql`select carry_left::text as l, carry_right::text as r from comp_carry where cycle_id = ${w}::uuid and member_id = ${tr[k].id}::uuid`,
              );
              // Explanations name the buyers: each tree's own user ids read as the member's letter.
              const named = (s: string) => KEYS.reduce((acc, key) => acc.replaceAll(tr[key].userId, key), s);
              out[k] = { lines: lines.map((l) => [l.type, l.amount, named(l.text)]), carry: carry ? `${carry.l}/${carry.r}` : '0/0' };
            }
            return out;
          };
          expect(await view(a)).toEqual(await view(b));
        }),
        { numRuns: 4, endOnFailure: true },
      );
      // Nor does a later cycle claw back a reversal that cancelled its purchase in the purchase's own cycle.
      await cycle('pairing');
      const clawed = await query<{ n: number }>(
        t,
        sql`select count(*)::int as n from comp_clawbacks k join volume_events r on r.id = k.event_id
          join volume_events b on b.kind = 'purchase' and b.purchase_id = r.purchase_id where b.pairing_cycle_id = r.pairing_cycle_id`,
      );
      expect(clawed[0].n).toBe(0);
    }, 300_000);
  });

  describe('returns across cycles (property)', () => {
    it('no return refunds more than was paid or takes back more income than was paid; the wallets equal the ledger; posting twice credits once', async () => {
      // Random purchases in one week, posted; the next week random returns of them (some asking for more than is left),
      // posted, then posted again.
      const buyArb = fc.record({ who: fc.constantFrom(...KEYS), units: fc.integer({ min: 1, max: 3 }), back: fc.integer({ min: 0, max: 4 }) });
      await fc.assert(
        fc.asyncProperty(fc.array(buyArb, { minLength: 1, maxLength: 4 }), async (buys) => {
          run += 1;
          const tr = await trees.tree(`Q${run}`);
          const ids = Object.values(tr).map((m) => m.id);
          const bought: { who: Key; units: number; back: number; id: string }[] = [];
          for (const x of buys) bought.push({ ...x, id: await buy(tr[x.who], x.units * 100) });
          const w1 = await cycle('pairing');
          const incomeOf = async (cycleId: string) =>
            query<{ member_id: string; paid: string; taken: string }>(
              t,
              sql`select member_id::text, coalesce(sum(amount) filter (where amount > 0 and type in ('sponsor_income', 'franchise_income')), 0)::text as paid,
                coalesce(-sum(amount) filter (where amount < 0), 0)::text as taken
                from comp_lines where cycle_id = ${cycleId}::uuid and member_id = any(${sql.param(ids)}::uuid[]) group by 1`,
            );
          const paidIn1 = new Map((await incomeOf(w1)).map((r) => [r.member_id, paise(r.paid)]));
          for (const b of bought) {
            if (b.back > b.units) {
              // More than is left is refused, and nothing is written.
              const r = await t.api('POST', '/api/returns', { cookie: tr[b.who].cookie, body: { purchaseId: b.id, lines: [{ productId: products.x, quantity: b.back }], reason: 'changed_mind' } });
              expect(r.status).toBe(400);
            } else if (b.back) await giveBack(tr[b.who], b.id, b.back * 100);
          }
          // No purchase is refunded more than was paid for it.
          const over = await query<{ n: number }>(
            t,
            sql`select count(*)::int as n from purchases p join (select purchase_id, sum(refund_amount) as refunded from returns where status = 'refunded' group by 1) r on r.purchase_id = p.id
              where p.id = any(${sql.param(bought.map((b) => b.id))}::uuid[]) and r.refunded > p.total_amount`,
          );
          expect(over[0].n).toBe(0);
          const w2 = await cycle('pairing');
          // The income taken back from a member is never more than the income its returned units paid them.
          for (const r of await incomeOf(w2)) expect(paise(r.taken), `taken from ${r.member_id}`).toBeLessThanOrEqual(paidIn1.get(r.member_id) ?? 0);
          const rows = async () =>
            (await query<{ n: number; s: string }>(t, sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as s from transactions where reference_id in (${w1}, ${w2})`))[0];
          const before = await rows();
          const again = await t.api('POST', `${BASE}/cycles/${w2}/post`, { cookie: admin2 });
          expect([again.status, again.body.status]).toEqual([200, 'posted']);
          expect(await rows()).toEqual(before);
          // Every wallet equals the sum of its ledger.
          const off = await query<{ n: number }>(
            t,
            sql`select count(*)::int as n from wallet_balances w left join (select user_id, sum(amount) as s from transactions group by 1) l on l.user_id = w.user_id
              where w.balance <> coalesce(l.s, 0)`,
          );
          expect(off[0].n).toBe(0);
        }),
        { numRuns: 4, endOnFailure: true },
      );
    }, 300_000);
  });

  describe('a return approved while its cycle is being posted', () => {
    it.runIf(engine === 'PostgreSQL')(
      'is applied once: reversed once, clawed back once, in the cycle after',
      async () => {
        const tr = await trees.tree('K');
        const d = await buy(tr.D, 300);
        await t.settle();
        const closed = await t.api('POST', `${BASE}/cycles/close`, { cookie: admin, body: { kind: 'pairing' } });
        const w1 = closed.body.id as string;
        for (const [step, cookie] of [
          ['calculate', admin],
          ['approve', admin2],
        ] as const)
          expect((await t.api('POST', `${BASE}/cycles/${w1}/${step}`, { cookie })).status).toBe(200);
        const asked = await t.api('POST', '/api/returns', { cookie: tr.D.cookie, body: { purchaseId: d, lines: [{ productId: products.x, quantity: 1 }], reason: 'changed_mind' } });
        expect(asked.status).toBe(201);
        const returnId = asked.body.return.id as string;
        const admin2Row = (await userByEmail(t, 'returns.admin2@example.com'))!;
        // While the first batch of the posting is open, the return is approved (twice at once) and the journal applied.
        let during: { status: number }[] = [];
        const posted = await postCycle(t.runtime.ctx, actorFor(admin2Row), w1, {
          batchSize: 2,
          beforeCommit: async (_tx, b) => {
            if (b.number !== 1) return;
            during = await Promise.all([
              t.api('POST', `/api/admin/returns/${returnId}/approve`, { cookie: admin, body: {} }),
              t.api('POST', `/api/admin/returns/${returnId}/approve`, { cookie: admin, body: {} }),
            ]);
            await t.settle();
          },
        });
        expect(posted.status).toBe('posted');
        expect(during.map((r) => r.status).sort()).toEqual([200, 409]);
        const reversals = await query<{ n: number }>(t, sql`select count(*)::int as n from volume_events where return_id = ${returnId}::uuid`);
        expect(reversals[0].n).toBe(1);
        // The posted week paid the purchase in full; the next week takes back the returned X's income once.
        await expectMember(w1, tr.B, { lines: [['sponsor_income', '30.00']], gross: '30.00', adminCharge: '1.50', net: '28.50', carry: '300/0' }, 'B week 1');
        const w2 = await cycle('pairing');
        await expectMember(w2, tr.B, { lines: [['sponsor_income', '-10.00']], gross: '0.00', net: '0.00', recovery: '10.00', carry: '200/0' }, 'B week 2');
        const w3 = await cycle('pairing');
        await expectMember(w3, tr.B, { recovery: '10.00', carry: '200/0' }, 'B week 3');
        expect((await query<{ n: number }>(t, sql`select count(*)::int as n from comp_clawbacks k join volume_events e on e.id = k.event_id where e.return_id = ${returnId}::uuid`))[0].n).toBe(1);
      },
      120_000,
    );
  });
});
