import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../support/test-app';
import { query } from '../support/http';
import { startJobRunner } from '../../server/workers/job-runner';
import { enqueueJob } from '../../server/workers/jobs.repo';
import { jobDefinitions, POSTING_LEASE_MS } from '../../server/workers/jobs';
import { POST_JOB } from '../../server/modules/compensation';

/**
 * Issue 33: a job's lease is renewed while it runs (the heartbeat), so a long payout step never loses its lease to a
 * second worker, and a job whose worker died waits only for its short lease before another worker takes it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ autoSettle: false });
}, 120_000);
afterAll(async () => t?.close());

const leaseOf = async (key: string) => (await query<{ locked_by: string | null; locked_until: Date | null }>(t, sql`select locked_by, locked_until from jobs where key = ${key}`))[0];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('job leases', () => {
  it('a running job keeps pushing its lease forward; once it ends nothing holds it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const job = { name: 'test.heartbeat', recurring: false, leaseMs: 60_000, run: () => gate };
    const runner = await startJobRunner(t.runtime.ctx, [job], { poll: false, worker: 'beating', heartbeatMs: 20 });
    try {
      await enqueueJob(t.runtime.ctx.db, { key: 'test.heartbeat:1', name: job.name, runAt: t.clock.now() });
      const running = runner.runDue([job.name]);
      await sleep(100);
      const first = await leaseOf('test.heartbeat:1');
      expect(first.locked_by).toBe('beating');
      // Ten minutes later by the platform's clock the job still runs: its lease runs a minute past that.
      t.clock.advance(10 * 60_000);
      await sleep(150);
      const later = await leaseOf('test.heartbeat:1');
      expect(new Date(later.locked_until!).getTime()).toBeGreaterThanOrEqual(t.clock.now().getTime() + 55_000);
      release();
      await running;
      expect(await leaseOf('test.heartbeat:1')).toBeUndefined();
    } finally {
      release();
      await runner.stop();
    }
  });

  it("a dead worker's job is taken by another worker once its lease has run out, and runs once there", async () => {
    let runs = 0;
    const job = {
      name: 'test.orphan',
      recurring: false,
      run: async () => {
        runs++;
      },
    };
    await enqueueJob(t.runtime.ctx.db, { key: 'test.orphan:1', name: job.name, runAt: t.clock.now() });
    // A worker claimed it, then died (kill -9): its 15 s lease stands, nobody renews it.
    await t.runtime.ctx.db.execute(sql`update jobs set locked_by = 'dead-worker', locked_until = ${new Date(t.clock.now().getTime() + 15_000).toISOString()}::timestamptz where key = 'test.orphan:1'`);
    const runner = await startJobRunner(t.runtime.ctx, [job], { poll: false, worker: 'survivor' });
    try {
      expect(await runner.runDue([job.name])).toBe(0);
      t.clock.advance(16_000);
      expect(await runner.runDue([job.name])).toBe(1);
      expect(runs).toBe(1);
      expect(await leaseOf('test.orphan:1')).toBeUndefined();
    } finally {
      await runner.stop();
    }
  });

  it('a long job is claimed with its own lease, not the longest of the kinds its worker runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = { name: 'test.slow', recurring: false, leaseMs: 120_000, run: async () => undefined };
    const shared = { name: 'test.shared', recurring: false, leaseMs: 15_000, run: () => gate };
    // No heartbeat during the test: what stands is the lease the claim wrote.
    const runner = await startJobRunner(t.runtime.ctx, [slow, shared], { poll: false, worker: 'claimer', heartbeatMs: 600_000 });
    try {
      await enqueueJob(t.runtime.ctx.db, { key: 'test.shared:1', name: shared.name, runAt: t.clock.now() });
      const running = runner.runDue([slow.name, shared.name]);
      await sleep(150);
      const lease = await leaseOf('test.shared:1');
      expect(lease.locked_by).toBe('claimer');
      // Killed now, the job would wait 15 s for another worker, not two minutes.
      expect(new Date(lease.locked_until!).getTime()).toBeLessThanOrEqual(t.clock.now().getTime() + 15_000);
      release();
      await running;
    } finally {
      release();
      await runner.stop();
    }
  });

  it("the payout posting has a short job's lease: a dead worker's posting is taken up within 15 s", () => {
    const post = jobDefinitions({ flush: async () => 0, kick: () => undefined, stop: async () => undefined } as never).find((d) => d.name === POST_JOB);
    expect(post?.leaseMs).toBe(POSTING_LEASE_MS);
    expect(POSTING_LEASE_MS).toBeLessThanOrEqual(15_000);
  });
});
