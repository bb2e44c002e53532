import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { query } from '../support/http';
import { fundedMember } from '../support/money';
import { CALCULATE_JOB, type CalculateJobPayload } from '../../server/modules/compensation/compensation.service';
import { jobDefinitions } from '../../server/workers/jobs';
import { startJobRunner, type JobRunner } from '../../server/workers/job-runner';

/**
 * The app with RUN_JOBS=0 and a worker beside it, as in production: the calculate request queues the
 * calculation as a job and waits; the worker computes it (the app's memory stays flat at a million members).
 */
let t: TestApp;
let admin: string;
let admin2: string;
let worker: JobRunner;
const ran: CalculateJobPayload[] = [];
const BASE = '/api/admin/compensation';

beforeAll(async () => {
  t = await startTestApp({ config: { runJobs: false } });
  expect(t.runtime.jobs).toBeNull();
  admin = await t.login(t.demo.admin.email, t.demo.admin.password);
  await t.createUser({ email: 'worker.admin2@example.com', password: 'Second#Admin1', role: 'admin' });
  admin2 = await t.login('worker.admin2@example.com', 'Second#Admin1');
  // `npm run worker`: its own job runner (here on the same database, in this process), with only the calculation.
  const calc = jobDefinitions({ flush: async () => 0, kick: () => undefined, stop: async () => undefined } as never).find((d) => d.name === CALCULATE_JOB)!;
  worker = await startJobRunner(t.runtime.ctx, [{ ...calc, run: async (c, job) => { ran.push(job.payload as CalculateJobPayload); await calc.run(c, job); } }], { poll: true, pollMs: 20, worker: 'test-worker' });
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

describe('the payout calculation as a job', () => {
  it('is refused at once when it cannot run, computed by the worker when it can, and the request answers with its figures', async () => {
    const m = await fundedMember(t, admin, '50000.00');
    const products = await t.api('GET', '/api/products', { cookie: m.cookie });
    const buy = await t.api('POST', '/api/purchases', { cookie: m.cookie, body: { productId: products.body[0].id, quantity: 1, paymentMethod: 'wallet', deliveryAddress: 'Worker Lane 1, Pune 411001' } });
    expect(buy.status, JSON.stringify(buy.body)).toBe(201);
    const open = (await t.api('GET', `${BASE}/cycles?kind=pairing`, { cookie: admin })).body.items.find((c: { status: string }) => c.status === 'open');
    // An open cycle: refused by the request itself, nothing queued.
    const early = await t.api('POST', `${BASE}/cycles/${open.id}/calculate`, { cookie: admin });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Close the cycle before calculating it');
    expect(ran).toHaveLength(0);

    const closed = await t.api('POST', `${BASE}/cycles/close`, { cookie: admin, body: { kind: 'pairing' } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const id = closed.body.id as string;
    const r = await t.api('POST', `${BASE}/cycles/${id}/calculate`, { cookie: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ id, status: 'calculated' });
    const me = (await userByEmail(t, t.demo.admin.email))!;
    expect(ran).toEqual([expect.objectContaining({ cycleId: id, adminId: me.id })]);
    expect(await query(t, sql`select id from jobs where name = ${CALCULATE_JOB}`)).toHaveLength(0);
    const audited = await query<{ a: string }>(t, sql`select actor_id::text as a from audit_log where entity_id = ${id} and action = 'cycle.calculated'`);
    expect(audited.map((x) => x.a)).toEqual([me.id]);

    // Approved by the second admin and posted: calculating again is refused at once and queues nothing.
    expect((await t.api('POST', `${BASE}/cycles/${id}/approve`, { cookie: admin2 })).status).toBe(200);
    expect((await t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: admin })).status).toBe(200);
    const again = await t.api('POST', `${BASE}/cycles/${id}/calculate`, { cookie: admin });
    expect(again.status).toBe(409);
    expect(ran).toHaveLength(1);
  }, 90_000);
});
