import { identityGate } from '../../server/modules/auth/identity';
import { withJobQueue } from '../../server/workers/job-requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { TestApp } from '../support/test-app';
import { startWithDemoCookies, type DemoCookies } from '../support/start';
import { expectError } from '../support/http';
import { codeFor } from '../support/authenticator';
import { DEFAULT_PLAN } from '../../contracts/compensation';
import { assertAnswersOnContract } from '../support/contract';
import { API } from '../../contracts/api';
import { file } from '../../contracts/route-contract';
import { registerRoutes, contractOf, type RouteDef } from '../../server/http/routes';
import { installErrorHandler } from '../../server/http/error-handler';
import { checkAnswer } from '../../server/http/response-check';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { systemClock } from '../../server/lib/clock';
import type { Db } from '../../server/db/client';

/** Issue 14: the contract of every route, published as OpenAPI 3.1 and held by the tests. */

let t: TestApp;
let cookies: DemoCookies;
const key = (method: string, url: string) => `${method} ${url}`;
/** The routes `npm run routes` prints: buildApp's list without the web fallback. */
const listed = () => t.runtime.routes.filter((r) => r.url !== '/*').map((r) => key(r.method, r.url));

beforeAll(async () => ({ t, c: cookies } = await startWithDemoCookies()));
afterAll(async () => t?.close());

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const r = await t.api('GET', '/api/openapi.json', { cookie: cookies.admin });
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toContain('application/json');
    expect(r.body.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(r.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every route of npm run routes, each with its access, and an answer for every success it declares', async () => {
    const doc = (await t.api('GET', '/api/openapi.json', { cookie: cookies.admin })).body;
    const inDoc = Object.entries(doc.paths as Record<string, Record<string, { 'x-access': string; responses: Record<string, unknown> }>>).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ key: key(method.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1')), op })),
    );
    const routes = listed();
    expect(routes.length).toBeGreaterThanOrEqual(139);
    expect(routes.filter((r) => !inDoc.some((d) => d.key === r))).toEqual([]);
    expect(inDoc.map((d) => d.key).filter((k) => !routes.includes(k))).toEqual([]);
    for (const r of t.runtime.routes.filter((x) => x.url !== '/*')) {
      const op = inDoc.find((d) => d.key === key(r.method, r.url))!.op;
      expect(op['x-access'], key(r.method, r.url)).toBe(r.access);
      expect(
        Object.keys(op.responses).some((s) => /^[23]\d\d$/.test(s)),
        key(r.method, r.url),
      ).toBe(true);
    }
  });

  it('every registered route has a contract with a response for success, and contracts/api names no route that does not exist', () => {
    const routes = listed();
    expect(Object.keys(API).filter((k) => !routes.includes(k))).toEqual([]);
    for (const r of routes) {
      const [method, url] = r.split(' ');
      const contract = contractOf({ method: method as 'GET', url });
      expect(contract, r).toBeDefined();
      expect(
        Object.keys(contract!.response).some((s) => Number(s) < 400),
        r,
      ).toBe(true);
    }
  });

  it('is for admins only outside development: 401 signed out, 403 to anyone else', async () => {
    for (const url of ['/api/openapi.json', '/api/docs']) {
      expectError(await t.api('GET', url), 401, { code: 'UNAUTHENTICATED' });
      for (const who of ['member', 'founder', 'pending'] as const) expectError(await t.api('GET', url, { cookie: cookies[who] }), 403);
    }
  });

  it('is open to anyone in development (no database needed to describe the API)', async () => {
    const noDatabase = new Proxy(
      {},
      {
        get: () => {
          throw new Error('no database');
        },
      },
    ) as Db;
    const { app } = await buildApp(withJobQueue({ db: noDatabase, config: loadConfig({ NODE_ENV: 'development' }), clock: systemClock, secret: 'x'.repeat(32), kickMail: () => undefined }), {
      logger: false,
    });
    try {
      const r = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(r.statusCode).toBe(200);
      expect(Object.keys(r.json().paths).length).toBeGreaterThan(100);
      expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/docs', () => {
  it('renders every route and schema as one page without a script', async () => {
    const r = await t.api('GET', '/api/docs', { cookie: cookies.admin });
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toContain('text/html');
    expect(String(r.headers['content-security-policy'])).toContain("script-src 'self'");
    const html = r.body as string;
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('/api/wallet/transactions');
    expect(html).toContain('id="schema-WalletSummary"');
    expect(html).toContain('href="#schema-LedgerEntry"');
    for (const route of listed()) expect(html, route).toContain(route.split(' ')[1].replace(/:(\w+)/g, '{$1}'));
  });
});

describe('answers are checked against their contract', () => {
  // A survey run (TEST_CONTRACT_LOG) collects mismatches instead of throwing: these tests need the throw.
  const survey = process.env.TEST_CONTRACT_LOG;
  beforeAll(() => {
    delete process.env.TEST_CONTRACT_LOG;
  });
  afterAll(() => {
    if (survey) process.env.TEST_CONTRACT_LOG = survey;
  });

  /** An app with routes that answer on and off their declared schemas, checked as the test harness checks. */
  async function probeApp(defs: RouteDef[]) {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    registerRoutes(app, { ...t.runtime.ctx, config: { ...t.runtime.ctx.config, checkResponses: true } }, defs, identityGate);
    await app.ready();
    return app;
  }
  const Thing = z.strictObject({ name: z.string(), count: z.number().int() });
  const probe = (url: string, answer: (reply: import('fastify').FastifyReply) => unknown): RouteDef => ({
    method: 'GET',
    url,
    access: 'public',
    schema: { response: { 200: Thing, 201: file(['text/csv'], 'a file') } },
    handler: async (_req, reply) => answer(reply),
  });

  it('a route whose answer drifts from its schema fails the test that called it, naming the route, status and fields', async () => {
    const app = await probeApp([
      probe('/probe/ok', () => ({ name: 'a', count: 1 })),
      probe('/probe/wrong-type', () => ({ name: 'a', count: '1' })),
      probe('/probe/extra-field', () => ({ name: 'a', count: 1, password: 'x' })),
      probe('/probe/missing-field', () => ({ name: 'a' })),
    ]);
    try {
      await app.inject({ method: 'GET', url: '/probe/ok' });
      expect(() => assertAnswersOnContract(app)).not.toThrow();
      await app.inject({ method: 'GET', url: '/probe/wrong-type' });
      expect(() => assertAnswersOnContract(app)).toThrow(/GET \/probe\/wrong-type \(\/probe\/wrong-type\) answered 200 off its contract.*count: Invalid input: expected number, received string/);
      await app.inject({ method: 'GET', url: '/probe/extra-field' });
      expect(() => assertAnswersOnContract(app)).toThrow(/extra-field.*Unrecognized key.*password/);
      await app.inject({ method: 'GET', url: '/probe/missing-field' });
      expect(() => assertAnswersOnContract(app)).toThrow(/missing-field.*count: Invalid input/);
    } finally {
      await app.close();
    }
  });

  it('a status the route does not declare, the wrong content type or an error off the common error shape fails too', async () => {
    const app = await probeApp([
      probe('/probe/undeclared', (reply) => reply.status(202).send({ name: 'a', count: 1 })),
      probe('/probe/not-csv', (reply) => reply.status(201).header('content-type', 'application/json').send('{}')),
      probe('/probe/csv', (reply) => reply.status(201).header('content-type', 'text/csv; charset=utf-8').send('a,b\n')),
      probe('/probe/bad-error', (reply) => reply.status(409).send({ error: 'nope' })),
      probe('/probe/good-error', (reply) => reply.status(409).send({ message: 'Taken', code: 'CONFLICT' })),
    ]);
    try {
      await app.inject({ method: 'GET', url: '/probe/undeclared' });
      expect(() => assertAnswersOnContract(app)).toThrow(/answered 202 off its contract.*status 202 is not declared \(declared: 200, 201\)/);
      await app.inject({ method: 'GET', url: '/probe/not-csv' });
      expect(() => assertAnswersOnContract(app)).toThrow(/content type application\/json is not one of text\/csv/);
      await app.inject({ method: 'GET', url: '/probe/csv' });
      await app.inject({ method: 'GET', url: '/probe/good-error' });
      expect(() => assertAnswersOnContract(app)).not.toThrow();
      await app.inject({ method: 'GET', url: '/probe/bad-error' });
      expect(() => assertAnswersOnContract(app)).toThrow(/answered 409 off its contract.*message: Invalid input/);
    } finally {
      await app.close();
    }
  });

  it('registerRoutes refuses a route without a contract', async () => {
    const app = Fastify({ logger: false });
    const bare: RouteDef = { method: 'GET', url: '/no-contract', access: 'public', handler: async () => ({}) };
    expect(() => registerRoutes(app, t.runtime.ctx, [bare], identityGate)).toThrow(/GET \/no-contract has no contract/);
    await app.close();
  });

  it('checkAnswer reads JSON as sent', () => {
    const contract = API['GET /api/notifications/unread-count'];
    expect(checkAnswer(contract, 200, 'application/json; charset=utf-8', '{"count":3}')).toBeUndefined();
    expect(checkAnswer(contract, 200, 'application/json', '{"count":"3"}')).toMatch(/count/);
    expect(checkAnswer(contract, 200, 'text/html', '<p>')).toMatch(/content type text\/html/);
    expect(checkAnswer(contract, 401, 'application/json', '{"message":"Not signed in","code":"UNAUTHENTICATED"}')).toBeUndefined();
  });

  it('the harness checks real calls: the demo sign-ins and these calls were all on contract', async () => {
    const r = await t.api('GET', '/api/wallet', { cookie: cookies.member });
    expect(r.status).toBe(200);
    expect(() => assertAnswersOnContract(t.runtime.app)).not.toThrow();
  });
});

describe('the routes no other suite answers with success (their answers are checked here)', () => {
  const BASE = '/api/admin/compensation';

  it('plan versions, the simulator, adjustments and the cycle export answer on contract', async () => {
    const admin = cookies.admin;
    const plans = await t.api('GET', `${BASE}/plans`, { cookie: admin });
    expect(plans.status).toBe(200);
    const one = await t.api('GET', `${BASE}/plans/${plans.body.items[0].id}`, { cookie: admin });
    expect(one.status).toBe(200);
    const draft = await t.api('POST', `${BASE}/plans`, { cookie: admin, body: { config: DEFAULT_PLAN, basedOn: plans.body.items[0].id } });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const changed = await t.api('PUT', `${BASE}/plans/${draft.body.id}`, { cookie: admin, body: { config: { ...DEFAULT_PLAN, bvValue: '1.10' } } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.config.bvValue).toBe('1.10');

    const posted = (await t.api('GET', `${BASE}/cycles?status=posted`, { cookie: admin })).body.items[0];
    expect(posted, 'the demo history has posted cycles').toBeDefined();
    const simulated = await t.api('POST', `${BASE}/simulate`, { cookie: admin, body: { planId: draft.body.id, cycleId: posted.id } });
    expect(simulated.status, JSON.stringify(simulated.body)).toBe(200);
    const csv = await t.api('GET', `${BASE}/cycles/${posted.id}/export`, { cookie: admin });
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');

    const member = (await t.api('GET', '/api/auth/user', { cookie: cookies.member })).body;
    const adjustment = await t.api('POST', `${BASE}/adjustments`, { cookie: admin, body: { userId: member.userId, type: 'sponsor_income', amount: '10.00', reason: 'Contract check' } });
    expect(adjustment.status, JSON.stringify(adjustment.body)).toBe(201);
  });

  it('new recovery codes answer on contract', async () => {
    const r = await t.api('POST', '/api/auth/two-factor/recovery-codes', { cookie: cookies.admin, body: { code: codeFor(t.demo.admin.email) } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.recoveryCodes).toHaveLength(10);
  });
});
