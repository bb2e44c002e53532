import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { query } from '../support/http';
import { fundedMember } from '../support/money';
import { CALCULATE_JOB, POST_JOB, type CycleJobPayload } from '../../server/modules/compensation';
import { jobDefinitions } from '../../server/workers/jobs';
import { startJobRunner, type JobRunner } from '../../server/workers/job-runner';
import { queueAndWait } from '../../server/workers/job-requests';
import { enqueueJob, jobSummary, REFUSED } from '../../server/workers/jobs.repo';
import { conflict } from '../../server/core/app-error';
import { closePairingCycle } from '../support/compensation';

/**
 * The app with RUN_JOBS=0 and a worker beside it, as in production: the calculate request queues the
 * calculation as a job and waits; the worker computes it (the app's memory stays flat at a million members).
 */
let t: TestApp;
let admin: string;
let admin2: string;
let admin3: string;
let worker: JobRunner;
const ran: (CycleJobPayload & { job: string })[] = [];
const BASE = '/api/admin/compensation';

beforeAll(async () => {
  t = await startTestApp({ config: { runJobs: false } });
  expect(t.runtime.jobs).toBeNull();
  admin = await t.login(t.demo.admin.email, t.demo.admin.password);
  await t.createUser({ email: 'worker.admin2@example.com', password: 'Second#Admin1', role: 'admin' });
  admin2 = await t.login('worker.admin2@example.com', 'Second#Admin1');
  await t.createUser({ email: 'worker.admin3@example.com', password: 'Third#Admin1', role: 'admin' });
  admin3 = await t.login('worker.admin3@example.com', 'Third#Admin1');
  // `npm run worker`: its own job runner (here on the same database, in this process), with the calculation, the
  // posting and the volume applier (an app that runs no jobs leaves the close's last purchases to a worker's applier).
  const cycleJobs = [CALCULATE_JOB, POST_JOB];
  const defs = jobDefinitions({ flush: async () => 0, kick: () => undefined, stop: async () => undefined } as never).filter((d) => cycleJobs.includes(d.name) || d.name === 'volume.apply');
  const recorded = defs.map((d) => ({
    ...d,
    run: async (c: typeof t.runtime.ctx, job: Parameters<typeof d.run>[1]) => {
      if (cycleJobs.includes(job.name)) ran.push({ job: job.name, ...(job.payload as CycleJobPayload) });
      return d.run(c, job);
    },
  }));
  worker = await startJobRunner(t.runtime.ctx, recorded, { poll: true, pollMs: 20, worker: 'test-worker' });
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

describe('the payout calculation as a job', () => {
  it('is refused at once when it cannot run, computed by the worker when it can, and the request answers with its figures', async () => {
    const m = await fundedMember(t, admin, '50000.00');
    const products = await t.api('GET', '/api/products', { cookie: m.cookie });
    const buy = await t.api('POST', '/api/purchases', {
      cookie: m.cookie,
      body: { productId: products.body[0].id, quantity: 1, paymentMethod: 'wallet', deliveryAddress: 'Worker Lane 1, Pune 411001', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(201);
    const open = (await t.api('GET', `${BASE}/cycles?kind=pairing`, { cookie: admin })).body.items.find((c: { status: string }) => c.status === 'open');
    // An open cycle: refused by the request itself, nothing queued.
    const early = await t.api('POST', `${BASE}/cycles/${open.id}/calculate`, { cookie: admin });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Close the cycle before calculating it');
    expect(ran).toHaveLength(0);

    const id = await closePairingCycle(t, admin);
    const r = await t.api('POST', `${BASE}/cycles/${id}/calculate`, { cookie: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ id, status: 'calculated' });
    const me = (await userByEmail(t, t.demo.admin.email))!;
    expect(ran).toEqual([expect.objectContaining({ job: CALCULATE_JOB, cycleId: id, userId: me.id })]);
    expect(await query(t, sql`select id from jobs where name = ${CALCULATE_JOB}`)).toHaveLength(0);
    const audited = await query<{ a: string }>(t, sql`select actor_id::text as a from audit_log where entity_id = ${id} and action = 'cycle.calculated'`);
    expect(audited.map((x) => x.a)).toEqual([me.id]);

    // Posting before the approval is refused at once; approved by the second admin, the worker posts it (two admins
    // ask at once; neither is the one who calculated it, issue 29).
    const unapproved = await t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: admin });
    expect(unapproved.status).toBe(409);
    expect(unapproved.body.message).toBe('Only an approved cycle can be posted');
    expect((await t.api('POST', `${BASE}/cycles/${id}/approve`, { cookie: admin2 })).status).toBe(200);
    const [p1, p2] = await Promise.all([t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: admin3 }), t.api('POST', `${BASE}/cycles/${id}/post`, { cookie: admin2 })]);
    expect([p1.status, p2.status]).toEqual([200, 200]);
    expect(p1.body).toMatchObject({ id, status: 'posted' });
    expect(ran.filter((r) => r.job === POST_JOB).length).toBeGreaterThanOrEqual(1);
    // Every payout posted, each member credited once per income type although two admins asked.
    expect(await query(t, sql`select member_id from comp_payouts where cycle_id = ${id}::uuid and posted_at is null`)).toHaveLength(0);
    expect(await query(t, sql`select user_id, type from transactions where reference_id = ${id} group by user_id, type having count(*) > 1`)).toHaveLength(0);
    // Posted: calculating again is refused at once and queues nothing.
    const before = ran.length;
    const again = await t.api('POST', `${BASE}/cycles/${id}/calculate`, { cookie: admin });
    expect(again.status).toBe(409);
    expect(ran).toHaveLength(before);
  }, 90_000);
});

describe('one-off jobs that refuse', () => {
  it('are kept with their reason, never retried, answered to every waiting request, and replaced by the next request', async () => {
    let runs = 0;
    const refusing = {
      name: 'test.refuses',
      recurring: false,
      leaseMs: 60_000,
      run: async () => {
        runs++;
        throw conflict('The cycle moved on');
      },
    };
    const runner = await startJobRunner(t.runtime.ctx, [refusing], { poll: false, worker: 'refusal-test' });
    // Both requests are queued before the job runs (otherwise the second one, queued after the refusal, is already
    // "the next request" and runs it again, as the end of this test expects of a later request).
    let calls = 0;
    let release!: () => void;
    const bothQueued = new Promise<void>((r) => (release = r));
    const runJobsHere = async (names: string[]) => {
      if (++calls === 2) release();
      await bothQueued;
      await runner.runDue(names);
      return true;
    };
    const ctx = { ...t.runtime.ctx, runJobsHere };
    try {
      const job = { key: 'test.refuses:1', name: 'test.refuses', payload: {} };
      const [a, b] = await Promise.allSettled([queueAndWait(ctx, job, 5_000), queueAndWait(ctx, job, 5_000)]);
      for (const r of [a, b]) {
        expect(r.status).toBe('rejected');
        expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 409, message: 'The cycle moved on' });
      }
      expect(runs).toBe(1);
      const [row] = await query<{ last_error: string; run_at: Date }>(t, sql`select last_error, run_at from jobs where key = 'test.refuses:1'`);
      expect(row.last_error).toBe(`${REFUSED}{"code":"CONFLICT","status":409,"message":"The cycle moved on"}`);
      await runner.runDue(['test.refuses']);
      expect(runs).toBe(1); // not retried
      await expect(queueAndWait(ctx, job, 5_000)).rejects.toMatchObject({ message: 'The cycle moved on' });
      expect(runs).toBe(2); // the next request runs it afresh
      // The dashboard's job summary does not count a refusal as a failing job.
      expect((await jobSummary(t.runtime.ctx.db, t.clock.now())).find((j) => j.name === 'test.refuses')).toMatchObject({ failing: 0, due: 0 });
    } finally {
      await runner.stop();
    }
  });
});

