import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectError, query, uniqueEmail } from '../support/http';

let t: TestApp;
let admin: string;
const BULK = 2500;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login(t.demo.admin.email, t.demo.admin.password);
  // 2,500 members in one statement, in three groups of equal registration instants (keyset ties across every batch),
  // each with a password hash and a PIN hash that must never reach an export.
  await t.runtime.ctx.db.execute(sql`
    insert into users (user_id, email, password, txn_pin, first_name, last_name, role, status, kyc_status, id_status, email_verified, first_login,
      registration_date, activation_date, package_amount, mobile)
    select 'XP' || lpad(g::text, 7, '0'), 'bulk' || g || '@export.local',
      '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$' || md5(g::text), '$argon2id$v=19$m=19456,t=2,p=1$cGlucGlu$' || md5(g::text),
      'Bulk', 'Member' || g, 'user',
      case when g % 2 = 0 then 'active' else 'pending' end, 'pending', case when g % 2 = 0 then 'Active' else 'Inactive' end, true, false,
      timestamptz '2020-01-01 00:00:00+00' + ((g % 3) || ' days')::interval,
      case when g % 2 = 0 then timestamptz '2020-02-01 00:00:00+00' end,
      case when g % 4 = 0 then 0 when g % 4 = 1 then null else 5000 end,
      '9' || lpad(g::text, 9, '0')
    from generate_series(1, ${BULK}::int) g`);
  await t.runtime.ctx.db.execute(sql`update member_volume v set total_bv = (substr(u.user_id, 3)::int % 500)::numeric from users u where u.id = v.member_id and u.user_id like 'XP%'`);
});
afterAll(async () => t?.close());

const HEADER = [
  'User ID',
  'Name',
  'Email',
  'Phone',
  'Role',
  'Status',
  'KYC Status',
  'Withdraw Status',
  'Sponsor User ID',
  'Total Package',
  'Wallet Address',
  'E-wallet',
  'Income',
  'Total Withdraw',
  'Rank',
  'Total BV',
  'Registration Date',
  'Activation Date',
];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function download(qs: string) {
  const res = await t.runtime.app.inject({ method: 'GET', url: `/api/admin/users/export${qs}`, headers: { cookie: admin } });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, text: res.body };
}

