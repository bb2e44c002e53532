import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { demoCookies, query } from '../support/http';
import { SIMULATE_JOB, simulate, simulateAndWait } from '../../server/modules/compensation';
import { findUserById } from '../../server/modules/users';
import { jobDefinitions } from '../../server/workers/jobs';
import { startJobRunner, type JobRunner } from '../../server/workers/job-runner';
import { DEFAULT_PLAN, SimulationResult } from '../../contracts/compensation';

/**
 * The simulator as a job (ADR 0027), with the app on RUN_JOBS=0 and a worker beside it as in production: the
 * admin's request only queues the run; the worker runs the engine on the cycle's snapshot and stores the result;
 * only the admin who asked reads it.
 */
let t: TestApp;
let admin: string;
let admin2: string;
let member: string;
let worker: JobRunner;
let planId: string;
let postedId: string;
let openId: string;
const BASE = '/api/admin/compensation';

beforeAll(async () => {
  t = await startTestApp({ config: { runJobs: false } });
  expect(t.runtime.jobs).toBeNull();
  ({ admin, member } = await demoCookies(t));
  await t.createUser({ email: 'sim.admin2@example.com', password: 'Second#Admin1', role: 'admin' });
  admin2 = await t.login('sim.admin2@example.com', 'Second#Admin1');
  // `npm run worker` on the same database: only the simulator, run when the test says.
  const defs = jobDefinitions({ flush: async () => 0, kick: () => undefined, stop: async () => undefined } as never).filter((d) => d.name === SIMULATE_JOB);
  worker = await startJobRunner(t.runtime.ctx, defs, { poll: false, worker: 'sim-worker' });
  const draft = await t.api('POST', `${BASE}/plans`, { cookie: admin, body: { config: { ...DEFAULT_PLAN, bvValue: '1.10' } } });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  planId = draft.body.id;
  const cycles = (await t.api('GET', `${BASE}/cycles?kind=pairing`, { cookie: admin })).body.items as { id: string; status: string }[];
  postedId = cycles.find((c) => c.status === 'posted')!.id;
  openId = cycles.find((c) => c.status === 'open')!.id;
  expect(postedId, 'the demo history has a posted pairing cycle').toBeDefined();
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

const simulationJobs = () => query<{ key: string }>(t, sql`select key from jobs where name = ${SIMULATE_JOB}`);

describe('the simulator as a job', () => {
  it('is queued by the request (202), run by the worker, and its result read back', async () => {
    const q = await t.api('POST', `${BASE}/simulations`, { cookie: admin, body: { planId, cycleId: postedId } });
    expect(q.status, JSON.stringify(q.body)).toBe(202);
    expect(q.body).toMatchObject({ status: 'queued', planId, cycleId: postedId, result: null, error: null, finishedAt: null });
    const id = q.body.id as string;
    // The request computed nothing: the job waits for the worker.
    expect(await simulationJobs()).toEqual([{ key: `${SIMULATE_JOB}:${id}` }]);
    const waiting = await t.api('GET', `${BASE}/simulations/${id}`, { cookie: admin });
    expect(waiting.status).toBe(200);
    expect(waiting.body).toMatchObject({ id, status: 'queued', result: null });

    expect(await worker.runDue([SIMULATE_JOB])).toBe(1);
    expect(await simulationJobs()).toEqual([]);
    const done = await t.api('GET', `${BASE}/simulations/${id}`, { cookie: admin });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('done');
    expect(done.body.finishedAt).toEqual(expect.any(String));
    const result = SimulationResult.parse(done.body.result);
    expect(result).toMatchObject({ cycleId: postedId, basePlanVersion: expect.any(Number) });
    // The figures are the engine's, as the synchronous simulator computed them.
    expect(result).toEqual(await simulate(t.runtime.ctx, planId, postedId));
  });

  it('is read only by the admin who asked: another admin gets 404, a member 403, signed out 401', async () => {
    const q = await t.api('POST', `${BASE}/simulations`, { cookie: admin, body: { planId, cycleId: postedId } });
    expect(q.status).toBe(202);
    await worker.runDue([SIMULATE_JOB]);
    const url = `${BASE}/simulations/${q.body.id}`;
    expect((await t.api('GET', url, { cookie: admin })).body.status).toBe('done');
    const other = await t.api('GET', url, { cookie: admin2 });
    expect(other.status).toBe(404);
    expect(other.body.result).toBeUndefined();
    expect((await t.api('GET', url, { cookie: member })).status).toBe(403);
    expect((await t.api('POST', `${BASE}/simulations`, { cookie: member, body: { planId, cycleId: postedId } })).status).toBe(403);
    expect((await t.api('GET', url)).status).toBe(401);
    expect((await t.api('GET', `${BASE}/simulations/not-an-id`, { cookie: admin })).status).toBe(400);
  });

  it('refuses at once what it cannot run, queueing nothing', async () => {
    const before = await query<{ n: number }>(t, sql`select count(*)::int as n from comp_simulations`);
    const open = await t.api('POST', `${BASE}/simulations`, { cookie: admin, body: { planId, cycleId: openId } });
    expect(open.status).toBe(409);
    expect(open.body.message).toBe('Simulate against a closed, calculated or posted cycle');
    const noPlan = await t.api('POST', `${BASE}/simulations`, { cookie: admin, body: { planId: '00000000-0000-4000-8000-000000000000', cycleId: postedId } });
    expect(noPlan.status).toBe(404);
    const bad = await t.api('POST', `${BASE}/simulations`, { cookie: admin, body: { planId: 'x', cycleId: postedId } });
    expect(bad.status).toBe(400);
    expect(await simulationJobs()).toEqual([]);
    expect(await query<{ n: number }>(t, sql`select count(*)::int as n from comp_simulations`)).toEqual(before);
  });

  it('simulates the draft as it stood when asked, not a later edit', async () => {
    const asked = { ...DEFAULT_PLAN, bvValue: '1.10' };
    const q = await t.api('POST', `${BASE}/simulations`, { cookie: admin, body: { planId, cycleId: postedId } });
    const edited = await t.api('PUT', `${BASE}/plans/${planId}`, { cookie: admin, body: { config: { ...DEFAULT_PLAN, bvValue: '3.00' } } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await worker.runDue([SIMULATE_JOB]);
    const done = await t.api('GET', `${BASE}/simulations/${q.body.id}`, { cookie: admin });
    expect(done.body.result).toEqual(await simulate(t.runtime.ctx, planId, postedId, asked));
    const put = await t.api('PUT', `${BASE}/plans/${planId}`, { cookie: admin, body: { config: asked } });
    expect(put.status).toBe(200);
  });

  it('POST /simulate (the reference contract) runs the same job on the worker and answers its result', async () => {
    const polling = await startJobRunner(
      t.runtime.ctx,
      jobDefinitions({ flush: async () => 0, kick: () => undefined, stop: async () => undefined } as never).filter((d) => d.name === SIMULATE_JOB),
      { poll: true, pollMs: 20, worker: 'sim-polling' },
    );
    try {
      const r = await t.api('POST', `${BASE}/simulate`, { cookie: admin, body: { planId, cycleId: postedId } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toEqual(await simulate(t.runtime.ctx, planId, postedId));
      const me = (await userByEmail(t, t.demo.admin.email))!;
      const rows = await query<{ status: string }>(t, sql`select status from comp_simulations where requested_by = ${me.id}::uuid order by requested_at desc, id limit 1`);
      expect(rows[0].status).toBe('done');
      const open = await t.api('POST', `${BASE}/simulate`, { cookie: admin, body: { planId, cycleId: openId } });
      expect(open.status).toBe(409);
    } finally {
      await polling.stop();
    }
  });

  it('POST /simulate answers 202 with the simulation to poll when the job outlasts the wait', async () => {
    const me = (await userByEmail(t, t.demo.admin.email))!;
    const user = (await findUserById(t.runtime.ctx.db, me.id))!;
    // A worker too busy to finish within the wait: the queue answers that the job still runs.
    const ctx = { ...t.runtime.ctx, jobs: { ...t.runtime.ctx.jobs, queueAndWait: async () => false } };
    const r = await simulateAndWait(ctx, { user, role: user.role, ip: null, userAgent: null }, { planId, cycleId: postedId });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ status: 'queued', planId, cycleId: postedId, result: null });
  });
});
