import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, userByEmail, volumeByEmail, type TestApp } from '../support/test-app';
import { query } from '../support/http';
import type { PayoutSummaryReport } from '../../contracts/reports';
import type { CycleSummary } from '../../contracts/compensation';
import { demoCalendar } from '../../server/seed/demo-history';
import { periodBounds } from '../../server/modules/cycles/cycle-calendar';
import { KYC_DEADLINE_DAYS } from '../../contracts/constants';
import { DEMO_BANK_ACCOUNTS, DEMO_PAST_WITHDRAWAL } from '../../server/seed/demo-data';

/**
 * The demo seed's history (server/seed/demo-history.ts): on the first start the last weekly pairing cycles
 * and the last monthly cycle have purchases by the demo members and went through close, calculate (admin),
 * approve and post (the second demo admin); the current week and month are open. What a new user sees right away.
 */
let t: TestApp;
let admin: string;
let member: string;
const BASE = '/api/admin/compensation';
const cents = (s: string) => Math.round(Number(s) * 100);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login(t.demo.admin.email, t.demo.admin.password);
  member = await t.login(t.demo.member.email, t.demo.member.password);
}, 180_000);
afterAll(async () => t?.close());

async function cycles(kind: 'pairing' | 'monthly', status?: string) {
  const r = await t.api('GET', `${BASE}/cycles?kind=${kind}${status ? `&status=${status}` : ''}`, { cookie: admin });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.items as CycleSummary[];
}

/**
 * Issue 30: right after the first start a newcomer can try the withdrawal flow. The demo member and the franchise
 * holder have a bank account verified by an approved cancelled cheque, approved KYC and no hold; the first admin may
 * approve the member's withdrawal (no custody mark of theirs on the member); Paid Members has rows; and every demo
 * KYC deadline is its account's activation plus KYC_DEADLINE_DAYS.
 */
