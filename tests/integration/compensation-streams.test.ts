import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { startTestApp, type TestApp } from '../support/test-app';
import { demoCookies, query, rawGet } from '../support/http';
import { EXPORT_PAGE, cycleLines, exportCycle, fyLabel, fyOf, memberStatement } from '../../server/modules/compensation';
import { cell } from '../../server/modules/compensation/cycle-lines.service';
import { label, istDate } from '../../server/modules/compensation/common';
import * as incomeRepo from '../../server/modules/compensation/income.repo';
import { paise } from '../../server/modules/compensation/engine';
import { branding } from '../../server/modules/branding';
import { fromPaise } from '../../contracts/money';

/**
 * A cycle's CSV export and the member's statement are streamed from the database a page at a time (keyset), one
 * chunk per page, never built whole; their bytes are the ones the in-memory versions wrote (those are kept below as
 * the reference).
 */
let t: TestApp;
let admin: string;
let postedId: string;
let member: { id: string; userId: string; name: string; cycles: number };
const BASE = '/api/admin/compensation';
const BULK = 2500;

beforeAll(async () => {
  t = await startTestApp();
  ({ admin } = await demoCookies(t));
  const cycles = (await t.api('GET', `${BASE}/cycles?kind=pairing&status=posted`, { cookie: admin })).body.items as { id: string }[];
  // The posted cycle with the most members.
  const [most] = await query<{ id: string; n: number }>(
    t,
    sql`select cycle_id::text as id, count(*)::int as n from comp_payouts where cycle_id = any(${sql.param(cycles.map((c) => c.id))}::uuid[]) group by cycle_id order by n desc limit 1`,
  );
  expect(most.n, 'the demo history pays several members in a cycle').toBeGreaterThan(1);
  postedId = most.id;
  // A large cycle: 2,500 more members paid in it (names that need quoting), two lines each, in three statements.
  await t.runtime.ctx.db.execute(sql`
    insert into users (user_id, email, password, first_name, last_name, role, status, kyc_status, id_status, email_verified, first_login, registration_date)
    select 'XC' || lpad(g::text, 7, '0'), 'bulk' || g || '@stream.local', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$' || md5(g::text),
      'Bulk', 'O"Member, ' || g, 'user', 'active', 'pending', 'Active', true, false, timestamptz '2020-01-01 00:00:00+00'
    from generate_series(1, ${BULK}::int) g`);
  await t.runtime.ctx.db.execute(sql`
    insert into comp_payouts (cycle_id, member_id, gross, admin_charge, tds, net, fy, tds_rate, pan_approved, posted_at)
    select ${postedId}::uuid, u.id, 110.00, 5.50, 2.20, 102.30, ${fyOf(t.clock.now())}, 2, true, now() from users u where u.user_id like 'XC%'`);
  await t.runtime.ctx.db.execute(sql`
    insert into comp_lines (cycle_id, member_id, type, amount, plan_version, explanation)
    select ${postedId}::uuid, u.id, x.type, x.amount, 1, jsonb_build_object('text', '=' || x.type || ' for ' || u.user_id)
    from users u, (values ('sponsor_income', 100.00), ('sales_incentive', 10.00)) x(type, amount) where u.user_id like 'XC%'`);
  const [m] = await query<{ id: string; user_id: string; first_name: string | null; last_name: string | null; n: number }>(
    t,
    sql`select u.id::text, u.user_id, u.first_name, u.last_name, count(*)::int as n from comp_payouts p join users u on u.id = p.member_id
        where p.posted_at is not null and p.fy = ${fyOf(t.clock.now())} group by u.id order by n desc, u.user_id limit 1`,
  );
  expect(m.n, 'a member paid in several cycles of the year').toBeGreaterThan(1);
  member = { id: m.id, userId: m.user_id, name: [m.first_name, m.last_name].filter(Boolean).join(' ') || m.user_id, cycles: m.n };
}, 120_000);
afterAll(async () => t?.close());

async function chunksOf(body: Readable | Buffer) {
  expect(Buffer.isBuffer(body), 'a stream, not a buffer').toBe(false);
  const chunks: string[] = [];
  for await (const c of body as Readable) chunks.push(Buffer.from(c as Buffer).toString('utf8'));
  return chunks;
}

