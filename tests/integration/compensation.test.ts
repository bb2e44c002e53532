import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { userByEmail, type TestApp } from '../support/test-app';
import { BASE, buyPacks, startCompensationApp, closePairingCycle, SPEC_7_TREE_BELOW_A, type TreeRow } from '../support/compensation';
import { placeMember } from '../../server/modules/tree/tree.service';
import { postLedger } from '../../server/modules/wallet/ledger.service';
import { DEFAULT_PLAN, POOL_TYPES, type PlanConfig } from '../../contracts/compensation';

/**
 * docs/spec/compensation.md §7 through the HTTP API: the tree A-F, plan P1 activated as a version, weeks closed,
 * calculated, approved and posted by a second admin; lines, carry and nets to the paisa.
 */
let t: TestApp;
let admin: string;
let admin2: string;
let productId: string;
const ids: Record<string, { id: string; userId: string; cookie: string }> = {};

const P1: PlanConfig = {
  ...DEFAULT_PLAN,
  pairing: { ...DEFAULT_PLAN.pairing, capPairs: 5 },
  consistency: { ...DEFAULT_PLAN.consistency, percent: '0' },
  pools: Object.fromEntries(POOL_TYPES.map((p) => [p, { ...DEFAULT_PLAN.pools[p], percent: '0' }])) as PlanConfig['pools'],
};

beforeAll(async () => {
  ({ t, admin, admin2, productId } = await startCompensationApp({ email: 'second.admin@example.com', password: 'Second#Admin1' }, 'Pair Pack'));
  const founder = (await userByEmail(t, t.demo.founder.email))!;
  // A hangs in the founder's left leg; B..F exactly as in §7.
  const shape: TreeRow[] = [['A', null, 'left', null], ...SPEC_7_TREE_BELOW_A];
  for (const [key, parent, side, sponsor] of shape) {
    const email = `comp.${key.toLowerCase()}.${Date.now().toString(36)}@example.com`;
    const u = await t.createUser({ email, password: 'Comp#12345', firstName: key, sponsorId: sponsor ? ids[sponsor].id : founder.id });
    await t.runtime.ctx.db.transaction((tx) => placeMember(tx, u, { startId: parent ? ids[parent].id : founder.id, side }, t.clock.now()));
    await t.runtime.ctx.db.transaction((tx) => postLedger(tx, u.id, '100000.00', 'admin_credit', { description: 'test credit', now: new Date() }));
    ids[key] = { id: u.id, userId: u.userId, cookie: await t.login(email, 'Comp#12345') };
  }
  const tree = await t.runtime.ctx.db.execute(sql`select id from users where parent_id = ${ids.A.id}::uuid`);
  expect((tree as unknown as { rows: unknown[] }).rows ?? tree).toHaveLength(2);
  await t.settle();
  // P1 in force from now: the open cycle keeps version 1, the next cycles use P1.
  const draft = await t.api('POST', `${BASE}/plans`, { cookie: admin, body: { config: P1 } });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const act = await t.api('POST', `${BASE}/plans/${draft.body.id}/activate`, { cookie: admin, body: { effectiveFrom: new Date(Date.now() + 300).toISOString() } });
  expect(act.status, JSON.stringify(act.body)).toBe(200);
  await new Promise((r) => setTimeout(r, 400));
  // Week 0 (the placements) is closed and paid out first.
  await runWeek([]);
}, 120_000);
afterAll(async () => t?.close());

const buy = (key: string, bv: number) => buyPacks(t, ids[key].cookie, productId, bv, 'Pair Street 1');

/** Buys, closes the week, calculates, approves and posts (second admin); answers the cycle id. */
async function runWeek(buys: [string, number][]) {
  for (const [k, bv] of buys) await buy(k, bv);
  await t.settle();
  const id = await closePairingCycle(t, admin);
  const calc = await t.api('POST', `${BASE}/cycles/${id}/calculate`, { cookie: admin });
  expect(calc.status, JSON.stringify(calc.body)).toBe(200);
  const self = await t.api('POST', `${BASE}/cycles/${id}/approve`, { cookie: admin });
  expect(self.status).toBe(403);
  expect((await t.api('POST', `${BASE}/cycles/${id}/approve`, { cookie: admin2 })).status).toBe(200);
  // Nor does the calculating admin post it (issue 29): the second admin does.
  expect((await t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: admin })).body).toMatchObject({ code: 'SECOND_ADMIN_REQUIRED', message: 'Another admin must post the calculation you made' });
  const posted = await t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: admin2 });
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  expect(posted.body.status).toBe('posted');
  return id;
}

