import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../support/test-app';
import { query, signedInUser } from '../support/http';
import { BASE, calculateApprovePost, closePairingCycle, threeAdmins } from '../support/compensation';
import { ID } from '../support/identity';
import { fyOf } from '../../server/modules/compensation/common';

/**
 * docs/spec/returns.md §5 and worked example R6, through the HTTP API: when the TDS due in a cycle is more than the
 * cycle can bear, the rest is carried and deducted in the next cycle before the net (never lost). The member's
 * income comes from admin adjustments (sponsor income), so the figures are exactly those of the example.
 */
let t: TestApp;
/** Admin A (the demo admin): makes the adjustments. */
let a: string;
/** Admin B: calculates. */
let b: string;
/** Admin C (the second demo admin): approves and posts. */
let c: string;
let member: { id: string; userId: string };
let memberCookie: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b, c } = await threeAdmins(t, { prefix: 'tds.calc', password: 'Calc#Admin-2026' }));
  const m = await signedInUser(t, 'tds.member', 'Tds#Member-2026', { panNumber: ID.pan, kycStatus: 'approved', activationDate: new Date() });
  member = m.user;
  memberCookie = m.cookie;
}, 120_000);
afterAll(async () => t?.close());

/** One pairing cycle that pays the member `amount` of sponsor income: adjusted by A, closed, calculated by B, approved and posted by C. */
async function cycleOf(amount: string) {
  const adj = await t.api('POST', `${BASE}/adjustments`, { cookie: a, body: { userId: member.userId, type: 'sponsor_income', amount, reason: 'Worked example R6 of returns.md' } });
  expect(adj.status, JSON.stringify(adj.body)).toBe(201);
  t.clock.advance(1_000);
  const id = await closePairingCycle(t, a);
  await calculateApprovePost(t, id, b, c);
  const [p] = await query<Record<string, string>>(
    t,
    sql`select gross::text, admin_charge::text as "adminCharge", tds::text, tds_carried::text as "tdsCarried", net::text, lines_total::text as "linesTotal"
        from comp_payouts where cycle_id = ${id}::uuid and member_id = ${member.id}::uuid`,
  );
  const ledger = await query<{ type: string; amount: string }>(t, sql`select type, amount::text from transactions where reference_id = ${id} and user_id = ${member.id}::uuid order by seq`);
  return { id, payout: p, ledger };
}

const carried = async () => (await query<{ tds_carried: string }>(t, sql`select tds_carried::text from comp_balances where member_id = ${member.id}::uuid`))[0]?.tds_carried ?? null;

describe('R6: TDS shortfall', () => {
  it('a cycle of 0.03 after a year-to-date gross of 19,999.99 deducts 0.03 of the 400.00 due and carries 399.97', async () => {
    // The financial year so far, as earlier posted cycles left it.
    await query(t, sql`insert into comp_ytd (member_id, fy, gross, tds) values (${member.id}::uuid, ${fyOf(t.clock.now())}, 19999.99, 0)`);
    const r = await cycleOf('0.03');
    expect(r.payout).toEqual({ gross: '0.03', adminCharge: '0.00', tds: '0.03', tdsCarried: '399.97', net: '0.00', linesTotal: '0.03' });
    expect(r.ledger).toEqual([
      { type: 'sponsor_income', amount: '0.03' },
      { type: 'tds', amount: '-0.03' },
    ]);
    expect(await carried()).toBe('399.97');
    // The member reads it on the Income page's cycle and in the statement.
    const mine = await t.api('GET', `/api/income/cycles/${r.id}`, { cookie: memberCookie });
    expect(mine.body).toMatchObject({ gross: '0.03', recovered: '0.00', recovery: '0.00', tds: '0.03', tdsCarried: '399.97', net: '0.00' });
    const income = (await t.api('GET', '/api/income', { cookie: memberCookie })).body as { cycles: { id: string; tdsCarried: string }[]; financialYear: { label: string } };
    expect(income.cycles.find((x) => x.id === r.id)?.tdsCarried).toBe('399.97');
    const csv = await t.runtime.app.inject({ method: 'GET', url: `/api/income/statement?fy=${income.financialYear.label}&format=csv`, headers: { cookie: memberCookie } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(',TDS carried,,₹399.97 of TDS due is deducted from later cycles');
    // The admin's Payout Summary shows the TDS the cycle carried.
    const report = (await t.api('GET', '/api/admin/reports/payout-summary', { cookie: a })).body as { cycles: { id: string; tds: string; tdsCarried: string; recovered: string }[] };
    expect(report.cycles.find((x) => x.id === r.id)).toMatchObject({ tds: '0.03', tdsCarried: '399.97', recovered: '0.00' });
  });

  it('the next cycle of 1,000.00 deducts its own 20.00 and the 399.97 carried: net 530.03, nothing left carried', async () => {
    const r = await cycleOf('1000');
    expect(r.payout).toEqual({ gross: '1000.00', adminCharge: '50.00', tds: '419.97', tdsCarried: '0.00', net: '530.03', linesTotal: '1000.00' });
    expect(r.ledger).toEqual([
      { type: 'sponsor_income', amount: '1000.00' },
      { type: 'admin_charge', amount: '-50.00' },
      { type: 'tds', amount: '-419.97' },
    ]);
    expect(await carried()).toBeNull();
    const ytd = await query<{ gross: string; tds: string }>(t, sql`select gross::text, tds::text from comp_ytd where member_id = ${member.id}::uuid`);
    expect(ytd).toEqual([{ gross: '21000.02', tds: '420.00' }]);
    const wallet = (await t.api('GET', '/api/wallet', { cookie: memberCookie })).body as { balance: string };
    expect(wallet.balance).toBe('530.03');
  });
});