/** The export as it was built before it streamed: every page of 50 members into one string. */
async function exportAsBefore(id: string) {
  const out = [['Member ID', 'Name', 'Type', 'Amount', 'Plan version', 'Explanation'].join(',')];
  let cursor: string | undefined;
  for (;;) {
    const page = await cycleLines(t.runtime.ctx, id, { cursor });
    for (const m of page.items) {
      for (const l of m.lines) out.push([m.userId, m.name, l.label, l.amount, l.planVersion, l.explanation.text].map(cell).join(','));
      out.push([m.userId, m.name, 'Admin charge', `-${m.adminCharge}`, '', ''].map(cell).join(','));
      out.push([m.userId, m.name, 'TDS', `-${m.tds}`, '', ''].map(cell).join(','));
      out.push([m.userId, m.name, 'Net', m.net, '', ''].map(cell).join(','));
    }
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return out.join('\n') + '\n';
}

/** The statement CSV as it was built before it streamed: one string of every row. */
async function statementAsBefore(memberId: string, fy: number) {
  const ctx = t.runtime.ctx;
  const payouts = (await incomeRepo.memberPayouts(ctx.db, memberId)).filter((p) => p.fy === fy).reverse();
  const lines = await incomeRepo.memberLines(
    ctx.db,
    memberId,
    payouts.map((p) => p.cycle_id),
  );
  const rows: string[][] = [];
  for (const p of payouts) {
    const period = `${istDate(new Date(p.starts_at))} to ${istDate(new Date(new Date(p.closed_at ?? p.ends_at).getTime() - 1))}`;
    for (const l of lines.filter((x) => x.cycleId === p.cycle_id)) rows.push([period, label(l.type), l.amount, (l.explanation as { text: string }).text]);
    rows.push([period, 'Admin charge', `-${p.admin_charge}`, '']);
    rows.push([period, 'TDS', `-${p.tds}`, '']);
    rows.push([period, 'Net', p.net, '']);
  }
  const sum = (k: 'gross' | 'tds' | 'net') => fromPaise(payouts.reduce((s, p) => s + paise(p[k]), 0n));
  const b = await branding(ctx);
  const place = [b.address, b.city, b.state, b.pincode].filter(Boolean).join(', ');
  const support = [b.supportEmail, b.supportPhone].filter(Boolean).join(', ');
  const issuer: string[][] = [['Issued by', b.companyName], ...(b.gstin ? [['GSTIN', b.gstin]] : []), ...(place ? [['Address', place]] : []), ...(support ? [['Support', support]] : [])];
  return (
    [['Cycle', 'Type', 'Amount', 'Explanation'], ...rows, [], ['Financial year', fyLabel(fy)], ['Gross', sum('gross')], ['TDS', sum('tds')], ['Net', sum('net')], [], ...issuer]
      .map((r) => r.map(cell).join(','))
      .join('\n') + '\n'
  );
}

describe('the cycle export', () => {
  it('is delivered a page at a time, the same bytes as the export built in memory', async () => {
    const expected = await exportAsBefore(postedId);
    const members = (await query<{ n: number }>(t, sql`select count(*)::int as n from comp_payouts where cycle_id = ${postedId}::uuid`))[0].n;
    expect(members).toBeGreaterThan(BULK);
    // A page of members per chunk after the heading: the rows of a page go out before the next page is read.
    const f = await exportCycle(t.runtime.ctx, postedId);
    const chunks = await chunksOf(f.body);
    expect(chunks).toHaveLength(1 + Math.ceil(members / EXPORT_PAGE));
    expect(chunks.join('')).toBe(expected);
    // The heading, each member's lines, admin charge, TDS and net; cells that need it quoted, formulas kept as text.
    expect(expected).toContain(`\nXC0000007,"Bulk O""Member, 7",${label('sponsor_income')},100.00,1,'=sponsor_income for XC0000007\n`);
    expect(expected).toContain(`\nXC0000007,"Bulk O""Member, 7",Net,102.30,,\n`);
    // The default page, as the route answers it: a stream (no length known in advance), the same bytes.
    const res = await rawGet(t, `${BASE}/cycles/${postedId}/export`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.body).toBe(expected);
  });

  it('refuses a missing cycle before the first byte', async () => {
    await expect(exportCycle(t.runtime.ctx, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ status: 404 });
    const res = await rawGet(t, `${BASE}/cycles/00000000-0000-4000-8000-000000000000/export`, admin);
    expect(res.statusCode).toBe(404);
  });
});

describe("the member's statement", () => {
  it('is delivered a page of cycles at a time, the same bytes as the statement built in memory', async () => {
    const fy = fyOf(t.clock.now());
    const expected = await statementAsBefore(member.id, fy);
    const f = await memberStatement(t.runtime.ctx, member, fyLabel(fy), 'csv', 1);
    expect(f.contentType).toBe('text/csv; charset=utf-8');
    const chunks = await chunksOf(f.body);
    // The heading, a chunk per cycle, then the year's totals and the issuer.
    expect(chunks).toHaveLength(1 + member.cycles + 1);
    expect(chunks.join('')).toBe(expected);
    const cookie = await t.sessionOf(member.id);
    const res = await rawGet(t, `/api/income/statement?format=csv&fy=${fyLabel(fy)}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.body).toBe(expected);
    // The PDF reads the same pages; a year looked up wrong is refused before anything is sent.
    const pdf = await rawGet(t, `/api/income/statement?format=pdf&fy=${fyLabel(fy)}`, cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.body.startsWith('%PDF')).toBe(true);
    expect((await rawGet(t, '/api/income/statement?format=csv&fy=2026-28', cookie)).statusCode).toBe(400);
  });
});
