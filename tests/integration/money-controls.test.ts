import { identityGate } from '../../server/modules/auth/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { startTestApp, userByEmail, type TestApp, demoUsers } from '../support/test-app';
import { bearer, demoCookies } from '../support/http';
import { actorFor } from '../support/actor';
import { API } from '../../contracts/api';
import { Message } from '../../contracts/route-contract';
import { MSG } from '../../contracts/messages';
import { IMPERSONATION_WRITES_ALLOWED, MONEY_CONTROLS, OUTSIDE_MONEY_CONTROLS, type MoneyControl } from '../../contracts/money-controls';
import { MONEY_CONTROLS_DOC, renderMoneyControls } from '../../scripts/money-controls-doc';
import { registerRoutes, type RouteDef } from '../../server/http/routes';
import { takeResponseViolations } from '../../server/http/response-check';
import { noteControlled } from '../../server/core/control-trace';
import { issueImpersonationCode } from '../../server/modules/impersonation/impersonation.service';
import { insertSession } from '../../server/modules/auth/session.repo';
import { newToken, sha256 } from '../../server/lib/crypto';
import type { UserRow } from '../../server/modules/users/users.repo';

/**
 * Issue 29, the money-control matrix (contracts/money-controls.ts): every write route is classified, the routes that
 * move money or credentials carry their row, the server takes step-up from it, the page is generated from it, and an
 * impersonation token is refused on every write route but the allow-list.
 */
let t: TestApp;
let c: Awaited<ReturnType<typeof demoCookies>>;
let admin: UserRow;
let member: UserRow;
let writes: { method: string; url: string; access?: string }[];
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const controls = MONEY_CONTROLS as Record<string, MoneyControl>;
const outside = OUTSIDE_MONEY_CONTROLS as Record<string, string>;
const allowed = IMPERSONATION_WRITES_ALLOWED as Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  c = await demoCookies(t);
  ({ admin, member } = await demoUsers(t, 'admin', 'member'));
  writes = t.runtime.routes.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method));
});
afterAll(async () => t?.close());

const concrete = (path: string) => path.replace(/:(\w+)/g, (_m, name: string) => (name === 'userId' ? 'MB0000001' : randomUUID()));

