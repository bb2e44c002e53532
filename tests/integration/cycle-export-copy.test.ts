import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { startTestApp, type TestApp } from '../support/test-app';
import { demoCookies, query, rawGet } from '../support/http';
import { downloadCycle, exportCycle, fyOf } from '../../server/modules/compensation';
import { label } from '../../server/modules/compensation/common';

/**
 * The cycle export PostgreSQL writes (COPY, results.repo.ts copyCycleCsv) against the one the app builds page by page
 * (exportCycle): the same bytes for every kind of row, the settlement rows of returns.md §5 included, and for cells
 * a spreadsheet would run as formulas or that need quoting. Without TEST_DATABASE_URL the route uses the pages and the
 * comparison runs on PGlite alone.
 */
let t: TestApp;
let admin: string;
let cycleId: string;
const BASE = '/api/admin/compensation';

/** Members whose rows exercise every branch: [user id, first name, last name, gross, recovered, tds carried, lines]. */
const MEMBERS: [string, string | null, string | null, string, string, string, [string, string, string][]][] = [
  ['XE0000001', '=Sum', 'A1', '100.00', '0.00', '0.00', [['sponsor_income', '100.00', '=1+1']]],
  ['XE0000002', null, null, '40.00', '20.00', '399.97', [['sponsor_income', '60.00', 'Line, with "quotes"']]],
  ['XE0000003', '', 'Only-last', '0.00', '0.00', '1234567.50', [['clawback', '-25.50', '-25.50 taken back']]],
  [
    'XE0000004',
    '-5',
    '+7',
    '30.00',
    '5.00',
    '0.00',
    [
      ['sponsor_income', '20.00', 'two\nlines'],
      ['sales_incentive', '5.00', '@home'],
    ],
  ],
  ['XE0000005', 'Plain', 'Name', '12.30', '0.00', '0.00', []],
];

beforeAll(async () => {
  t = await startTestApp();
  ({ admin } = await demoCookies(t));
  const [posted] = await query<{ id: string }>(t, sql`select id::text from comp_cycles where status = 'posted' order by starts_at desc limit 1`);
  cycleId = posted.id;
  const fy = fyOf(t.clock.now());
  for (const [userId, first, last, gross, recovered, carried, lines] of MEMBERS) {
    const [u] = await query<{ id: string }>(
      t,
      sql`insert into users (user_id, email, password, first_name, last_name, role, status, kyc_status, id_status, email_verified, first_login)
          values (${userId}, ${`${userId.toLowerCase()}@export.local`}, 'x', ${first}, ${last}, 'user', 'active', 'pending', 'Active', true, false) returning id::text`,
    );
    await t.runtime.ctx.db.execute(sql`
      insert into comp_payouts (cycle_id, member_id, gross, admin_charge, tds, net, fy, tds_rate, pan_approved, posted_at, recovered, tds_carried)
      values (${cycleId}::uuid, ${u.id}::uuid, ${gross}::numeric, 0.00, least(1.00, ${gross}::numeric), greatest(${gross}::numeric - 1, 0), ${fy}, 2, true, now(), ${recovered}::numeric, ${carried}::numeric)`);
    for (const [type, amount, text] of lines) {
      await t.runtime.ctx.db.execute(sql`
        insert into comp_lines (cycle_id, member_id, type, amount, plan_version, explanation)
        values (${cycleId}::uuid, ${u.id}::uuid, ${type}, ${amount}::numeric, 3, jsonb_build_object('text', ${text}::text))`);
    }
  }
}, 120_000);
afterAll(async () => t?.close());

const text = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
};

describe('the cycle export written by the database', () => {
  it('has the bytes of the export built page by page, every kind of row included', async () => {
    const expected = await text((await exportCycle(t.runtime.ctx, cycleId)).body);
    const written = await downloadCycle(t.runtime.ctx, cycleId);
    // Written by COPY on PostgreSQL (a pass-through of its stream), by the pages on PGlite.
    expect(written.body.constructor.name).toBe(process.env.TEST_DATABASE_URL ? 'PassThrough' : 'Readable');
    expect(written.filename).toBe((await exportCycle(t.runtime.ctx, cycleId)).filename);
    expect(await text(written.body)).toBe(expected);
    // The rows themselves: formulas kept as text, signed amounts as numbers, quoting, the settlement rows.
    expect(expected).toContain(`\nXE0000001,'=Sum A1,${label('sponsor_income')},100.00,3,'=1+1\n`);
    expect(expected).toContain(`\nXE0000002,XE0000002,${label('sponsor_income')},60.00,3,"Line, with ""quotes"""\n`);
    expect(expected).toContain('\nXE0000002,XE0000002,Recovered from earlier cycles,-20.00,,\n');
    expect(expected).toContain('\nXE0000002,XE0000002,TDS carried,,,₹399.97 of TDS due is deducted from later cycles\n');
    expect(expected).toContain('\nXE0000003,Only-last,TDS carried,,,"₹12,34,567.50 of TDS due is deducted from later cycles"\n');
    expect(expected).toContain(`\nXE0000003,Only-last,${label('clawback')},-25.50,3,'-25.50 taken back\n`);
    expect(expected).toContain('\nXE0000003,Only-last,Left to recover from later income,25.50,,\n');
    expect(expected).toContain(`\nXE0000004,'-5 +7,${label('sales_incentive')},5.00,3,'@home\n`);
    expect(expected).toContain(`\nXE0000004,'-5 +7,${label('sponsor_income')},20.00,3,"two\nlines"\n`);
    expect(expected).toContain('\nXE0000005,Plain Name,Left to recover from later income,12.30,,\nXE0000005,Plain Name,Admin charge,-0.00,,\n');
    expect(expected).toContain('\nXE0000005,Plain Name,TDS,-1.00,,\nXE0000005,Plain Name,Net,11.30,,\n');
  });

  it('is what the route sends, as a stream', async () => {
    const expected = await text((await exportCycle(t.runtime.ctx, cycleId)).body);
    const res = await rawGet(t, `${BASE}/cycles/${cycleId}/export`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.body).toBe(expected);
  });

  it('refuses a missing cycle before the first byte', async () => {
    await expect(downloadCycle(t.runtime.ctx, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ status: 404 });
  });
});
