import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../support/test-app';
import { startSignedIn } from '../support/start';
import { expectError, query, uniqueEmail } from '../support/http';
import { BRANDING_MSG } from '../../contracts/branding';
import { DISCLOSURE_MSG, type Disclosures } from '../../contracts/disclosures';
import { DEMO_COMPANY } from '../../server/seed/demo-data';
import type { Rank } from '../../contracts/enums';

/**
 * Public disclosures (Consumer Protection (Direct Selling) Rules, 2021): the company's details as the admin saves
 * them, the plan in force in plain words, and the annual income disclosure of the last completed financial year
 * (April to March, Asia/Kolkata) computed from posted payouts only.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => ({ t, admin } = await startSignedIn(['admin'])));
afterAll(() => t?.close());

const get = async () => {
  const r = await t.api<Disclosures>('GET', '/api/disclosures');
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
/** The financial year (April to March, IST) of now: 2026 for 2026-27. */
const fyNow = () => {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(t.clock.now()).split('-').map(Number);
  return m >= 4 ? y : y - 1;
};
const label = (fy: number) => `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`;

describe('company details', () => {
  it('anyone reads the legal name, CIN, GSTIN, registered office and contact without signing in', async () => {
    const d = await get();
    expect(d.company).toEqual({
      companyName: DEMO_COMPANY.companyName,
      legalName: DEMO_COMPANY.legalName,
      cin: DEMO_COMPANY.cin,
      gstin: DEMO_COMPANY.gstin,
      registeredOffice: [DEMO_COMPANY.address, `${DEMO_COMPANY.city}, ${DEMO_COMPANY.state} ${DEMO_COMPANY.pincode}`],
      email: DEMO_COMPANY.supportEmail,
      phone: DEMO_COMPANY.supportPhone,
    });
  });

  it('shows what the admin saves; a blank legal name falls back to the company name', async () => {
    const saved = await t.api('PUT', '/api/admin/settings/branding', { cookie: admin, body: { ...DEMO_COMPANY, legalName: 'Sunrise Wellness India Private Limited', cin: ' u74999mh2020ptc123456 ' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ legalName: 'Sunrise Wellness India Private Limited', cin: 'U74999MH2020PTC123456' });
    expect((await get()).company).toMatchObject({ legalName: 'Sunrise Wellness India Private Limited', cin: 'U74999MH2020PTC123456' });

    await t.api('PUT', '/api/admin/settings/branding', { cookie: admin, body: { ...DEMO_COMPANY, legalName: '', cin: '' } });
    expect((await get()).company).toMatchObject({ legalName: DEMO_COMPANY.companyName, cin: null });
    await t.api('PUT', '/api/admin/settings/branding', { cookie: admin, body: { ...DEMO_COMPANY } });
  });

  it('refuses a malformed CIN with its message and changes nothing', async () => {
    for (const cin of ['U74999MH2020PTC12345', 'X74999MH2020PTC123456', 'U7499AMH2020PTC123456', 'U74999MH20A0PTC123456', 'U74999MH2020P1C123456', 'U74999MH2020PTC1234567']) {
      expectError(await t.api('PUT', '/api/admin/settings/branding', { cookie: admin, body: { ...DEMO_COMPANY, cin } }), 400, { message: BRANDING_MSG.cinInvalid, field: 'cin' });
    }
    expectError(await t.api('PUT', '/api/admin/settings/branding', { cookie: admin, body: { ...DEMO_COMPANY, legalName: 'X' } }), 400, { message: BRANDING_MSG.legalNameInvalid, field: 'legalName' });
    expect((await get()).company.cin).toBe(DEMO_COMPANY.cin);
  });
});

describe('the plan in plain words', () => {
  it('is the version in force, every figure from its parameters', async () => {
    const d = await get();
    expect(d.plan.version).toBe(1);
    const pairs = d.plan.sections.find((s) => s.id === 'sales_incentive')!;
    expect(pairs.sentences.join(' ')).toContain('Each pair pays 10% of its 100 BV: ₹10.00 a pair.');
    expect(d.plan.sections.map((s) => s.id)).toContain('deductions');
  });
});

describe('annual income disclosure', () => {
  const fy = () => fyNow() - 1;
  // The last completed year's bounds: cycles end inside it, members are placed before its end.
  const inYear = (month: number, day: number) => {
    const year = month >= 4 ? fy() : fy() + 1;
    return new Date(Date.UTC(year, month - 1, day, 6, 0, 0));
  };

  it('says plainly when the last year has no posted cycle, and shows the current year to date', async () => {
    const d = await get();
    expect(d.lastYear).toMatchObject({ fy: label(fy()), from: `${fy()}-04-01`, to: `${fy() + 1}-03-31`, completed: true, postedCycles: 0, earners: 0, totalIncome: '0' });
    expect(d.yearToDate).toMatchObject({ fy: label(fyNow()), from: `${fyNow()}-04-01`, completed: false });
    expect(DISCLOSURE_MSG.noPostedCycles(d.lastYear.fy)).toContain(label(fy()));
  });

  it('counts members, median, percentiles, averages by rank and the total paid from posted payouts only', async () => {
    const [{ n: before }] = await query<{ n: number }>(t, sql`select count(*)::int as n from users where placed_at < ${inYear(3, 31).toISOString()}::timestamptz`);
    expect(before).toBe(0); // the demo accounts joined this year

    // Ten members placed in the year; gross by cycle (two posted cycles of the year), rank today.
    const people: [string, Rank, number[]][] = [
      ['m1', 'Executive', []],
      ['m2', 'Executive', []],
      ['m3', 'Executive', []],
      ['m4', 'Bronze Star', []],
      ['m5', 'Executive', [40, 60]],
      ['m6', 'Bronze Star', [250]],
      ['m7', 'Bronze Star', [0, 400]],
      ['m8', 'Gold Star', [600, 400]],
      ['m9', 'Gold Star', [2500]],
      ['m10', 'Diamond', [0, 10000]],
    ];
    const ids: Record<string, string> = {};
    for (const [name, rank] of people) {
      const u = await t.createUser({ email: uniqueEmail(name), status: 'active', currentRank: rank, placedAt: inYear(5, 1) });
      ids[name] = u.id;
    }
    // Placed after the year ended, paid this year: in neither of last year's figures.
    const late = await t.createUser({ email: uniqueEmail('late'), status: 'active', currentRank: 'Diamond', placedAt: new Date() });

    const cycle = async (startsAt: Date, status: string) => {
      const endsAt = new Date(startsAt.getTime() + 7 * 86_400_000);
      const [row] = await query<{ id: string }>(
        t,
        sql`insert into comp_cycles (kind, period, starts_at, ends_at, closed_at, status, posted_at)
            values ('pairing', 'weekly', ${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, ${status},
                    ${status === 'posted' ? endsAt.toISOString() : null}::timestamptz) returning id::text`,
      );
      return { id: row.id, endsAt, posted: status === 'posted' };
    };
    const pay = async (c: { id: string; endsAt: Date; posted: boolean }, memberId: string, gross: number, fyOf: number) => {
      const net = (gross * 0.95).toFixed(2);
      await query(
        t,
        sql`insert into comp_payouts (cycle_id, member_id, gross, admin_charge, tds, net, fy, tds_rate, pan_approved, posted_at, lines_total)
            values (${c.id}::uuid, ${memberId}::uuid, ${gross.toFixed(2)}, ${(gross * 0.05).toFixed(2)}, 0, ${net}, ${fyOf}, 2, true, ${c.posted ? c.endsAt.toISOString() : null}::timestamptz, ${gross.toFixed(2)})`,
      );
    };
    const c1 = await cycle(inYear(6, 2), 'posted');
    const c2 = await cycle(inYear(9, 1), 'posted');
    for (const [name, , gross] of people) for (const [i, g] of gross.entries()) if (g > 0) await pay([c1, c2][gross.length === 1 ? 1 : i], ids[name], g, fy());
    // Not counted: a payout of the year before (posted), one of this year calculated but not posted, one of this year.
    const older = await cycle(new Date(Date.UTC(fy() - 1, 6, 1, 6)), 'posted');
    await pay(older, ids.m5, 500, fy() - 1);
    const unposted = await cycle(inYear(10, 6), 'calculated');
    await pay(unposted, ids.m4, 999, fy());
    const thisYear = await cycle(new Date(t.clock.now().getTime() - 10 * 86_400_000), 'posted');
    await pay(thisYear, late.id, 700, fyNow());

    const d = await get();
    // Incomes sorted: 0, 0, 0, 0, 100, 250, 400, 1,000, 2,500, 10,000 (percentile_cont: position p × 9, interpolated).
    expect(d.lastYear).toEqual({
      fy: label(fy()),
      from: `${fy()}-04-01`,
      to: `${fy() + 1}-03-31`,
      completed: true,
      postedCycles: 2,
      members: 10,
      earners: 6,
      earnedNothing: 4,
      totalIncome: '14250.00',
      totalPaid: '13537.50',
      averageIncome: '1425.00',
      percentiles: { p25: '0.00', median: '175.00', p75: '850.00', p90: '3250.00', p99: '9325.00' },
      byRank: [
        { rank: 'Executive', members: 4, earners: 1, averageIncome: '25.00' },
        { rank: 'Bronze Star', members: 3, earners: 2, averageIncome: '216.67' },
        { rank: 'Gold Star', members: 2, earners: 2, averageIncome: '1750.00' },
        { rank: 'Diamond', members: 1, earners: 1, averageIncome: '10000.00' },
      ],
      computedAt: expect.any(String),
    });
    expect(d.yearToDate).toBeNull();

    // Cached: a change without a newly posted cycle shows only after the hour.
    await query(t, sql`update comp_payouts set gross = 20000, net = 19000 where member_id = ${ids.m10}::uuid and fy = ${fy()}`);
    expect((await get()).lastYear.totalIncome).toBe('14250.00');
    t.clock.advance(61 * 60_000);
    const later = await get();
    expect(later.lastYear).toMatchObject({ totalIncome: '24250.00', totalPaid: '23037.50' });
    expect(later.lastYear.percentiles.p99).toBe('18425.00');
  });
});

describe('a public route', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ rateLimitFactor: 1 });
  });
  afterAll(() => limited?.close());

  it('is rate limited per address (the real limit: 60 a minute) with a clear message', async () => {
    // One second into a fresh minute, so the loop never straddles two windows.
    limited.clock.advance(60_000 - (limited.clock.now().getTime() % 60_000) + 1000);
    for (let i = 0; i < 60; i++) expect((await limited.api('GET', '/api/disclosures')).status).toBe(200);
    expectError(await limited.api('GET', '/api/disclosures'), 429, { code: 'RATE_LIMITED', message: DISCLOSURE_MSG.tooMany });
  });
});
