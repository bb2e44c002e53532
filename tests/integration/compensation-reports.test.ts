import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { userByEmail, type TestApp } from '../support/test-app';
import { BASE, buyPacks, startCompensationApp } from '../support/compensation';
import { placeMember } from '../../server/modules/tree/tree.service';
import { AdminStatsResponse } from '../../contracts/admin';
import { NOT_OFFERED_REPORTS, type DirectIncomeReport, type HolidayRewardReport, type PayoutSummaryReport } from '../../contracts/reports';
import type { BinaryTreeResponse, TreeNode } from '../../contracts/team';

/**
 * What posted cycles feed (docs/spec/compensation.md §6, doc 2 §2.2): the Direct Income, Payout Summary and Holiday Reward
 * Summary reports, the dashboard's Monthly Income (net paid) beside the month's sales, the wallet's Total
 * Earnings (income only: a Send Fund credit is not income), and the binary tree's carry and cycle BV per leg.
 * Everything through the HTTP API on the worked example's tree (§7) under the plan's defaults.
 */
let t: TestApp;
let admin: string;
let admin2: string;
let productId: string;
const ids: Record<string, { id: string; userId: string; cookie: string }> = {};
let week0: string;
let base: { direct: DirectIncomeReport; payouts: PayoutSummaryReport; holiday: HolidayRewardReport; stats: AdminStatsResponse };
const cents = (s: string) => Math.round(Number(s) * 100);
const money = (n: number) => (n / 100).toFixed(2);

