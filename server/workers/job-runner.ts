import { hostname } from 'node:os';
import type { AppContext } from '../context';
import { AppError } from '../core/app-error';
import { claimDueJobs, deleteJob, ensureRecurringJob, failJob, parkJob, refuseJob, releaseJobs, renewLeases, rescheduleJob, type JobRow } from './jobs.repo';

/**
 * What a job does. A recurring job answers when it should run next; a one-off job answers nothing and
 * is deleted once it succeeded, or kept as refused when it throws an AppError (not retried). Handlers call the same services as the routes; whatever they change
 * must be safe to run again (a worker may die after the work and before the job is released).
 */
export interface JobDefinition {
  name: string;
  recurring: boolean;
  /**
   * A long job (a payout calculation) is leased for this long instead of 15 s and runs beside the loop,
   * one at a time per process, so the short jobs (the volume applier, mail) keep their pace meanwhile. Either lease
   * is renewed while the job runs (the heartbeat below), so it only bounds how long a dead worker's job waits.
   */
  leaseMs?: number;
  run(ctx: AppContext, job: JobRow): Promise<Date | void>;
}

export interface JobRunner {
  readonly worker: string;
  /** Claims and runs every due job until none is due (tests and shutdown use it). */
  runDue(only?: string[]): Promise<number>;
  /** Runs the loop now instead of at the next poll. */
  kick(): void;
  /**
   * Claims nothing more and waits for the jobs running here. With `graceMs` it waits that long at most, then gives
   * back the leases of the jobs still running (another worker takes them at once; the process is about to exit).
   */
  stop(opts?: { graceMs?: number }): Promise<void>;
}

const LEASE_MS = 15_000;
/**
 * Every 5 s a worker pushes the leases of the jobs it is running forward by their length: a job whose worker died
 * (kill -9, a lost machine) is taken by another worker once its lease runs out, within 15 s for the applier and
 * within the long lease for a payout step, however long the job itself takes (issue 33).
 */
const HEARTBEAT_MS = 5_000;
const backoffMs = (attempt: number) => Math.min(10 * 60_000, 1_000 * 2 ** Math.min(attempt, 10));
/**
 * A one-off job that fails this many times in a row is parked with its last error (ADR 0029) instead of being retried
 * for ever: with the backoff above, about 27 minutes of retries (2 s, 4 s, … 512 s, then 10 min), long enough to
 * outlast a database restart or a deploy, short enough that an admin sees it on /metrics (jobs_parked) within the
 * hour. Recurring jobs (the applier, mail, maintenance) are never parked: they are the platform's pulse, and one that
 * fails keeps retrying at the capped backoff and shows in jobs_failing.
 */
export const MAX_JOB_ATTEMPTS = 10;

/**
 * The job runner (ADR 0009): jobs are rows of `jobs` in PostgreSQL, claimed with FOR UPDATE SKIP
 * LOCKED and leased to one worker, so the app processes and any `npm run worker` processes share them
 * without running one twice at once. Polls every `pollMs` while `poll` is on.
 */