describe('demo payouts on the first start (issue 30)', () => {
  it("the demo member can withdraw to the profile's verified account and the first admin can approve it", async () => {
    const wallet = await t.api('GET', '/api/wallet', { cookie: member });
    expect(wallet.status, JSON.stringify(wallet.body)).toBe(200);
    const payout = wallet.body.payout;
    expect(payout).toMatchObject({ bankVerification: 'verified', holdUntil: null, canWithdraw: { bank: true } });
    expect(payout.bank).toMatchObject({ ifsc: DEMO_BANK_ACCOUNTS.member.bankIFSC, bankName: DEMO_BANK_ACCOUNTS.member.bankName });
    expect(payout.bank.accountNumber.endsWith(DEMO_BANK_ACCOUNTS.member.bankAccountNumber.slice(-4))).toBe(true);
    expect(payout.bank.accountNumber).not.toContain(DEMO_BANK_ACCOUNTS.member.bankAccountNumber.slice(0, 6));
    const before = cents(wallet.body.balance);
    expect(before).toBeGreaterThan(cents('1000.00'));

    // The KYC card shows the approved state (no deadline).
    const kyc = await t.api('GET', '/api/user/kyc-info', { cookie: member });
    expect(kyc.status).toBe(200);
    expect(kyc.body).toMatchObject({ overallStatus: 'approved', deadline: null, deadlinePassed: false });
    for (const d of Object.values(kyc.body.documents) as { status: string }[]) expect(d.status).toBe('approved');

    // As the wallet page sends it: the profile's account as GET /api/wallet answers it (number masked).
    const b = payout.bank;
    const w = await t.api('POST', '/api/withdrawals', {
      cookie: member,
      body: { withdrawalType: 'bank', amount: '1000.00', bankDetails: { accountNumber: b.accountNumber, ifsc: b.ifsc, bankName: b.bankName, accountHolderName: b.accountHolderName } },
    });
    expect(w.status, JSON.stringify(w.body)).toBe(201);
    expect(w.body.withdrawal).toMatchObject({ status: 'pending', withdrawalType: 'bank', amount: '1000.00' });
    expect(cents((await t.api('GET', '/api/wallet', { cookie: member })).body.balance)).toBe(before - cents('1000.00'));

    // The first demo admin (who reviewed the KYC, never credited or changed the member) approves it.
    const ok = await t.api('POST', `/api/admin/approve-withdrawal/${w.body.withdrawal.id}`, { cookie: admin, body: {} });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.withdrawal.status).toBe('approved');
  });

  it('the franchise holder has a verified bank account and approved KYC too', async () => {
    const cookie = await t.login(t.demo.franchise.email, t.demo.franchise.password);
    const wallet = await t.api('GET', '/api/wallet', { cookie });
    expect(wallet.status).toBe(200);
    expect(wallet.body.payout).toMatchObject({ bankVerification: 'verified', holdUntil: null, canWithdraw: { bank: true } });
    expect((await userByEmail(t, t.demo.franchise.email))!.kycStatus).toBe('approved');
  });

  it('Paid Members lists the demo member and the franchise holder; a past withdrawal was paid by the second admin', async () => {
    const r = await t.api('GET', '/api/users/paid-members', { cookie: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = (Array.isArray(r.body) ? r.body : r.body.items) as { email: string }[];
    expect(rows.map((u) => u.email)).toEqual(expect.arrayContaining([t.demo.member.email, t.demo.franchise.email]));
    const m = (await userByEmail(t, t.demo.member.email))!;
    const a2 = (await userByEmail(t, t.demo.admin2.email))!;
    const past = await query<{ amount: string; processed_by: string; processed_at: string }>(
      t,
      sql`
      select amount::text, processed_by::text, processed_at::text from withdrawal_requests
      where user_id = ${m.id}::uuid and status = 'approved' and processed_by = ${a2.id}::uuid`,
    );
    expect(past.length).toBeGreaterThanOrEqual(1);
    expect(cents(past[0].amount)).toBe(cents(DEMO_PAST_WITHDRAWAL));
    expect(new Date(past[0].processed_at).getTime()).toBeLessThan(Date.now() - 86_400_000);
  });

  it("every demo KYC deadline is its activation plus KYC_DEADLINE_DAYS; the demo member's KYC is approved", async () => {
    const rows = await query<{ email: string; kyc_status: string; activation_date: Date | string | null; kyc_deadline: Date | string | null }>(
      t,
      sql`
      select email, kyc_status, activation_date, kyc_deadline from users where email like '%@demo.local'`,
    );
    const withDeadline = rows.filter((u) => u.kyc_deadline);
    expect(withDeadline.length).toBeGreaterThanOrEqual(4);
    for (const u of withDeadline) {
      expect(u.activation_date, u.email).not.toBeNull();
      expect(new Date(u.kyc_deadline!).getTime(), u.email).toBe(new Date(u.activation_date!).getTime() + KYC_DEADLINE_DAYS * 86_400_000);
    }
    // Every active demo member that is not approved has one.
    const m = (await userByEmail(t, t.demo.member.email))!;
    expect(m.kycStatus).toBe('approved');
    expect(rows.filter((u) => u.kyc_status !== 'approved' && u.activation_date && !u.kyc_deadline && !u.email.startsWith('pending'))).toEqual([]);
  });
});

describe('demo history on the first start', () => {
  it('the second demo admin signs in and lands in the back-office', async () => {
    const cookie = await t.login(t.demo.admin2.email, t.demo.admin2.password);
    const me = await t.api('GET', '/api/auth/user', { cookie });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ role: 'admin', email: t.demo.admin2.email });
    expect(t.runtime.seedLines.some((l) => l.includes(t.demo.admin2.email))).toBe(true);
    expect(t.runtime.seedLines.some((l) => l.startsWith('Demo history:'))).toBe(true);
  });

  it('at least three weekly pairing cycles and the last monthly cycle are posted, with sales and income; this week and month are open', async () => {
    const a1 = (await userByEmail(t, t.demo.admin.email))!;
    const a2 = (await userByEmail(t, t.demo.admin2.email))!;
    const pairing = await cycles('pairing');
    const monthly = await cycles('monthly');
    const postedWeeks = pairing.filter((c) => c.status === 'posted');
    const postedMonths = monthly.filter((c) => c.status === 'posted');
    expect(postedWeeks.length).toBeGreaterThanOrEqual(3);
    expect(postedMonths).toHaveLength(1);
    expect(await cycles('pairing', 'posted')).toHaveLength(postedWeeks.length);
    // Nothing else: every cycle is posted but the open one of each kind, which starts where the last posted one ended.
    for (const list of [pairing, monthly]) {
      expect(list.map((c) => c.status)).toEqual(['open', ...list.slice(1).map(() => 'posted')]);
      for (let i = 0; i < list.length - 1; i++) expect(list[i].startsAt).toBe(list[i + 1].endsAt);
      expect(new Date(list[0].startsAt).getTime()).toBeLessThanOrEqual(Date.now());
      expect(new Date(list[0].endsAt).getTime()).toBeGreaterThan(Date.now());
    }
    // This week has no purchases yet (this month's cycle holds those of its past weeks).
    const [open] = await query<{ n: number }>(t, sql`select count(*)::int as n from volume_events where pairing_cycle_id = ${pairing[0].id}::uuid`);
    expect(Number(open.n)).toBe(0);
    // The last three weeks had sales and paid income; calculated by the admin, approved by the second admin.
    for (const c of [...postedWeeks.slice(0, 3), ...postedMonths]) {
      expect(cents(c.sales), c.startsAt).toBeGreaterThan(0);
      expect(c).toMatchObject({ calculatedBy: a1.id, approvedBy: a2.id, planVersion: 1 });
      expect(new Date(c.postedAt!).getTime()).toBeGreaterThan(new Date(c.endsAt).getTime());
      expect(new Date(c.postedAt!).getTime()).toBeLessThanOrEqual(Date.now());
    }
    for (const c of postedWeeks.slice(0, 3)) {
      expect(cents(c.net), c.startsAt).toBeGreaterThan(0);
      expect(Object.keys(c.totals)).toEqual(expect.arrayContaining(['sales_incentive', 'sponsor_income', 'sales_bonus']));
      expect(cents(c.adminCharge)).toBeGreaterThan(0);
      expect(c.membersPaid).toBe(2); // the demo member and the founder
      expect(c.flushedBV).toBe('0.00');
    }
    const detail = await t.api('GET', `${BASE}/cycles/${postedWeeks[0].id}`, { cookie: admin });
    expect(detail.status).toBe(200);
    expect(detail.body.topEarners.length).toBe(2);
  });

  it("the admin Payout Summary lists every posted cycle, newest first, adding up to the ledger's income rows", async () => {
    const r = await t.api('GET', '/api/admin/reports/payout-summary', { cookie: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const report = r.body as PayoutSummaryReport;
    const posted = [...(await cycles('pairing', 'posted')), ...(await cycles('monthly', 'posted'))];
    expect(report.cycles.map((c) => c.id).sort()).toEqual(posted.map((c) => c.id).sort());
    expect(report.totals.cycles).toBe(posted.length);
    expect(cents(report.totals.net)).toBeGreaterThan(0);
    const [ledger] = await query<{ income: string; charge: string; tds: string }>(
      t,
      sql`
      select coalesce(sum(amount) filter (where type not in ('admin_charge', 'tds')), 0)::text as income,
             coalesce(-sum(amount) filter (where type = 'admin_charge'), 0)::text as charge,
             coalesce(-sum(amount) filter (where type = 'tds'), 0)::text as tds
      from transactions where reference_id in (select id::text from comp_cycles where status = 'posted')`,
    );
    expect(cents(ledger.income)).toBe(cents(report.totals.gross));
    expect(cents(ledger.charge)).toBe(cents(report.totals.adminCharge));
    expect(cents(ledger.tds)).toBe(cents(report.totals.tds));
  });

  it('the demo member sees income lines with explanations, no carry left over, and the wallet shows the credits', async () => {
    const r = await t.api('GET', '/api/income', { cookie: member });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.cycles.length).toBeGreaterThanOrEqual(3);
    expect(r.body.carry).toEqual({ left: '0.00', right: '0.00' });
    expect(r.body.thisCycle).toMatchObject({ left: '0.00', right: '0.00', pairs: 0 });
    const types = new Set<string>();
    for (const c of r.body.cycles as { id: string; gross: string; adminCharge: string; net: string }[]) {
      expect(cents(c.net)).toBe(cents(c.gross) - cents(c.adminCharge) - cents((c as { tds?: string }).tds ?? '0'));
      const one = await t.api('GET', `/api/income/cycles/${c.id}`, { cookie: member });
      expect(one.status).toBe(200);
      for (const l of one.body.lines as { type: string; explanation: { text: string } }[]) {
        types.add(l.type);
        expect(l.explanation.text.length).toBeGreaterThan(0);
      }
    }
    expect([...types]).toEqual(expect.arrayContaining(['sales_incentive', 'sponsor_income']));
    const wallet = await t.api('GET', '/api/wallet', { cookie: member });
    expect(wallet.status).toBe(200);
    expect(cents(wallet.body.totalEarnings)).toBeGreaterThan(0);
  });

  it('the books balance: every wallet equals its ledger, purchases are in the ledger and BV is in the legs', async () => {
    const [sums] = await query<{ wallets: string; ledger: string; off: number }>(
      t,
      sql`
      select (select coalesce(sum(balance), 0) from wallet_balances)::text as wallets,
             (select coalesce(sum(amount), 0) from transactions)::text as ledger,
             (select count(*)::int from wallet_balances w
               where w.balance <> (select coalesce(sum(amount), 0) from transactions x where x.user_id = w.user_id)) as off`,
    );
    expect(sums.wallets).toBe(sums.ledger);
    expect(Number(sums.off)).toBe(0);
    // Every completed purchase is journalled and applied; wallet purchases have their ledger debit.
    const [p] = await query<{ done: number; applied: number; wallet: number; debits: number; pending: number }>(
      t,
      sql`
      select (select count(*)::int from purchases where payment_status = 'completed') as done,
             (select count(*)::int from volume_events where kind = 'purchase' and applied_at is not null) as applied,
             (select count(*)::int from purchases where payment_method = 'wallet') as wallet,
             (select count(*)::int from transactions where type = 'purchase') as debits,
             (select count(*)::int from volume_events where applied_at is null) as pending`,
    );
    expect(p.done).toBeGreaterThan(0);
    expect(p.applied).toBe(p.done);
    expect(p.debits).toBe(p.wallet);
    expect(p.pending).toBe(0);
    const m = (await userByEmail(t, t.demo.member.email))!;
    const legs = await volumeByEmail(t, t.demo.member.email);
    expect(Number(legs.leftBV)).toBeGreaterThan(0);
    expect(legs.leftBV).toBe(legs.rightBV);
    expect(m.currentRank).toBe('Bronze Star');
  });

  it('the calendar holds on any day: three to five whole past weeks up to this week, the first one reaching into the last month', () => {
    const DAY = 86_400_000;
    const counts = new Set<number>();
    for (let d = 0; d < 400; d++) {
      for (const h of [0, 5.5, 18.49, 18.51, 23.99]) {
        const now = new Date(Date.UTC(2026, 0, 1) + d * DAY + h * 3_600_000);
        const cal = demoCalendar(now);
        const weeks = cal.weeks;
        counts.add(weeks.length);
        expect(weeks.length).toBeGreaterThanOrEqual(3);
        expect(weeks.length).toBeLessThanOrEqual(5);
        expect(weeks[weeks.length - 1].endsAt.getTime()).toBe(periodBounds('weekly', now).startsAt.getTime());
        for (let i = 1; i < weeks.length; i++) expect(weeks[i].startsAt.getTime()).toBe(weeks[i - 1].endsAt.getTime());
        expect(cal.lastMonth.endsAt.getTime()).toBe(periodBounds('monthly', now).startsAt.getTime());
        // The first cycles open at a moment inside both the first week and the last month, before its end.
        expect(cal.opensAt.getTime()).toBeGreaterThanOrEqual(weeks[0].startsAt.getTime());
        expect(cal.opensAt.getTime()).toBeLessThan(weeks[0].endsAt.getTime());
        expect(cal.opensAt.getTime()).toBeGreaterThanOrEqual(cal.lastMonth.startsAt.getTime());
        expect(Math.min(weeks[0].endsAt.getTime(), cal.lastMonth.endsAt.getTime()) - cal.opensAt.getTime()).toBeGreaterThanOrEqual(DAY);
        expect(cal.since.getTime()).toBeLessThan(cal.opensAt.getTime());
      }
    }
    expect([...counts].sort()).toEqual([3, 4, 5]);
  });
});