beforeAll(async () => {
  ({ t, admin, admin2, productId } = await startCompensationApp({ email: 'reports.admin2@example.com', password: 'Second#Admin1' }, 'Report Pack'));
  const founder = (await userByEmail(t, t.demo.founder.email))!;
  // §7's tree: A (in the founder's left leg) with B left and C right; D under B's left, E under B's right, F under C's right.
  // A and B hold Gold Star, the travel fund's minimum rank in the default plan; nobody else qualifies for a pool.
  const shape: [string, string | null, 'left' | 'right', string | null, string][] = [
    ['A', null, 'left', null, 'Gold Star'],
    ['B', 'A', 'left', 'A', 'Gold Star'],
    ['C', 'A', 'right', 'A', 'Executive'],
    ['D', 'B', 'left', 'B', 'Executive'],
    ['E', 'B', 'right', 'A', 'Executive'],
    ['F', 'C', 'right', 'C', 'Executive'],
  ];
  for (const [key, parent, side, sponsor, rank] of shape) {
    const email = `reports.${key.toLowerCase()}.${Date.now().toString(36)}@example.com`;
    const u = await t.createUser({ email, password: 'Report#12345', firstName: key, lastName: 'Member', sponsorId: sponsor ? ids[sponsor].id : founder.id, currentRank: rank });
    await t.runtime.ctx.db.transaction((tx) => placeMember(tx, u, { startId: parent ? ids[parent].id : founder.id, side }, t.clock.now()));
    ids[key] = { id: u.id, userId: u.userId, cookie: await t.login(email, 'Report#12345') };
  }
  // The buyers' money comes from Send Fund: a credit that is not income.
  for (const key of ['D', 'E', 'F']) {
    const r = await t.api('POST', '/api/admin/send-fund', { cookie: admin, body: { userId: ids[key].userId, option: 'Credit', amount: '1000.00', remarks: 'Test funds' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  await t.settle();
  // Week 0 (the placements) is closed and posted first: it pays nobody.
  week0 = await runPairing([]);
  // What the demo's history (if any) posted before: the figures below are this file's additions to it.
  base = {
    direct: await report<DirectIncomeReport>('direct-income'),
    payouts: await report<PayoutSummaryReport>('payout-summary'),
    holiday: await report<HolidayRewardReport>('holiday-reward'),
    stats: await stats(),
  };
}, 180_000);
afterAll(async () => t?.close());

const buy = (key: string, bv: number) => buyPacks(t, ids[key].cookie, productId, bv, 'Report Street 1');

async function closeAndCalculate(kind: 'pairing' | 'monthly') {
  const closed = await t.api('POST', `${BASE}/cycles/close`, { cookie: admin, body: { kind } });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  const id = closed.body.id as string;
  const calc = await t.api('POST', `${BASE}/cycles/${id}/calculate`, { cookie: admin });
  expect(calc.status, JSON.stringify(calc.body)).toBe(200);
  return id;
}

/** Approved and posted by the second admin. */
async function approveAndPost(id: string) {
  expect((await t.api('POST', `${BASE}/cycles/${id}/approve`, { cookie: admin2 })).status).toBe(200);
  const posted = await t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: admin2 });
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  expect(posted.body.status).toBe('posted');
}

async function runPairing(buys: [string, number][]) {
  for (const [k, bv] of buys) await buy(k, bv);
  await t.settle();
  const id = await closeAndCalculate('pairing');
  await approveAndPost(id);
  return id;
}

/** Every member's payout of a cycle through the lines API (all pages). */
async function payoutsOf(cycleId: string) {
  const out: { userId: string; gross: string; adminCharge: string; tds: string; net: string; lines: { type: string; amount: string; explanation: unknown }[] }[] = [];
  let cursor = '';
  for (;;) {
    const r = await t.api('GET', `${BASE}/cycles/${cycleId}/lines${cursor ? `?cursor=${cursor}` : ''}`, { cookie: admin });
    expect(r.status).toBe(200);
    out.push(...r.body.items);
    if (!r.body.nextCursor) return out;
    cursor = r.body.nextCursor;
  }
}

async function stats() {
  const r = await t.api('GET', '/api/admin/stats?timezone=Asia%2FKolkata', { cookie: admin });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return AdminStatsResponse.parse(r.body);
}
const report = async <T>(name: string) => {
  const r = await t.api('GET', `/api/admin/reports/${name}`, { cookie: admin });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as T;
};
const wallet = async (key: string) => (await t.api('GET', '/api/wallet', { cookie: ids[key].cookie })).body as { balance: string; totalEarnings: string };
async function tree(key: string, rootKey?: string) {
  const r = await t.api('GET', `/api/binary-tree${rootKey ? `?rootId=${ids[rootKey].id}` : ''}`, { cookie: ids[key].cookie });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as BinaryTreeResponse;
}
/** "carry L/R | cycle L/R" of a node, as numbers. */
const legs = (n: TreeNode | null) => (n ? `${Number(n.carryLeftBV)}/${Number(n.carryRightBV)} | ${Number(n.cycleLeftBV)}/${Number(n.cycleRightBV)}` : null);

describe('what posted cycles feed', () => {
  let week1: string;
  let month: string;

  it("week 1 open: the tree shows this cycle's BV per leg and no carry; the dashboard shows sales, no income yet", async () => {
    await buy('D', 300);
    await buy('F', 250);
    await t.settle();
    const a = await tree('A');
    expect(legs(a)).toBe('0/0 | 300/250');
    expect(legs(a.leftChild)).toBe('0/0 | 300/0'); // B: D is in B's left leg
    expect(legs(a.rightChild)).toBe('0/0 | 0/250'); // C: F in C's right leg
    expect(legs(a.leftChild!.leftChild)).toBe('0/0 | 0/0'); // D's own purchase is not in D's legs
    expect(a.pairing.openCycle).not.toBeNull();
    expect(a.pairing.carryAsOf).not.toBeNull(); // week 0 was posted (with no carry)

    const s = await stats();
    expect(s.monthlyIncome).toBe(base.stats.monthlyIncome); // nothing new is posted
    expect(cents(s.monthlySales)).toBe(cents(base.stats.monthlySales) + 55_000); // 550 BV at ₹1 a BV, no GST
  }, 60_000);

  it('week 1 and the month posted: Direct Income lists the posted sponsor income lines with their explanation', async () => {
    week1 = await closeAndCalculate('pairing');
    // Calculated but not posted: the reports do not see it yet.
    expect(await report<DirectIncomeReport>('direct-income')).toEqual(base.direct);
    await approveAndPost(week1);
    month = await closeAndCalculate('monthly');
    await approveAndPost(month);

    const r = await report<DirectIncomeReport>('direct-income');
    // The last posted pairing cycle first: week 1's lines (B for D's 300 BV, C for F's 250 BV), the largest first.
    expect(r.items.filter((i) => i.cycleId === week1).map((i) => [i.userUserId, i.amount])).toEqual([
      [ids.B.userId, '30.00'],
      [ids.C.userId, '25.00'],
    ]);
    expect(r.items.slice(0, 2).map((i) => i.cycleId)).toEqual([week1, week1]);
    expect(r.items.slice(2)).toEqual(base.direct.items.slice(0, r.items.length - 2));
    expect(r.totals).toEqual({ count: base.direct.totals.count + 2, amount: money(cents(base.direct.totals.amount) + 5500), members: base.direct.totals.members + 2 });
    const b = r.items[0];
    expect(b).toMatchObject({ userName: 'B Member', cycleId: week1, cycleKind: 'pairing', planVersion: 1 });
    expect(b.explanation).toBe(`Level 1: 1 purchase, 300 BV at 10 % (${ids.D.userId}).`);
    expect(new Date(b.postedAt!).getTime()).toBeGreaterThan(new Date(b.cycleEndsAt).getTime());
  }, 90_000);

  it('Payout Summary: each posted cycle with gross, admin charge, TDS, net and members paid, as the payouts add up', async () => {
    const r = await report<PayoutSummaryReport>('payout-summary');
    expect(r.cycles.map((c) => c.id).slice(0, 2)).toEqual([month, week1]); // last posted first
    for (const id of [week1, month]) {
      const c = r.cycles.find((x) => x.id === id)!;
      const p = await payoutsOf(id);
      const sum = (k: 'gross' | 'adminCharge' | 'tds' | 'net') => money(p.reduce((s, x) => s + cents(x[k]), 0));
      expect(c).toMatchObject({ gross: sum('gross'), adminCharge: sum('adminCharge'), tds: sum('tds'), net: sum('net'), membersPaid: p.filter((x) => cents(x.net) > 0).length });
    }
    // Week 1 (§7 example 1): A 20.00 pairing, B 30.00 and C 25.00 sponsor income, 5 % admin charge; the founder's
    // matching on A's pairing (A is the founder's recruit) is the rest.
    const w1 = r.cycles.find((x) => x.id === week1)!;
    const mine = (await payoutsOf(week1)).filter((x) => [ids.A.userId, ids.B.userId, ids.C.userId].includes(x.userId));
    expect(mine.map((x) => [x.userId, x.gross, x.adminCharge, x.net]).sort()).toEqual(
      [
        [ids.A.userId, '20.00', '1.00', '19.00'],
        [ids.B.userId, '30.00', '1.50', '28.50'],
        [ids.C.userId, '25.00', '1.25', '23.75'],
      ].sort(),
    );
    expect(w1).toMatchObject({ kind: 'pairing', tds: '0.00' });
    // The month: the travel fund shared among A, B and any other qualifier (see the holiday rewards below).
    const m = r.cycles.find((x) => x.id === month)!;
    expect(m).toMatchObject({ kind: 'monthly', tds: '0.00' });
    expect(m.membersPaid).toBeGreaterThanOrEqual(2);
    // Totals over every posted cycle; week 0 paid nobody.
    const all = r.cycles;
    const sum = (k: 'gross' | 'adminCharge' | 'tds' | 'net') => money(all.reduce((s, c) => s + cents(c[k]), 0));
    expect(r.totals).toMatchObject({ cycles: all.length, gross: sum('gross'), adminCharge: sum('adminCharge'), tds: sum('tds'), net: sum('net') });
    expect(r.totals.cycles).toBe(base.payouts.totals.cycles + 2);
    expect(r.totals.membersPaid).toBeGreaterThanOrEqual(Math.max(base.payouts.totals.membersPaid, 3));
    expect(r.cycles.slice(2)).toEqual(base.payouts.cycles.slice(0, r.cycles.length - 2));
    expect(r.cycles.find((c) => c.id === week0)).toMatchObject({ kind: 'pairing', gross: '0.00', net: '0.00', membersPaid: 0 });
    expect(r.withdrawals).toEqual(base.payouts.withdrawals);
  }, 60_000);

  it('Holiday Reward Summary: the travel fund awards of the posted month, by place, as its lines say', async () => {
    const r = await report<HolidayRewardReport>('holiday-reward');
    const mine = r.items.filter((i) => i.cycleId === month);
    // The month's travel fund lines (1 % of the month's company BV among the Gold Stars and above), one award each.
    const travel = (await payoutsOf(month)).flatMap((p) => p.lines.filter((l) => l.type === 'travel_fund').map((l) => ({ userId: p.userId, ...l })));
    expect(mine.map((i) => [i.userUserId, i.amount]).sort()).toEqual(travel.map((l) => [l.userId, l.amount]).sort());
    const { pool, companyBV } = travel[0].explanation as { pool: string; companyBV: string };
    expect(Number(companyBV)).toBeGreaterThanOrEqual(550); // this file's purchases are in the month
    expect(cents(pool)).toBe(Math.floor(Number(companyBV))); // 1 % of the company BV at ₹1 a BV
    expect(mine.map((i) => i.position)).toEqual(mine.map((_, k) => k + 1));
    expect(mine.every((i) => i.points === 1 && /^\d{4}-\d{2}-01$/.test(i.periodDate ?? ''))).toBe(true);
    const share = mine.find((i) => i.userUserId === ids.A.userId)!;
    expect(mine.find((i) => i.userUserId === ids.B.userId)).toMatchObject({ amount: share.amount, userName: 'B Member' });
    expect(cents(share.amount)).toBe(Math.floor(cents(pool) / mine.length));
    expect(r.items.slice(mine.length)).toEqual(base.holiday.items.slice(0, r.items.length - mine.length));
    expect(r.totals).toEqual({
      count: base.holiday.totals.count + mine.length,
      amount: money(cents(base.holiday.totals.amount) + mine.reduce((s, i) => s + cents(i.amount), 0)),
      members: expect.any(Number),
    });
    expect(r.totals.members).toBeGreaterThanOrEqual(Math.max(base.holiday.totals.members, 2));
  });

  it('ROI and Salary Income are not offered, and their reports say why in one sentence (compensation.md §1)', () => {
    for (const sentence of Object.values(NOT_OFFERED_REPORTS)) {
      expect(sentence).toMatch(/^(ROI|Salary) Income is not offered: income comes only from sales/);
      expect(sentence.match(/\.\s/g)).toBeNull();
    }
  });

  it("the dashboard's Monthly Income is the net paid in the cycles posted this month; sales stay sales", async () => {
    const s = await stats();
    const r = await report<PayoutSummaryReport>('payout-summary');
    const net = (id: string) => cents(r.cycles.find((c) => c.id === id)!.net);
    expect(cents(s.monthlyIncome)).toBe(cents(base.stats.monthlyIncome) + net(week1) + net(month));
    expect(cents(s.monthlySales)).toBe(cents(base.stats.monthlySales) + 55_000);
  });

  it("the wallet's Total Earnings counts income credits only: not the Send Fund credit, not reduced by deductions", async () => {
    const share = cents((await report<HolidayRewardReport>('holiday-reward')).items.find((i) => i.cycleId === month && i.userUserId === ids.B.userId)!.amount);
    const charge = (c: number) => Math.round((c * 5) / 100); // the 5 % admin charge, half up
    // B: sponsor income 30.00 and a travel fund share; the admin charges come off the balance, not the earnings.
    expect(await wallet('B')).toMatchObject({ totalEarnings: money(3000 + share), balance: money(3000 - 150 + share - charge(share)) });
    // A: pairing 20.00 and the travel fund share.
    expect((await wallet('A')).totalEarnings).toBe(money(2000 + share));
    // D: 1,000.00 by Send Fund, 300.00 spent; no income.
    expect(await wallet('D')).toMatchObject({ totalEarnings: '0.00', balance: '700.00' });
  });

  it("week 2 open: each node shows the carry after week 1 and this cycle's BV per leg, within the viewer's downline", async () => {
    await buy('E', 150);
    await buy('D', 100);
    await t.settle();
    const a = await tree('A');
    expect(legs(a)).toBe('100/50 | 250/0'); // §7 example 1's carry; E (150) and D (100) are in A's left leg
    expect(legs(a.leftChild)).toBe('300/0 | 100/150'); // B
    expect(legs(a.rightChild)).toBe('0/250 | 0/0'); // C
    expect(legs(a.leftChild!.leftChild)).toBe('0/0 | 0/0'); // D
    expect(legs(a.leftChild!.rightChild)).toBe('0/0 | 0/0'); // E
    expect(legs(a.rightChild!.rightChild)).toBe('0/0 | 0/0'); // F
    const w1 = (await report<PayoutSummaryReport>('payout-summary')).cycles.find((c) => c.id === week1)!;
    expect(a.pairing.carryAsOf).toBe(w1.endsAt);
    expect(new Date(a.pairing.openCycle!.startsAt).getTime()).toBe(new Date(w1.endsAt).getTime());

    // A subtree opened from A; B's own view of itself says the same.
    const sub = await tree('A', 'B');
    expect(legs(sub)).toBe('300/0 | 100/150');
    expect(legs(await tree('B'))).toBe('300/0 | 100/150');
    expect((await t.api('GET', `/api/binary-tree?rootId=${ids.A.id}`, { cookie: ids.B.cookie })).status).toBe(404);
  }, 60_000);

  it('a calculated week 2 stays out of the reports and the dashboard until it is posted', async () => {
    const before = await stats();
    const week2 = await closeAndCalculate('pairing');
    expect((await payoutsOf(week2)).length).toBeGreaterThan(0);
    const direct = await report<DirectIncomeReport>('direct-income');
    expect(direct.items.every((i) => i.cycleId !== week2)).toBe(true);
    expect(direct.totals.amount).toBe(money(cents(base.direct.totals.amount) + 5500));
    expect((await report<PayoutSummaryReport>('payout-summary')).cycles.some((c) => c.id === week2)).toBe(false);
    expect((await stats()).monthlyIncome).toBe(before.monthlyIncome);
  }, 60_000);

  it('the reports are for admins only', async () => {
    for (const name of ['direct-income', 'payout-summary', 'holiday-reward']) {
      expect((await t.api('GET', `/api/admin/reports/${name}`, { cookie: ids.A.cookie })).status).toBe(403);
      expect((await t.api('GET', `/api/admin/reports/${name}`)).status).toBe(401);
    }
  });
});