/** RFC 4180: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      if (c === '\r') i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

async function csv(qs: string) {
  const r = await download(qs);
  expect(r.status, r.text.slice(0, 300)).toBe(200);
  expect(r.text.startsWith('\uFEFF')).toBe(true);
  const rows = parseCsv(r.text.slice(1));
  expect(rows[0]).toEqual(HEADER);
  for (const row of rows) expect(row).toHaveLength(HEADER.length);
  const col = (name: string) => HEADER.indexOf(name);
  return { ...r, rows: rows.slice(1), col };
}

async function userIds(where: ReturnType<typeof sql>) {
  return (await query<{ user_id: string }>(t, sql`select user_id from users where ${where}`)).map((r) => r.user_id).sort();
}

const noSecrets = (text: string) => {
  expect(text).not.toContain('$argon2');
  expect(text).not.toMatch(/c2FsdHNhbHQ|cGlucGlu/);
  expect(text.toLowerCase()).not.toMatch(/password|txn ?pin/);
};

describe('GET /api/admin/users/export?format=csv', () => {
  it('streams every user exactly once (2,500+ rows in keyset batches of 1000), header first, no secrets', async () => {
    const r = await csv('?format=csv');
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toBe('attachment; filename="user_management_data.csv"');
    expect(r.headers['cache-control']).toBe('no-store');
    noSecrets(r.text);
    const ids = r.rows.map((row) => row[r.col('User ID')]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(BULK);
    expect([...ids].sort()).toEqual(await userIds(sql`true`));
    expect(ids.filter((id) => id.startsWith('XP'))).toHaveLength(BULK);
    // Oldest registration first.
    const dates = r.rows.map((row) => Date.parse(row[r.col('Registration Date')]));
    for (let i = 1; i < dates.length; i++) expect(dates[i]).toBeGreaterThanOrEqual(dates[i - 1]);
    const one = r.rows.find((row) => row[0] === 'XP0000002')!;
    expect(one).toEqual([
      'XP0000002',
      'Bulk Member2',
      'bulk2@export.local',
      '9000000002',
      'user',
      'active',
      'pending',
      '',
      '',
      '5000.00',
      '',
      '0.00',
      '0.00',
      '0.00',
      'Executive',
      '2.00',
      '2020-01-03T00:00:00.000Z',
      '2020-02-01T00:00:00.000Z',
    ]);
  });

  it('is the default format', async () => {
    const r = await download('');
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toBe('attachment; filename="user_management_data.csv"');
  });

  it('honours the search filters', async () => {
    const active = await csv('?status=active');
    expect(active.rows.map((row) => row[0]).sort()).toEqual(await userIds(sql`status = 'active'`));
    for (const row of active.rows) expect(row[active.col('Status')]).toBe('active');

    const admins = await csv('?role=admin');
    expect(admins.rows.map((row) => row[admins.col('Email')]).sort()).toEqual([t.demo.admin.email, t.demo.admin2.email].sort());

    const named = await csv('?query=member25&searchType=name&status=pending');
    expect(named.rows.map((row) => row[0]).sort()).toEqual(await userIds(sql`last_name like '%Member25%' and status = 'pending'`));
    expect(named.rows.length).toBeGreaterThan(5);

    // Registration days in the admin's time zone: midnight UTC on 2 January is still 1 January in New York.
    const group = (n: number) => userIds(sql`user_id like 'XP%' and substring(user_id from 3)::int % 3 = ${n}`);
    const utcFirst = await csv('?dateFilterType=registration&dateFrom=2020-01-01&dateTo=2020-01-01&timezone=UTC');
    expect(utcFirst.rows.map((row) => row[0]).sort()).toEqual(await group(0));
    const nyFirst = await csv('?dateFilterType=registration&dateFrom=2020-01-01&dateTo=2020-01-01&timezone=America%2FNew_York');
    expect(nyFirst.rows.map((row) => row[0]).sort()).toEqual(await group(1));
    const indiaSecond = await csv('?dateFilterType=registration&dateFrom=2020-01-02&dateTo=2020-01-02&timezone=Asia%2FKolkata');
    expect(indiaSecond.rows.map((row) => row[0]).sort()).toEqual(await group(1));
    const activated = await csv('?dateFilterType=activation&dateFrom=2020-02-01&dateTo=2020-02-01');
    expect(activated.rows.map((row) => row[0]).sort()).toEqual(await userIds(sql`user_id like 'XP%' and status = 'active'`));
  });

  it('scope=free: only package 0 or none, never admins, file free-users-<date>.csv', async () => {
    const r = await csv('?scope=free&format=csv');
    expect(r.headers['content-disposition']).toBe(`attachment; filename="free-users-${t.clock.now().toISOString().slice(0, 10)}.csv"`);
    expect(r.rows.map((row) => row[0]).sort()).toEqual(await userIds(sql`coalesce(package_amount, 0) = 0 and role <> 'admin'`));
    for (const row of r.rows) {
      expect(row[r.col('Total Package')]).toBe('0.00');
      expect(row[r.col('Role')]).not.toBe('admin');
    }
    noSecrets(r.text);
  });

  it('neutralises cells that a spreadsheet would run as a formula', async () => {
    const u = await t.createUser({
      email: uniqueEmail('formula'),
      firstName: '=HYPERLINK("http://evil.example","click")',
      lastName: 'Smith',
      mobile: '+911234567',
      cryptoWalletAddress: '@SUM(1+1)',
      currentRank: '-2+3',
    });
    const r = await csv(`?searchType=id&query=${u.userId}`);
    expect(r.rows).toHaveLength(1);
    const row = r.rows[0];
    expect(row[r.col('Name')]).toBe('\'=HYPERLINK("http://evil.example","click") Smith');
    expect(row[r.col('Phone')]).toBe("'+911234567");
    expect(row[r.col('Wallet Address')]).toBe("'@SUM(1+1)");
    expect(row[r.col('Rank')]).toBe("'-2+3");
    for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('refuses bad filters with 400 before streaming anything', async () => {
    for (const qs of ['?format=pdf', '?scope=everyone', '?status=deleted', '?timezone=Mars%2FOlympus', '?dateFrom=2020-02-31', '?searchType=bv&query=abc']) {
      const r = await t.api('GET', `/api/admin/users/export${qs}`, { cookie: admin });
      expectError(r, 400, { code: 'VALIDATION_ERROR' });
    }
  });
});

describe('GET /api/admin/users/export?format=xlsx', () => {
  async function workbook(qs: string) {
    const r = await download(qs);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe(XLSX_TYPE);
    expect(r.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rows: string[][] = [];
    sheet.eachRow((row) => {
      const cells: string[] = [];
      for (let c = 1; c <= HEADER.length; c++) {
        const cell = row.getCell(c);
        expect(cell.formula, `formula in ${cell.address}`).toBeUndefined();
        cells.push(cell.value === null || cell.value === undefined ? '' : String(cell.value));
      }
      rows.push(cells);
    });
    return { ...r, rows };
  }

  it('is a spreadsheet (zip) with the header row and every user once, no secrets', async () => {
    const r = await workbook('?format=xlsx');
    expect(r.headers['content-disposition']).toBe('attachment; filename="user_management_data.xlsx"');
    expect(r.rows[0]).toEqual(HEADER);
    const ids = r.rows.slice(1).map((row) => row[0]);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(await userIds(sql`true`));
    noSecrets(JSON.stringify(r.rows));
  });

  it('scope=free as Excel: free-users-<date>.xlsx', async () => {
    const r = await workbook('?format=xlsx&scope=free&status=active');
    expect(r.headers['content-disposition']).toBe(`attachment; filename="free-users-${t.clock.now().toISOString().slice(0, 10)}.xlsx"`);
    expect(
      r.rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(await userIds(sql`coalesce(package_amount, 0) = 0 and role <> 'admin' and status = 'active'`));
  });
});

describe('sponsor user id', () => {
  it('is kept on the row by the database, whoever sets the sponsor', async () => {
    const t2 = t;
    const sponsor = await t2.createUser({ email: uniqueEmail('sponsor') });
    const u = await t2.createUser({ email: uniqueEmail('sponsored'), sponsorId: sponsor.id });
    const [row] = await query<{ s: string | null }>(t2, sql`select sponsor_user_id as s from users where id = ${u.id}::uuid`);
    expect(row.s).toBe(sponsor.userId);
    await query(t2, sql`update users set sponsor_user_id = 'MB0000000' where id = ${u.id}::uuid`);
    const [again] = await query<{ s: string | null }>(t2, sql`select sponsor_user_id as s from users where id = ${u.id}::uuid`);
    expect(again.s).toBe(sponsor.userId);
    await query(t2, sql`update users set sponsor_id = null where id = ${u.id}::uuid`);
    const [none] = await query<{ s: string | null }>(t2, sql`select sponsor_user_id as s from users where id = ${u.id}::uuid`);
    expect(none.s).toBeNull();
  });
});
