import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../support/test-app';
import { demoCookies, expectError, expectSignedIn, query } from '../support/http';
import { readContract } from '../support/contract';
import { MSG } from '../../contracts/messages';
import { HIDDEN_ID_LIMIT } from '../../contracts/constants';

/** Access of the admin portal's routes (docs/spec/decisions.md §1): reviewer = admin or founder; admin = admin only. */
const contract = readContract();
const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** A valid-looking URL for a route pattern: a random uuid for ids, a well-formed public id for :userId of PUT /api/users. */
const concrete = (method: string, path: string) => path.replace(/:(\w+)/g, (_m, name: string) => (name === 'userId' && path.startsWith('/api/users/') ? 'MB0000000' : randomUUID()));
/** The smallest body that cannot change anything. */
const bodyFor = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : {});

let t: TestApp;
let cookies: Awaited<ReturnType<typeof demoCookies>>;
let guarded: { method: string; url: string; access: 'admin' | 'reviewer' }[];

beforeAll(async () => {
  t = await startTestApp();
  cookies = await demoCookies(t);
  guarded = t.runtime.routes
    .filter((r): r is { method: string; url: string; access: 'admin' | 'reviewer' } => r.access === 'admin' || r.access === 'reviewer')
    .map((r) => ({ method: r.method, url: r.url, access: r.access }));
});
afterAll(async () => t?.close());

const call = (r: { method: string; url: string }, cookie?: string) => t.api(r.method, concrete(r.method, r.url), { cookie, body: bodyFor(r.method) });