describe('the matrix is complete', () => {
  it('classifies every write route once: a row of the matrix, or outside it with why', () => {
    expect(writes.length).toBeGreaterThan(80);
    const problems: string[] = [];
    for (const r of writes) {
      const k = key(r);
      if (!(k in controls) && !(k in outside)) problems.push(`${k} is in neither MONEY_CONTROLS nor OUTSIDE_MONEY_CONTROLS`);
      if (k in controls && k in outside) problems.push(`${k} is in both`);
    }
    const registered = new Set(t.runtime.routes.map(key));
    for (const k of [...Object.keys(controls), ...Object.keys(outside), ...Object.keys(allowed)]) {
      if (!registered.has(k)) problems.push(`${k} is named but not registered`);
      if (!(k in API)) problems.push(`${k} is named but has no contract`);
    }
    expect(problems).toEqual([]);
  });

  it('gives every row each column, and a condition to every conditional step-up', () => {
    for (const [k, row] of Object.entries(controls)) {
      for (const field of ['action', 'starts', 'approves', 'limits', 'audit', 'told'] as const) expect(row[field].trim().length, `${k} ${field}`).toBeGreaterThan(0);
      if (row.stepUp === 'conditional') expect(row.stepUpWhen, k).toBeTruthy();
    }
    for (const [k, why] of Object.entries({ ...outside, ...allowed })) expect(why.trim().length, k).toBeGreaterThan(5);
  });

  it('covers the actions the issue names', () => {
    for (const k of [
      'POST /api/admin/send-fund',
      'POST /api/admin/fund-requests/:id/approve',
      'POST /api/admin/approve-withdrawal/:id',
      'POST /api/admin/withdraw-personally',
      'POST /api/admin/compensation/adjustments',
      'POST /api/admin/compensation/cycles/:id/calculate',
      'POST /api/admin/compensation/cycles/:id/approve',
      'POST /api/admin/compensation/cycles/:id/post',
      'POST /api/admin/compensation/plans/:id/activate',
      'POST /api/franchise/local-sales',
      'POST /api/admin/stock-requests/:id/dispatch',
      'PATCH /api/admin/users/:id',
      'PUT /api/users/:userId',
      'PATCH /api/users/:id',
      'PATCH /api/admin/users/:id/status',
      'POST /api/admin/users/:id/two-factor/reset',
      'PATCH /api/admin/franchise-requests/:id',
    ])
      expect(controls[k], k).toBeDefined();
  });

  it('names in its audit column only actions the server writes', () => {
    const names = new Set<string>();
    for (const row of Object.values(controls)) for (const m of row.audit.matchAll(/\b([a-z_]+\.[a-z_]+)\b/g)) names.add(m[1]);
    const written = new Set<string>();
    for (const f of listServerFiles()) for (const m of readFileSync(f, 'utf8').matchAll(/['`]([a-z_]+\.[a-z_]+)['`]/g)) written.add(m[1]);
    // Actions built from a prefix or a ternary: the maker-checker kinds and Send Fund.
    for (const p of ['fund', 'credential_change', 'role_change', 'admin_invite', 'comp_adjustment', 'payout_details', 'return'])
      for (const s of ['approval_requested', 'approval_approved']) written.add(`${p}.${s}`);
    for (const a of ['fund.credit', 'fund.debit', 'franchise.approve', 'franchise.reject', 'user.activate', 'user.block', 'withdrawal.request', 'withdrawal.create_for_user']) written.add(a);
    expect([...names].filter((n) => !written.has(n))).toEqual([]);
  });

  it('docs/security/money-controls.md is the matrix as `npm run docs:controls` renders it', () => {
    expect(readFileSync(MONEY_CONTROLS_DOC, 'utf8')).toBe(renderMoneyControls());
  });

  it('a route that moves money without a row is reported like an answer off its contract', async () => {
    const app = Fastify({ logger: false });
    const schema = { response: { 200: Message } };
    const defs: RouteDef[] = [
      { method: 'POST', url: '/sneaky-credit', access: 'public', schema, handler: async () => (noteControlled('money'), { message: 'ok' }) },
      { method: 'POST', url: '/api/admin/send-fund', access: 'public', schema, handler: async () => (noteControlled('money'), { message: 'ok' }) },
    ];
    registerRoutes(app, t.runtime.ctx, defs, identityGate);
    await app.ready();
    takeResponseViolations(app);
    const origin = { origin: t.runtime.ctx.config.appUrl };
    expect((await app.inject({ method: 'POST', url: '/sneaky-credit', headers: origin })).statusCode).toBe(200);
    expect(takeResponseViolations(app).map((v) => v.problem)).toEqual(['changed money without a row in contracts/money-controls.ts MONEY_CONTROLS']);
    // The same write from a route that has its row passes.
    await app.inject({ method: 'POST', url: '/api/admin/send-fund', headers: origin });
    expect(takeResponseViolations(app)).toEqual([]);
    await app.close();
  });
});

describe('step-up comes from the matrix', () => {
  it('every "always" route refuses a session without a recent second factor, before anything else', async () => {
    const token = newToken();
    await insertSession(t.runtime.ctx.db, { sid: sha256(token), userId: admin.id, expire: new Date(t.clock.now().getTime() + 3600_000), sess: {}, verifiedAt: null });
    const stale = `sid=${token}`;
    const always = Object.entries(controls)
      .filter(([, r]) => r.stepUp === 'always')
      .map(([k]) => k);
    expect(always.length).toBeGreaterThanOrEqual(10);
    for (const k of always) {
      const [method, path] = k.split(' ');
      const route = t.runtime.routes.find((r) => key(r) === k)!;
      // Admin routes are asked as the admin; others (none today) would need their own caller.
      expect(route.access, k).toBe('admin');
      const r = await t.api(method, concrete(path), { cookie: stale, body: {} });
      expect([r.status, r.body?.code], k).toEqual([403, 'STEP_UP_REQUIRED']);
    }
  });
});

describe('impersonation is read-only by construction', () => {
  it('refuses every write route of the contract under an impersonation token, but the allow-list', async () => {
    const { code } = await issueImpersonationCode(t.runtime.ctx, actorFor(admin), member.id);
    const token = (await t.exchange(code, admin.id)).body.accessToken as string;
    const problems: string[] = [];
    let checked = 0;
    for (const r of writes) {
      if (key(r) in allowed) continue;
      const res = await t.api(r.method, concrete(r.url), { headers: bearer(token), body: {} });
      checked++;
      if (res.status !== 403 || res.body?.code !== 'IMPERSONATION_FORBIDDEN') problems.push(`${key(r)} answered ${res.status} ${res.body?.code ?? ''}`);
    }
    expect(checked).toBeGreaterThan(80);
    expect(problems).toEqual([]);
    // The token still works for reads, and ends through the allow-listed revoke.
    expect((await t.api('GET', '/api/auth/user', { headers: bearer(token) })).status).toBe(200);
    expect((await t.api('POST', '/api/impersonation/revoke', { headers: bearer(token) })).status).toBe(200);
  });

  it('never opens an admin or a founder', async () => {
    const founder = (await userByEmail(t, t.demo.founder.email))!;
    const admin2 = (await userByEmail(t, t.demo.admin2.email))!;
    for (const target of [founder, admin2]) {
      const r = await t.api('POST', `/api/admin/login-as-user/${target.id}`, { cookie: c.admin });
      expect(r.status, target.email).toBe(409);
      expect(r.body.code).toBe('IMPERSONATION_FORBIDDEN');
    }
    const r = await t.api('POST', `/api/admin/login-as-user/${founder.id}`, { cookie: c.admin });
    expect(r.body.message).toBe(MSG.impersonationPrivileged);
    await expect(issueImpersonationCode(t.runtime.ctx, actorFor(admin), founder.id)).rejects.toMatchObject({ code: 'IMPERSONATION_FORBIDDEN' });
  });
});

/** The server's source files (not its tests): where audit actions are written. */
function listServerFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = `${dir}/${name}`;
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts') && !p.endsWith('.test.ts')) out.push(p);
    }
  };
  walk('server');
  return out;
}