export async function startJobRunner(ctx: AppContext, defs: JobDefinition[], opts: { poll: boolean; pollMs?: number; worker?: string; heartbeatMs?: number }): Promise<JobRunner> {
  const worker = opts.worker ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const byName = new Map(defs.map((d) => [d.name, d]));
  for (const d of defs) if (d.recurring) await ensureRecurringJob(ctx.db, d.name, ctx.clock.now());
  let stopped = false;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function runOne(job: JobRow) {
    const def = byName.get(job.name);
    const now = () => ctx.clock.now();
    if (!def) {
      await failJob(ctx.db, job.id, worker, new Date(now().getTime() + 60 * 60_000), `no handler for ${job.name} in this process`);
      return;
    }
    try {
      const next = await def.run(ctx, job);
      if (def.recurring) await rescheduleJob(ctx.db, job.id, worker, next ?? now(), now());
      else await deleteJob(ctx.db, job.id, worker);
    } catch (err) {
      if (err instanceof AppError && !def.recurring) {
        // A refusal (the cycle moved on, say): retrying would not change it; the waiting request reports it.
        ctx.log.info({ job: job.name, reason: err.message }, 'job refused');
        await refuseJob(ctx.db, job.id, worker, { code: err.code, status: err.status, message: err.message });
        return;
      }
      const error = String((err as Error)?.message ?? err);
      if (!def.recurring && job.attempts >= MAX_JOB_ATTEMPTS) {
        ctx.log.error({ err, job: job.name, key: job.key, attempts: job.attempts }, 'job failed too many times in a row; parked until an admin retries it');
        await parkJob(ctx.db, job.id, worker, error, now());
        return;
      }
      ctx.log.warn({ err, job: job.name, attempt: job.attempts }, 'job failed; will retry');
      await failJob(ctx.db, job.id, worker, new Date(now().getTime() + backoffMs(job.attempts)), error);
    }
  }

  /** The jobs this process holds a lease on now (claimed, not yet done), by id: what a stop gives back. */
  const inFlight = new Map<string, string>();
  const track = (job: JobRow) => {
    inFlight.set(job.id, job.name);
    return runOne(job).finally(() => inFlight.delete(job.id));
  };

  const isLong = (name: string) => Boolean(byName.get(name)?.leaseMs);
  const leaseOf = (name: string) => byName.get(name)?.leaseMs ?? LEASE_MS;
  const heartbeat = setInterval(() => {
    if (!inFlight.size) return;
    const now = ctx.clock.now().getTime();
    const byLease = new Map<number, string[]>();
    for (const [id, name] of inFlight) byLease.set(leaseOf(name), [...(byLease.get(leaseOf(name)) ?? []), id]);
    for (const [lease, ids] of byLease) renewLeases(ctx.db, ids, worker, new Date(now + lease)).catch((err) => ctx.log.warn({ err, worker }, 'could not renew the leases of the running jobs'));
  }, opts.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  /** The long job this process runs now, if any (its promise). */
  let long: Promise<void> | null = null;

  /**
   * Claims a due long job and runs it beside the loop. With `wait` (runDue) it waits for the one running
   * here, then runs every due long job to its end, so a request's own job is never left behind another's.
   */
  async function startLong(names: string[], wait: boolean): Promise<number> {
    let ran = 0;
    for (;;) {
      if (long) {
        if (!wait) return ran;
        await long.catch(() => undefined);
        continue;
      }
      const now = ctx.clock.now();
      const lease = Math.max(...names.map((n) => byName.get(n)!.leaseMs!));
      const [job] = await claimDueJobs(ctx.db, worker, now, new Date(now.getTime() + lease), 1, names);
      if (!job) return ran;
      // Claimed with the longest lease of the kinds asked for; from here on the job's own, so that a shorter-leased
      // job (the posting) whose worker dies at once is not left for the longest lease.
      if (leaseOf(job.name) < lease) await renewLeases(ctx.db, [job.id], worker, new Date(now.getTime() + leaseOf(job.name)));
      ran += 1;
      long = track(job).finally(() => {
        long = null;
        if (opts.poll && !stopped) setImmediate(tick);
      });
      if (!wait) return ran;
      await long.catch(() => undefined);
    }
  }

  async function loop(only?: string[], wait = false): Promise<number> {
    let ran = 0;
    const names = (only ?? [...byName.keys()]).filter((n) => byName.has(n));
    const short = names.filter((n) => !isLong(n));
    const longNames = names.filter(isLong);
    // From runDue (tests, the route that waits for its calculation) a long job runs to its end.
    if (longNames.length) ran += await startLong(longNames, wait);
    for (;;) {
      if (stopped || !short.length) return ran;
      const now = ctx.clock.now();
      const claimed = await claimDueJobs(ctx.db, worker, now, new Date(now.getTime() + LEASE_MS), 4, short);
      if (!claimed.length) return ran;
      await Promise.all(claimed.map(track));
      ran += claimed.length;
    }
  }

  function tick() {
    if (stopped || running) return;
    running = loop()
      .catch((err) => {
        ctx.log.error({ err }, 'job runner failed');
        return 0;
      })
      .finally(() => {
        running = null;
        schedule();
      });
  }

  function schedule() {
    if (stopped || !opts.poll) return;
    timer = setTimeout(tick, opts.pollMs ?? 200);
    timer.unref();
  }

  let dueChain: Promise<number> = Promise.resolve(0);
  schedule();
  return {
    worker,
    runDue(only) {
      // One at a time in this process, so a caller that asks after another (a request's follow-up job, then a
      // test's settle) returns only once the job the first one claimed has finished.
      const mine = dueChain.then(async () => {
        if (running) await running;
        return loop(only, true);
      });
      dueChain = mine.catch(() => 0);
      return mine;
    },
    kick() {
      if (!opts.poll || stopped) return;
      if (timer) clearTimeout(timer);
      setImmediate(tick);
    },
    async stop(stopOpts = {}) {
      stopped = true;
      if (timer) clearTimeout(timer);
      // The jobs still running keep their leases while they finish; the heartbeat ends with the last of them.
      void Promise.all([running?.catch(() => undefined), long?.catch(() => undefined)]).finally(() => clearInterval(heartbeat));
      const done = Promise.all([running?.catch(() => undefined), long?.catch(() => undefined)]).then(() => true);
      if (stopOpts.graceMs === undefined) {
        await done;
        return;
      }
      let grace: NodeJS.Timeout | undefined;
      const inTime = await Promise.race([done, new Promise<boolean>((res) => (grace = setTimeout(() => res(false), stopOpts.graceMs)))]);
      clearTimeout(grace);
      if (inTime || !inFlight.size) return;
      const held = [...inFlight];
      await releaseJobs(
        ctx.db,
        held.map(([id]) => id),
        worker,
      );
      ctx.log.warn({ worker, jobs: held.map(([, name]) => name) }, 'stopping: gave back the leases of the jobs still running');
    },
  };
}
