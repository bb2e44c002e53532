/** Calculation and posting run as jobs (a worker holds the million-member snapshot); the requests wait for them. */
import type { AppContext } from '../../context';
import { jobActorOf, type Actor, type JobActor } from '../../core/actor';
import { conflict, notFound } from '../../core/app-error';
import { findUserById } from '../users';
import * as cyclesRepo from './cycles.repo';
import * as resultsRepo from './results.repo';
import { toSummary, versionOf, requireSecondAdmin } from './cycles.service';
import { calculableCycle, calculateCycle } from './calculation.service';
import { JOB_POSTERS, postableCycle, postCycle } from './posting.service';

export const CALCULATE_JOB = 'comp.calculate';
export const POST_JOB = 'comp.post';
export { ANALYZE_JOB } from './common';
export const analyzeResultTables = (ctx: AppContext) => resultsRepo.analyzeResults(ctx.db);
/** How long a calculate or post request waits for its job before answering that it still runs. */
export const CYCLE_JOB_WAIT_MS = 10 * 60_000;

/** What the calculation and posting jobs carry: the cycle and the admin who asked. */
export interface CycleJobPayload extends JobActor {
  cycleId: string;
}

/**
 * POST /cycles/:id/calculate: refuses at once what cannot be calculated, then runs the calculation as a job
 * and answers when it finished (server/workers/job-requests.ts): with the app on RUN_JOBS=0 a worker holds
 * the million-member snapshot, not the app.
 */
export async function requestCalculation(ctx: AppContext, actor: Actor, id: string) {
  await calculableCycle(ctx.db, id, false);
  const requested = ctx.clock.now();
  const payload: CycleJobPayload = { cycleId: id, ...jobActorOf(actor) };
  if (!(await ctx.jobs.queueAndWait({ key: `${CALCULATE_JOB}:${id}`, name: CALCULATE_JOB, payload }, CYCLE_JOB_WAIT_MS))) {
    throw conflict('The calculation is still running; the cycle shows Calculated when it finishes');
  }
  const c = await cyclesRepo.findCycle(ctx.db, id);
  if (c?.status === 'calculated' && c.calculatedAt && c.calculatedAt.getTime() >= requested.getTime() - 1) return toSummary(c, await versionOf(ctx.db, c.planId));
  // The job refused (the cycle moved on meanwhile): the same checks say why.
  await calculableCycle(ctx.db, id, false);
  throw conflict('The calculation did not finish; try again');
}

/**
 * POST /cycles/:id/post: the same for posting (postCycle in a job; a retry or a second admin joins or finishes it), by
 * an admin who neither calculated the cycle nor made an adjustment in it.
 */
export async function requestPosting(ctx: AppContext, actor: Actor, id: string) {
  const c0 = await postableCycle(ctx.db, id);
  // Refused before the job is queued (and again in the job, postCycle).
  await requireSecondAdmin(ctx.db, c0, actor, 'post');
  if (c0.status !== 'posted') {
    const payload: CycleJobPayload = { cycleId: id, ...jobActorOf(actor) };
    if (!(await ctx.jobs.queueAndWait({ key: `${POST_JOB}:${id}`, name: POST_JOB, payload }, CYCLE_JOB_WAIT_MS))) {
      throw conflict('The cycle is still being posted; it shows Posted when every member is paid');
    }
  }
  const c = await postableCycle(ctx.db, id);
  if (c.status !== 'posted') throw conflict('The posting did not finish; post again to finish the rest');
  return toSummary(c, await versionOf(ctx.db, c.planId));
}

export async function jobActor(ctx: AppContext, p: JobActor): Promise<Actor | undefined> {
  const user = await findUserById(ctx.db, p.userId);
  return user ? { user, role: user.role, ip: p.ip, userAgent: p.userAgent, sessionHash: p.sessionHash } : undefined;
}

/** The jobs: an admin's calculation or posting. A refusal (AppError) is kept on the job for the waiting requests, not retried. */
export async function runCycleJob(ctx: AppContext, kind: 'calculate' | 'post', payload: CycleJobPayload) {
  const actor = await jobActor(ctx, payload);
  if (!actor) throw notFound('The admin who asked for this no longer exists');
  if (kind === 'calculate') await calculateCycle(ctx, actor, payload.cycleId);
  else await postCycle(ctx, actor, payload.cycleId, { posters: JOB_POSTERS });
}
