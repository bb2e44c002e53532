import type { AppContext } from '../context';
import type { Actor } from '../core/actor';
import { realUser } from '../core/actor';
import { AppError } from '../core/app-error';
import type { ErrorCode } from '../../contracts/errors';
import { enqueueJob, jobState, REFUSED } from './jobs.repo';

/** Who asked for a job, as a job row can carry it (no user row, no request); the job loads the user again. */
export interface JobActor {
  userId: string;
  ip: string | null;
  userAgent: string | null;
  sessionHash?: string;
}

export const jobActorOf = (actor: Actor): JobActor => ({ userId: realUser(actor).id, ip: actor.ip, userAgent: actor.userAgent, sessionHash: actor.sessionHash });

/** Queues a one-off job to run soon, without waiting for it (follow-up work the caller need not see finish). */
export async function queueJob(ctx: AppContext, job: { key: string; name: string; payload?: unknown }) {
  await enqueueJob(ctx.db, { ...job, runAt: ctx.clock.now() });
}

/**
 * A request that hands long work to the job runner and waits for it (the payout calculation and posting):
 * queues a one-off job under `key` (joining the one already queued under it, so two admins asking at once
 * share one run), runs it in this process when this process runs jobs (the embedded start, tests),
 * otherwise waits while a worker (`npm run worker`) runs it, so this process's memory stays flat. A job
 * that refused (an AppError) answers its refusal here; false when it is still queued or running after `waitMs`.
 */
export async function queueAndWait(ctx: AppContext, job: { key: string; name: string; payload: unknown }, waitMs: number): Promise<boolean> {
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
