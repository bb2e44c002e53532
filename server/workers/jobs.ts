import type { AppContext } from '../context';
import type { OutboxWorker } from './outbox.worker';
import type { JobDefinition } from './job-runner';
import { drainJournal, CLOSE_GRACE_MS } from '../modules/volume/applier.service';
import { nextCycleEnd } from '../modules/cycles/cycles.service';
import { runMaintenance } from './maintenance.worker';
import { flagOverdueGrievances } from '../modules/grievance';
import { PASSWORD_RESET_JOB, sendPasswordReset } from '../modules/auth/auth.service';
import { KEYS_ROTATE_JOB, rotateFieldKeys, rotationSummary } from '../modules/field-keys/field-keys.service';
import { ANALYZE_JOB, CALCULATE_JOB, POST_JOB, SIMULATE_JOB, analyzeResultTables, runCycleJob, runSimulationJob, type CycleJobPayload, type SimulationJobPayload } from '../modules/compensation';

/**
 * The lease of a long job (payout calculation, the simulator, key rotation): renewed every 5 s while it
 * runs, so this is only how long a dead worker's job waits before another worker takes it up. Two minutes leaves room
 * for a calculation phase that holds the event loop for several seconds.
 */
export const LONG_LEASE_MS = 2 * 60_000;
/** The payout posting's lease: a long job (run beside the loop) with a short job's lease. */
export const POSTING_LEASE_MS = 15_000;

const later = (ctx: AppContext, ms: number) => new Date(ctx.clock.now().getTime() + ms);

/** How often the applier looks for new journal entries when it has caught up. */
export const VOLUME_POLL_MS = 200;
/**
 * Under a steady stream of entries, batches start at most this often (drainJournal's `paceMs`): an entry waits
 * at most this long for its batch to start, then the batch's own time, well within the 2 s in which BV must
 * reach every ancestor.
 */
export const VOLUME_PACE_MS = 1000;

/** How often complaints are checked against their due times. */
export const GRIEVANCE_OVERDUE_POLL_MS = 10 * 60_000;
export const GRIEVANCE_OVERDUE_JOB = 'grievance.overdue';

/** One-off jobs that follow a request (tests run them with `Runtime.settle`, as the runner does in the background). */
export const FOLLOW_UP_JOBS = [PASSWORD_RESET_JOB, SIMULATE_JOB];

/** Every job the platform runs, in one place (ADR 0009). */
export function jobDefinitions(mail: OutboxWorker): JobDefinition[] {
  return [
    {
      // Folds the volume journal into the ancestors' figures (and closes cycles that ended).
      name: 'volume.apply',
      recurring: true,
      async run(ctx, job) {
        const r = await drainJournal(ctx, { maxMs: 2_000, paceMs: VOLUME_PACE_MS, worker: job.lockedBy ?? undefined });
        return r.outcome === 'applied' || r.outcome === 'rolled' ? ctx.clock.now() : later(ctx, VOLUME_POLL_MS);
      },
    },
    {
      // Closes each cycle on schedule: runs at the end of the open cycles (plus the grace second), applies
      // what occurred before the end, closes, opens the next.
      name: 'cycles.close',
      recurring: true,
      async run(ctx, job) {
        await drainJournal(ctx, { maxMs: 30_000, worker: job.lockedBy ?? undefined });
        const end = await nextCycleEnd(ctx.db);
        return end && end.getTime() + CLOSE_GRACE_MS > ctx.clock.now().getTime() ? new Date(end.getTime() + CLOSE_GRACE_MS) : later(ctx, 1_000);
      },
    },
    {
      // An admin's payout calculation and posting (compensation.service requestCalculation, requestPosting):
      // long, so leased for 2 minutes (renewed while they run) beside the short jobs; a second claim after a dead worker
      // recomputes (calculation is re-runnable) or finishes the rest (posting claims unposted members only).
      name: CALCULATE_JOB,
      recurring: false,
      leaseMs: LONG_LEASE_MS,
      run: (ctx, job) => runCycleJob(ctx, 'calculate', job.payload as CycleJobPayload),
    },
    {
      // Posting is shared safely (each batch claims its payouts with SKIP LOCKED and is all or nothing) and never
      // holds the event loop for long, so a dead worker's posting is taken up as soon as a short job would be.
      name: POST_JOB,
      recurring: false,
      leaseMs: POSTING_LEASE_MS,
      run: (ctx, job) => runCycleJob(ctx, 'post', job.payload as CycleJobPayload),
    },
    {
      // The simulator (compensation simulation-jobs.ts, ADR 0027): a draft against a cycle's million-member snapshot,
      // queued by the admin's request and polled; long, like the calculation.
      name: SIMULATE_JOB,
      recurring: false,
      leaseMs: LONG_LEASE_MS,
      run: (ctx, job) => runSimulationJob(ctx, job.payload as SimulationJobPayload, job.attempts),
    },
    {
      name: ANALYZE_JOB,
      recurring: false,
      run: (ctx) => analyzeResultTables(ctx),
    },
    {
      // Forgot password's lookup and mail, after the request was answered (auth.service requestPasswordReset).
      name: PASSWORD_RESET_JOB,
      recurring: false,
      run: async (ctx, job) => {
        await sendPasswordReset(ctx, job.payload as { email: string; ip: string });
      },
    },
    {
      // Re-encrypts every value at rest not under the current key (ADR 0011): queued at start while APP_SECRET_PREVIOUS
      // is set, and by migration 0028 for the values stored before encryption. `npm run keys:rotate` runs the same.
      name: KEYS_ROTATE_JOB,
      recurring: false,
      leaseMs: LONG_LEASE_MS,
      run: async (ctx) => {
        const report = await rotateFieldKeys(ctx);
        const line = `encryption at rest: ${rotationSummary(report)}`;
        if (report.unreadable) ctx.log.error({ unreadable: report.tables.flatMap((t) => t.samples) }, `${line}; values no configured secret opens are left as they are`);
        else ctx.log.info(line);
        // Rows held by the app through every pass: the job runs again later (a fault, retried with backoff).
        if (report.remaining > report.unreadable) throw new Error(`${report.remaining - report.unreadable} row(s) still to re-encrypt`);
      },
    },
    {
      name: 'mail.outbox',
      recurring: true,
      async run(ctx) {
        await mail.flush();
        return later(ctx, ctx.config.mailPollMs);
      },
    },
    {
      // Complaints past their acknowledgement or resolution due time: flagged once each to the grievance officer.
      name: GRIEVANCE_OVERDUE_JOB,
      recurring: true,
      async run(ctx) {
        await flagOverdueGrievances(ctx);
        return later(ctx, GRIEVANCE_OVERDUE_POLL_MS);
      },
    },
    {
      name: 'maintenance',
      recurring: true,
      async run(ctx) {
        await runMaintenance(ctx);
        return later(ctx, 60 * 60_000);
      },
    },
  ];
}