describe('the admin and reviewer routes the app registers', () => {
  it('include the back-office routes of document 2', () => {
    const keys = guarded.map((r) => key(r.method, r.url));
    for (const k of [
      'GET /api/admin/users/search',
      'PATCH /api/admin/users/:id/status',
      'PATCH /api/admin/users/:id',
      'PUT /api/users/:userId',
      'PATCH /api/users/:id',
      'POST /api/users',
      'DELETE /api/users/:id',
      'POST /api/admin/login-as-user/:id',
      'POST /api/admin/impersonate/:id',
      'GET /api/users/paid-members',
      'GET /api/users/free-users',
      'GET /api/users/today-joinings',
      'GET /api/admin/users/export',
      'GET /api/admin/stats',
      'GET /api/users/stats',
      'GET /api/admin/kyc',
      'GET /api/admin/kyc/:userId/documents',
      'PATCH /api/admin/kyc/:documentId',
      'GET /api/admin/audit-log',
      'GET /api/admin/reports/payout-summary',
      'GET /api/admin/reports/direct-income',
      'GET /api/admin/reports/holiday-reward',
    ])
      expect(keys, k).toContain(k);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declare the access of api-routes.tsv for every admin or reviewer row of the contract they implement', () => {
    const rows = contract.filter((r) => r.access === 'admin' || r.access === 'reviewer');
    expect(rows.length).toBeGreaterThan(30);
    const problems: string[] = [];
    let checked = 0;
    for (const row of rows) {
      const reg = t.runtime.routes.find((r) => key(r.method, r.url) === key(row.method, row.path));
      if (!reg) continue;
      checked++;
      if (reg.access !== row.access) problems.push(`${key(row.method, row.path)} declares ${String(reg.access)}, the contract says ${row.access}`);
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(18);
  });

  it('are all in the contract or are income-report / audit routes of decisions.md §11', () => {
    const outside = guarded.filter((r) => !contract.some((c) => key(c.method, c.path) === key(r.method, r.url))).map((r) => key(r.method, r.url));
    for (const k of outside) expect(k).toMatch(/^GET \/api\/admin\/reports\//);
  });
});

describe('enforcement, table-driven over every admin and reviewer route', () => {
  it("signed out: 401 with the documents' message", async () => {
    expect(guarded.length).toBeGreaterThanOrEqual(21);
    for (const r of guarded) expectError(await call(r), 401, { code: 'UNAUTHENTICATED', message: MSG.notSignedIn });
  });

  it('a member: 403', async () => {
    for (const r of guarded) expectError(await call(r, cookies.member), 403, { code: 'FORBIDDEN', message: MSG.forbidden });
  });

  it('a pending user: 403', async () => {
    for (const r of guarded) expectError(await call(r, cookies.pending), 403, { code: 'FORBIDDEN', message: MSG.forbidden });
  });

  it('a founder: 403 on admin routes, through the guard (never 401/403, never 5xx) on reviewer routes', async () => {
    expect(guarded.filter((r) => r.access === 'reviewer').length).toBeGreaterThanOrEqual(5);
    for (const r of guarded) {
      const res = await call(r, cookies.founder);
      if (r.access === 'admin') {
        expectError(res, 403, { code: 'FORBIDDEN', message: MSG.forbidden });
      } else {
        expect([401, 403], `founder ${key(r.method, r.url)} -> ${res.status} ${JSON.stringify(res.body)}`).not.toContain(res.status);
        expect(res.status, `founder ${key(r.method, r.url)}`).toBeLessThan(500);
      }
    }
  });

  it('an admin: through the guard on every route, never 5xx', async () => {
    for (const r of guarded) {
      const res = await call(r, cookies.admin);
      expect([401, 403], `admin ${key(r.method, r.url)} -> ${res.status} ${JSON.stringify(res.body)}`).not.toContain(res.status);
      expect(res.status, `admin ${key(r.method, r.url)} -> ${JSON.stringify(res.body)}`).toBeLessThan(500);
      if (res.status >= 400) expectError(res, res.status);
    }
  });

  it('an id that is not a uuid is refused with 400 or 404, never 5xx', async () => {
    for (const r of guarded.filter((x) => /:(id|documentId)\b/.test(x.url) || x.url.includes(':userId/'))) {
      const res = await t.api(r.method, r.url.replace(/:\w+/g, 'not-a-uuid'), { cookie: cookies.admin, body: bodyFor(r.method) });
      expect([400, 404], `${key(r.method, r.url)} -> ${res.status}`).toContain(res.status);
      expectError(res, res.status);
    }
  });

  it('a blocked admin or founder session is signed out', async () => {
    const email = `blocked.admin.${Date.now()}@example.com`;
    await t.createUser({ email, password: 'Blocked#Admin-123', role: 'admin' });
    const cookie = await t.login(email, 'Blocked#Admin-123');
    expect((await t.api('GET', '/api/admin/stats', { cookie })).status).toBe(200);
    const u = (await t.api('GET', `/api/admin/users/search?searchType=name&query=${encodeURIComponent(email)}`, { cookie: cookies.admin })).body.items[0];
    expect((await t.api('PATCH', `/api/admin/users/${u.id}/status`, { cookie: cookies.admin, body: { status: 'inactive' } })).status).toBe(200);
    expectError(await t.api('GET', '/api/admin/stats', { cookie }), 401);
  });

  it('the demo sessions are all still signed in', async () => {
    await expectSignedIn(t, cookies);
  });
});

describe('founder portal', () => {
  it('GET /api/founder/stats: the network and both legs from the demo tree', async () => {
    const r = await t.api('GET', '/api/founder/stats', { cookie: cookies.founder });
    expect(r.status).toBe(200);
    // The demo member sits on the founder's left with four members below; the franchise holder on the right; the pending user is not placed.
    // Revenue: the completed purchases of the demo history.
    const [sales] = await query<{ total: string }>(t, sql`select coalesce(sum(total_amount), 0)::text as total from purchases where payment_status = 'completed'`);
    expect(Number(sales.total)).toBeGreaterThan(0);
    expect(r.body).toEqual({ totalUsers: 6, leftLegUsers: 5, rightLegUsers: 1, hiddenIds: 0, totalRevenue: sales.total, hiddenIdLimit: HIDDEN_ID_LIMIT });
  });

  it('GET /api/founder/hidden-ids: none yet', async () => {
    const r = await t.api('GET', '/api/founder/hidden-ids', { cookie: cookies.founder });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
  });

  it('both are founder-only', async () => {
    for (const url of ['/api/founder/stats', '/api/founder/hidden-ids']) {
      expectError(await t.api('GET', url), 401);
      for (const cookie of [cookies.admin, cookies.member, cookies.pending]) expectError(await t.api('GET', url, { cookie }), 403, { code: 'FORBIDDEN' });
    }
  });
});