async function linesOf(cycleId: string, key: string) {
  const r = await t.api('GET', `${BASE}/cycles/${cycleId}/lines?userId=${ids[key].userId}`, { cookie: admin });
  expect(r.status).toBe(200);
  const m = r.body.items[0];
  if (!m) return { by: {} as Record<string, string>, net: '0.00', gross: '0.00', adminCharge: '0.00' };
  return { by: Object.fromEntries(m.lines.map((l: { type: string; amount: string }) => [l.type, l.amount])) as Record<string, string>, net: m.net, gross: m.gross, adminCharge: m.adminCharge };
}
async function carryOf(key: string) {
  const r = await t.api('GET', '/api/income', { cookie: ids[key].cookie });
  expect(r.status).toBe(200);
  return `${Number(r.body.carry.left)}/${Number(r.body.carry.right)}`;
}

describe('compensation.md §7 through the API', () => {
  let week1: string;
  it('1. week 1: A pairs 2, carry 100/50; B and C sponsor income; nets after 5 %', async () => {
    week1 = await runWeek([
      ['D', 300],
      ['F', 250],
    ]);
    const a = await linesOf(week1, 'A');
    expect(a.by.sales_incentive).toBe('20.00');
    expect(a.net).toBe('19.00');
    expect(await carryOf('A')).toBe('100/50');
    const b = await linesOf(week1, 'B');
    expect(b.by.sponsor_income).toBe('30.00');
    expect(b.net).toBe('28.50');
    expect(await carryOf('B')).toBe('300/0');
    const c = await linesOf(week1, 'C');
    expect(c.by.sponsor_income).toBe('25.00');
    expect(c.net).toBe('23.75');
    expect(await carryOf('C')).toBe('0/250');
  }, 60_000);

  it("2. week 2: carry, sponsor income of C and E, matching on B; C's own purchase stays out of C's legs", async () => {
    const w2 = await runWeek([
      ['C', 200],
      ['E', 150],
    ]);
    const a = await linesOf(w2, 'A');
    expect(a.by).toMatchObject({ sales_incentive: '20.00', sponsor_income: '35.00', sales_bonus: '1.00' });
    expect([a.gross, a.adminCharge, a.net]).toEqual(['56.00', '2.80', '53.20']);
    expect(await carryOf('A')).toBe('50/50');
    const b = await linesOf(w2, 'B');
    expect(b.by.sales_incentive).toBe('10.00');
    expect(b.net).toBe('9.50');
    expect(await carryOf('B')).toBe('200/50');
    expect(await carryOf('C')).toBe('0/250');
  }, 60_000);

  it('10. posting twice credits once; the wallet equals the ledger; the member sees the lines', async () => {
    const again = await t.api('POST', `${BASE}/cycles/${week1}/post`, { cookie: admin2 });
    expect(again.status).toBe(200);
    const rows = await t.runtime.ctx.db.execute(sql`select count(*)::int as n from transactions where user_id = ${ids.A.id}::uuid and reference_id = ${week1} and type = 'sales_incentive'`);
    expect(((rows as unknown as { rows?: { n: number }[] }).rows ?? (rows as unknown as { n: number }[]))[0].n).toBe(1);
    const sums = await t.runtime.ctx.db.execute(
      sql`select (select balance from wallet_balances where user_id = ${ids.A.id}::uuid)::text as bal, (select sum(amount) from transactions where user_id = ${ids.A.id}::uuid)::text as led`,
    );
    const s = ((sums as unknown as { rows?: { bal: string; led: string }[] }).rows ?? (sums as unknown as { bal: string; led: string }[]))[0];
    expect(s.bal).toBe(s.led);
    const mine = await t.api('GET', `/api/income/cycles/${week1}`, { cookie: ids.A.cookie });
    expect(mine.status).toBe(200);
    expect(mine.body.lines[0].explanation.text).toContain('2 pairs');
    const csv = await t.api('GET', '/api/income/statement?format=csv', { cookie: ids.A.cookie });
    expect(csv.status).toBe(200);
    // The statement carries the company as its branding settings name it (issue 15).
    const brand = (await t.api('GET', '/api/branding')).body;
    const csvRows = String(csv.body).trim().split('\n');
    expect(csvRows[0]).toBe('Cycle,Type,Amount,Explanation');
    expect(csvRows).toContain(`Issued by,${brand.companyName}`);
    expect(csvRows.some((r) => r.startsWith('GSTIN,'))).toBe(true);
    const pdf = await t.api('GET', '/api/income/statement?format=pdf', { cookie: ids.A.cookie });
    expect(pdf.status).toBe(200);
    const other = await t.api('GET', `/api/income/cycles/${week1}`, { cookie: ids.F.cookie });
    expect(other.status).toBe(404);
  }, 60_000);

  it('refuses bad plan input with clear messages and never edits an active version', async () => {
    const bad = await t.api('POST', `${BASE}/plans`, { cookie: admin, body: { config: { ...P1, pairing: { ...P1.pairing, pairRate: '150' } } } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Pair rate cannot be more than 100 %');
    const list = await t.api('GET', `${BASE}/plans`, { cookie: admin });
    const active = list.body.items.find((p: { status: string }) => p.status !== 'draft');
    const edit = await t.api('PUT', `${BASE}/plans/${active.id}`, { cookie: admin, body: { config: P1 } });
    expect(edit.status).toBe(409);
  });
});
