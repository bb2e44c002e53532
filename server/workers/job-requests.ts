import type { AppContext, JobQueue, JobRequest } from '../context';
import { AppError } from '../core/app-error';
import type { ErrorCode } from '../../contracts/errors';
import { enqueueJob, jobState, jobSummary, parkedJobs, REFUSED, unparkJob } from './jobs.repo';

/** What queueing needs of a context: the database, the time, and whether this process runs jobs. */
type QueueHost = Pick<AppContext, 'db' | 'clock'> & Partial<Pick<AppContext, 'runJobsHere'>>;

export type { JobActor } from '../core/actor';
export { jobActorOf } from '../core/actor';

/**
 * The context with its job queue (AppContext.jobs): every process that builds a context (the app, the worker, the
 * tools) builds it here, so the modules queue work through the context and never import this folder.
 */
export function withJobQueue<T extends QueueHost>(base: T): T & Pick<AppContext, 'jobs'> {
  const ctx = base as T & Pick<AppContext, 'jobs'>;
  const jobs: JobQueue = {
    queue: (job) => queueJob(ctx, job),
    queueAndWait: (job, waitMs) => queueAndWait(ctx, job, waitMs),
    status: () => jobSummary(ctx.db, ctx.clock.now()),
    parked: () => parkedJobs(ctx.db, 100),
    unpark: (id) => unparkJob(ctx.db, id, ctx.clock.now()),
  };
  ctx.jobs = jobs;
  return ctx;
}

/** Queues a one-off job to run soon, without waiting for it (follow-up work the caller need not see finish). */
export async function queueJob(ctx: QueueHost, job: JobRequest) {
  await enqueueJob(ctx.db, { ...job, runAt: ctx.clock.now() });
}

/**
 * A request that hands long work to the job runner and waits for it (the payout calculation and posting):
 * queues a one-off job under `key` (joining the one already queued under it, so two admins asking at once
 * share one run), runs it in this process when this process runs jobs (the embedded start, tests),
 * otherwise waits while a worker (`npm run worker`) runs it, so this process's memory stays flat. A job
 * that refused (an AppError) answers its refusal here; false when it is still queued or running after `waitMs`.
 */
export async function queueAndWait(ctx: QueueHost, job: JobRequest & { payload: unknown }, waitMs: number): Promise<boolean> {
  await enqueueJob(ctx.db, { ...job, runAt: ctx.clock.now() });
  const ranHere = (await ctx.runJobsHere?.([job.name])) ?? false;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const state = await jobState(ctx.db, job.key);
    if (!state) return true;
    if (state.lastError?.startsWith(REFUSED)) {
      const r = JSON.parse(state.lastError.slice(REFUSED.length)) as { code: ErrorCode; status: number; message: string };
      throw new AppError(r.code, r.status, r.message);
    }
    // Run here and failed (a fault, not a refusal): this request fails with it; a worker would retry.
    if (ranHere && state.lastError) throw new Error(`${job.name} failed: ${state.lastError}`);
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}