describe('long jobs in one process', () => {
  it('a request whose job is queued behind another long job still has its own run before it answers', async () => {
    const ran: string[] = [];
    const slow = {
      name: 'test.slow',
      recurring: false,
      leaseMs: 60_000,
      run: async () => {
        await new Promise((r) => setTimeout(r, 300));
        ran.push('slow');
      },
    };
    const other = {
      name: 'test.other',
      recurring: false,
      leaseMs: 60_000,
      run: async () => {
        ran.push('other');
      },
    };
    const runner = await startJobRunner(t.runtime.ctx, [slow, other], { poll: false, worker: 'long-test' });
    try {
      await enqueueJob(t.runtime.ctx.db, { key: 'test.slow:1', name: 'test.slow', runAt: t.clock.now() });
      const first = runner.runDue(['test.slow']);
      await new Promise((r) => setTimeout(r, 50)); // the slow job is running here now
      await enqueueJob(t.runtime.ctx.db, { key: 'test.other:1', name: 'test.other', runAt: t.clock.now() });
      await runner.runDue(['test.other']);
      expect(ran).toEqual(['slow', 'other']);
      expect(await query(t, sql`select id from jobs where key in ('test.slow:1', 'test.other:1')`)).toHaveLength(0);
      await first;
    } finally {
      await runner.stop();
    }
  });
});
