import { identityGate } from '../../server/modules/auth/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { startTestApp, type TestApp } from '../support/test-app';
import { demoCookies, expectError, expectSignedIn } from '../support/http';
import { readContract, type ContractRow } from '../support/contract';
import { ACCESS_LEVELS, type Access } from '../../contracts/access';
import { MSG } from '../../contracts/messages';
import { registerRoutes, assertAllRoutesDeclared, type RouteDef } from '../../server/http/routes';

/** The contract: contracts/api-routes.tsv (method, path, access, source, notes). */
const contract: ContractRow[] = readContract();
const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
const contractByKey = new Map(contract.map((r) => [key(r.method, r.path), r]));
/** Document 1's own routes, plus the notification routes and GET /api/logout it relies on. */
const docOneExtras = new Set(['GET /api/notifications/unread-count', 'POST /api/notifications/:id/read', 'POST /api/notifications/read-all', 'GET /api/logout']);
const docOne = contract.filter((r) => /\b1§[27]/.test(r.source) || docOneExtras.has(key(r.method, r.path)));

/** A concrete URL for a route pattern: a random uuid for ids, a plausible value for other params. */
const concrete = (path: string) => path.replace(/:(\w+)/g, (_m, name: string) => (name === 'code' ? 'MB0000001' : randomUUID()));
/** The smallest body that cannot change anything. */
const bodyFor = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : {});

let t: TestApp;
let cookies: Awaited<ReturnType<typeof demoCookies>> & { franchise: string };
let registered: { method: string; url: string; access?: Access }[];

beforeAll(async () => {
  t = await startTestApp();
  cookies = { ...(await demoCookies(t)), franchise: await t.login(t.demo.franchise.email, t.demo.franchise.password) };
  registered = t.runtime.routes.filter((r) => !(r.method === 'GET' && r.url === '/*'));
});
afterAll(async () => t?.close());

const registeredContractRoutes = () => contract.filter((r) => registered.some((x) => key(x.method, x.url) === key(r.method, r.path)));
const callAs = (r: ContractRow, cookie?: string) => t.api(r.method, concrete(r.path), { cookie, body: bodyFor(r.method) });

