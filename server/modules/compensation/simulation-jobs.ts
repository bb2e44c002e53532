/**
 * The simulator as a job (ADR 0027): the admin's request checks what it would refuse, keeps the draft as it stands and
 * queues the run; the job runner (a worker, with the app on RUN_JOBS=0) loads the cycle's snapshot and runs the engine;
 * the result is kept in comp_simulations, which the admin who asked polls.
 */
import type { AppContext } from '../../context';
import type { Actor } from '../../core/actor';
import { AppError, notFound } from '../../core/app-error';
import { SimulationJob, SimulationResult, type SimulateRequest } from '../../../contracts/compensation';
import * as simulationsRepo from './simulations.repo';
import { simulatable, simulate } from './simulator.service';

export const SIMULATE_JOB = 'comp.simulate';
/** How long POST /simulate (the synchronous route of the reference contract) waits for its job before answering 202. */
export const SIMULATE_WAIT_MS = 2 * 60_000;
/** A run that failed (not a refusal) this many times is marked failed instead of retried again. */
export const SIMULATE_ATTEMPTS = 3;
/** Finished simulations older than this are removed when the same admin asks for another. */
const KEEP_MS = 7 * 24 * 60 * 60_000;

export interface SimulationJobPayload {
  simulationId: string;
}

const jobOf = (id: string) => ({ key: `${SIMULATE_JOB}:${id}`, name: SIMULATE_JOB, payload: { simulationId: id } satisfies SimulationJobPayload });

function view(row: simulationsRepo.SimulationRow): SimulationJob {
  return SimulationJob.parse({
    id: row.id,
    status: row.status,
    planId: row.planId,
    cycleId: row.cycleId,
    requestedAt: row.requestedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    // Parsed on every read: a malformed result stops the request instead of showing wrong figures.
    result: row.status === 'done' ? SimulationResult.parse(row.result) : null,
    error: row.status === 'failed' ? (row.error ?? 'The simulation failed') : null,
  });
}

/** Refuses at once what the job would refuse, then keeps the simulation as queued (the draft's config with it). */
async function createSimulation(ctx: AppContext, actor: Actor, input: SimulateRequest) {
  const { plan, cycle } = await simulatable(ctx.db, input.planId, input.cycleId);
  const now = ctx.clock.now();
  await simulationsRepo.pruneSimulations(ctx.db, actor.user.id, new Date(now.getTime() - KEEP_MS));
  return simulationsRepo.insertSimulation(ctx.db, { planId: plan.id, cycleId: cycle.id, requestedBy: actor.user.id, config: plan.config, requestedAt: now });
}

/** POST /simulations: queues the run and answers at once (202); the admin polls GET /simulations/:id. */
export async function requestSimulation(ctx: AppContext, actor: Actor, input: SimulateRequest): Promise<SimulationJob> {
  const row = await createSimulation(ctx, actor, input);
  try {
    await ctx.jobs.queue(jobOf(row.id));
  } catch (err) {
    await simulationsRepo.finishSimulation(ctx.db, row.id, { status: 'failed', error: 'The simulation could not be queued; run it again', at: ctx.clock.now() });
    throw err;
  }
  return view(row);
}

/**
 * POST /simulate (the reference contract's synchronous route): the same job, waited for up to SIMULATE_WAIT_MS; its
 * result (200), or the queued simulation (202) to poll when it takes longer. A refusal in the job is thrown here.
 */
export async function simulateAndWait(ctx: AppContext, actor: Actor, input: SimulateRequest): Promise<{ status: 200; body: SimulationResult } | { status: 202; body: SimulationJob }> {
  const row = await createSimulation(ctx, actor, input);
  const finished = await ctx.jobs.queueAndWait(jobOf(row.id), SIMULATE_WAIT_MS);
  const now = (await simulationsRepo.findSimulation(ctx.db, row.id)) ?? row;
  if (!finished || now.status !== 'done') {
    if (now.status === 'failed') throw new AppError('CONFLICT', 409, now.error ?? 'The simulation failed');
    return { status: 202, body: view(now) };
  }
  return { status: 200, body: view(now).result! };
}

/** GET /simulations/:id: only the admin who asked reads it (another admin's id answers 404, as a record not theirs). */
export async function simulationOf(ctx: AppContext, actor: Actor, id: string): Promise<SimulationJob> {
  const row = await simulationsRepo.findSimulation(ctx.db, id);
  if (!row || row.requestedBy !== actor.user.id) throw notFound('Simulation not found');
  return view(row);
}

/**
 * The job: runs the engine on the snapshot with the config kept at the request, stores the result. A refusal (the
 * plan's config no longer validates, say) is stored as the simulation's error and thrown for a waiting request; a
 * fault is retried by the runner, and stored as failed after SIMULATE_ATTEMPTS.
 */
export async function runSimulationJob(ctx: AppContext, payload: SimulationJobPayload, attempt: number) {
  const row = await simulationsRepo.findSimulation(ctx.db, payload.simulationId);
  // Pruned, or finished by an earlier run whose job was not released: nothing to do.
  if (!row || !(await simulationsRepo.markRunning(ctx.db, row.id))) return;
  try {
    const result = await simulate(ctx, row.planId, row.cycleId, row.config);
    await simulationsRepo.finishSimulation(ctx.db, row.id, { status: 'done', result, at: ctx.clock.now() });
  } catch (err) {
    if (err instanceof AppError) {
      await simulationsRepo.finishSimulation(ctx.db, row.id, { status: 'failed', error: err.message, at: ctx.clock.now() });
      throw err;
    }
    if (attempt >= SIMULATE_ATTEMPTS) {
      ctx.log.error({ err, simulation: row.id }, 'simulation failed');
      await simulationsRepo.finishSimulation(ctx.db, row.id, { status: 'failed', error: 'The simulation failed; run it again', at: ctx.clock.now() });
      return;
    }
    throw err;
  }
}