describe('the contract table', () => {
  it('parses, with only known access levels', () => {
    expect(contract.length).toBeGreaterThan(90);
    for (const r of contract) expect(ACCESS_LEVELS, `${key(r.method, r.path)}`).toContain(r.access);
  });

  it('every route of document 1 is registered', () => {
    expect(docOne.length).toBeGreaterThanOrEqual(27);
    const missing = docOne.filter((r) => !registered.some((x) => key(x.method, x.url) === key(r.method, r.path)));
    expect(missing.map((r) => key(r.method, r.path))).toEqual([]);
  });

  it('every route of the contract is registered (spec-coverage reports none missing)', () => {
    const missing = contract.filter((r) => !registered.some((x) => key(x.method, x.url) === key(r.method, r.path)));
    expect(missing.map((r) => key(r.method, r.path))).toEqual([]);
  });

  it("every registered contract route declares the contract's access level", () => {
    const problems: string[] = [];
    for (const r of registered) {
      const row = contractByKey.get(key(r.method, r.url));
      // Routes outside the table (added by later documents) only need a declaration, checked below.
      if (row && r.access !== row.access) problems.push(`${key(r.method, r.url)} declares ${r.access}, the contract says ${row.access}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('access declarations', () => {
  it('every registered route (but the web fallback) declares one of the access levels', () => {
    expect(registered.length).toBeGreaterThan(25);
    for (const r of registered) {
      expect(ACCESS_LEVELS, key(r.method, r.url)).toContain(r.access);
      expect(t.runtime.app.hasRoute({ method: r.method as 'GET', url: r.url })).toBe(true);
    }
    expect(t.runtime.routes.filter((r) => !registered.includes(r)).map((r) => key(r.method, r.url))).toEqual(['GET /*']);
  });

  it('registerRoutes refuses a route without an access declaration', async () => {
    const app = Fastify({ logger: false });
    const bad = { method: 'GET', url: '/undeclared', handler: async () => ({}) } as unknown as RouteDef;
    expect(() => registerRoutes(app, t.runtime.ctx, [bad], identityGate)).toThrow(/no access declaration/);
    const wrong = { ...bad, access: 'everyone' } as unknown as RouteDef;
    expect(() => registerRoutes(app, t.runtime.ctx, [wrong], identityGate)).toThrow(/no access declaration/);
    await app.close();
  });

  it('assertAllRoutesDeclared refuses a route registered outside registerRoutes', async () => {
    const app = Fastify({ logger: false });
    assertAllRoutesDeclared(app);
    expect(() => app.get('/sneaky', async () => ({}))).toThrow(/no access declaration/);
    expect(() => app.route({ method: 'POST', url: '/declared', config: { access: 'admin' }, handler: async () => ({}) })).not.toThrow();
    await app.close();
  });
});

describe('enforcement, table-driven from api-routes.tsv', () => {
  it('signed out: 401 on every non-public route; public routes never 403 or 5xx', async () => {
    const rows = registeredContractRoutes();
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows) {
      const res = await callAs(r);
      if (r.access === 'public') {
        expect(res.status, key(r.method, r.path)).toBeLessThan(500);
        expect(res.status, key(r.method, r.path)).not.toBe(403);
      } else {
        expectError(res, 401, { code: 'UNAUTHENTICATED', message: MSG.notSignedIn });
      }
    }
  });

  it('a pending user gets 403 on member, founder, reviewer, admin and franchise routes', async () => {
    for (const r of registeredContractRoutes().filter((x) => ['member', 'founder', 'reviewer', 'admin', 'franchise'].includes(x.access))) {
      expectError(await callAs(r, cookies.pending), 403, { code: 'FORBIDDEN', message: MSG.forbidden });
    }
  });

  it('a member gets 403 on founder, reviewer, admin and franchise routes', async () => {
    for (const r of registeredContractRoutes().filter((x) => ['founder', 'reviewer', 'admin', 'franchise'].includes(x.access))) {
      expectError(await callAs(r, cookies.member), 403, { code: 'FORBIDDEN' });
    }
  });

  it('a founder gets 403 on admin-only routes', async () => {
    for (const r of registeredContractRoutes().filter((x) => x.access === 'admin')) {
      expectError(await callAs(r, cookies.founder), 403, { code: 'FORBIDDEN' });
    }
  });

  it('an admin gets 403 on member, founder and franchise routes', async () => {
    for (const r of registeredContractRoutes().filter((x) => ['member', 'founder', 'franchise'].includes(x.access))) {
      expectError(await callAs(r, cookies.admin), 403, { code: 'FORBIDDEN' });
    }
  });

  it('every signed-in status passes the guard of session routes (no 401/403, no 5xx)', async () => {
    const rows = registeredContractRoutes().filter((x) => x.access === 'session' && !x.path.includes('logout'));
    for (const [who, cookie] of Object.entries(cookies)) {
      for (const r of rows) {
        const res = await callAs(r, cookie);
        expect([401, 403], `${who} ${key(r.method, r.path)} -> ${res.status}`).not.toContain(res.status);
        expect(res.status, `${who} ${key(r.method, r.path)}`).toBeLessThan(500);
      }
    }
  });

  it('the allowed roles pass the guard of restricted routes', async () => {
    const allowed: Record<string, (keyof typeof cookies)[]> = {
      member: ['member', 'founder', 'franchise'],
      founder: ['founder'],
      reviewer: ['admin', 'founder'],
      admin: ['admin'],
      franchise: ['franchise'],
    };
    for (const r of registeredContractRoutes().filter((x) => x.access in allowed)) {
      for (const who of allowed[r.access]) {
        const res = await callAs(r, cookies[who]);
        expect([401, 403], `${who} ${key(r.method, r.path)}`).not.toContain(res.status);
        expect(res.status).toBeLessThan(500);
      }
    }
  });

  it('the demo sessions are all still signed in (nothing above logged anyone out)', async () => {
    await expectSignedIn(t, cookies);
  });
});

describe('GET /api/users (the admin route of document 1 §7)', () => {
  it('answers the admin a list without secrets, identity numbers masked', async () => {
    const r = await t.api('GET', '/api/users', { cookie: cookies.admin });
    expect(r.status).toBe(200);
    expect(r.body.length).toBeGreaterThanOrEqual(8);
    for (const u of r.body) {
      expect(u).toEqual(
        expect.objectContaining({ id: expect.any(String), userId: expect.stringMatching(/^MB\d{7}$/), email: expect.any(String), role: expect.any(String), status: expect.any(String) }),
      );
      for (const k of ['password', 'txnPin', 'originalPassword']) expect(u).not.toHaveProperty(k);
    }
    expect(JSON.stringify(r.body)).not.toContain('$argon2');
  });

  it('searches by name, email and userId; wildcards are literal', async () => {
    const all = (await t.api('GET', '/api/users', { cookie: cookies.admin })).body as { userId: string; email: string }[];
    const member = all.find((u) => u.email === t.demo.member.email)!;
    const byName = await t.api('GET', '/api/users?search=asha%20verma', { cookie: cookies.admin });
    expect(byName.body.map((u: { email: string }) => u.email)).toEqual([t.demo.member.email]);
    const byId = await t.api('GET', `/api/users?search=${member.userId}`, { cookie: cookies.admin });
    expect(byId.body.map((u: { userId: string }) => u.userId)).toEqual([member.userId]);
    expect((await t.api('GET', '/api/users?search=%25', { cookie: cookies.admin })).body).toEqual([]);
    expect((await t.api('GET', '/api/users?search=_', { cookie: cookies.admin })).body).toEqual([]);
    expect((await t.api('GET', '/api/users?limit=2', { cookie: cookies.admin })).body).toHaveLength(2);
  });

  it('refuses bad query values with 400', async () => {
    expectError(await t.api('GET', '/api/users?limit=0', { cookie: cookies.admin }), 400, { code: 'VALIDATION_ERROR' });
    expectError(await t.api('GET', `/api/users?search=${'x'.repeat(101)}`, { cookie: cookies.admin }), 400, { code: 'VALIDATION_ERROR' });
  });

  it('answers 401 signed out and 403 to founder, member and pending user', async () => {
    expectError(await t.api('GET', '/api/users'), 401);
    for (const cookie of [cookies.founder, cookies.member, cookies.pending]) {
      expectError(await t.api('GET', '/api/users?search=a', { cookie }), 403, { code: 'FORBIDDEN' });
    }
  });
});
