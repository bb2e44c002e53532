import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../db/client';
import { jobs } from '../db/schema/index';

export type JobRow = typeof jobs.$inferSelect;

/** Creates the row of a recurring job once (every process calls this at start). */
export async function ensureRecurringJob(db: DbOrTx, name: string, runAt: Date) {
  await db.insert(jobs).values({ key: name, name, recurring: true, runAt }).onConflictDoNothing({ target: jobs.key });
}

/** The last_error of a one-off job that refused (an AppError): kept for the requests waiting on it. */
export const REFUSED = 'refused:';
/** Far enough that a refused job is never due again (the next request for the same key replaces it). */
const NEVER = new Date('9999-12-31T00:00:00Z');

/** Queues a one-off job; a second job with the same key is not added, except in place of one that refused or was parked. */
export async function enqueueJob(db: DbOrTx, job: { key: string; name: string; payload?: unknown; runAt: Date }) {
  await db
    .insert(jobs)
    .values({ ...job, recurring: false })
    .onConflictDoUpdate({
      target: jobs.key,
      set: { runAt: job.runAt, payload: job.payload ?? null, lastError: null, attempts: 0, lockedBy: null, lockedUntil: null, parkedAt: null },
      setWhere: sql`${jobs.lastError} like ${REFUSED + '%'} or ${jobs.parkedAt} is not null`,
    });
}

/**
 * A one-off job that failed MAX_JOB_ATTEMPTS times in a row: parked with its error, never due again (run_at far
 * ahead, as a refused job) until an admin retries it or a new request for the same key replaces it.
 */
export async function parkJob(db: DbOrTx, id: string, worker: string, error: string, now: Date) {
  await db
    .update(jobs)
    .set({ lockedBy: null, lockedUntil: null, runAt: NEVER, lastError: error.slice(0, 500), parkedAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker)));
}

/** The parked jobs, most recently parked first. */
export async function parkedJobs(db: DbOrTx, limit: number) {
  return db
    .select({ id: jobs.id, key: jobs.key, name: jobs.name, attempts: jobs.attempts, lastError: jobs.lastError, lastRunAt: jobs.lastRunAt, parkedAt: jobs.parkedAt })
    .from(jobs)
    .where(isNotNull(jobs.parkedAt))
    .orderBy(desc(jobs.parkedAt))
    .limit(limit);
}

/** An admin's retry: the parked job is due now with a fresh count of attempts. Answers the job, or nothing when it is not parked. */
export async function unparkJob(db: DbOrTx, id: string, now: Date) {
  const [row] = await db
    .update(jobs)
    .set({ parkedAt: null, attempts: 0, runAt: now, lockedBy: null, lockedUntil: null })
    .where(and(eq(jobs.id, id), isNotNull(jobs.parkedAt)))
    .returning({ id: jobs.id, name: jobs.name, key: jobs.key, lastError: jobs.lastError });
  return row;
}

/** A one-off job refused (the work cannot be done as asked): never retried, its reason kept for the waiting requests. */
export async function refuseJob(db: DbOrTx, id: string, worker: string, reason: { code: string; status: number; message: string }) {
  await db
    .update(jobs)
    .set({ lockedBy: null, lockedUntil: null, runAt: NEVER, lastError: REFUSED + JSON.stringify(reason) })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker)));
}

/**
 * Claims up to `limit` due jobs for `worker` until `leaseUntil`: FOR UPDATE SKIP LOCKED, so several
 * workers never claim the same job, and a job whose lease ran out (its worker died) is due again.
 */
export async function claimDueJobs(db: DbOrTx, worker: string, now: Date, leaseUntil: Date, limit: number, only?: string[]): Promise<JobRow[]> {
  const filter = only?.length ? sql`and name = any(${sql.param(only)}::text[])` : sql``;
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql`update jobs set locked_by = ${worker}, locked_until = ${leaseUntil.toISOString()}::timestamptz, attempts = attempts + 1,
               last_run_at = ${now.toISOString()}::timestamptz
        where id in (
          select id from jobs
          where run_at <= ${now.toISOString()}::timestamptz and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz) ${filter}
          order by run_at limit ${limit}
          for update skip locked)
        returning id, key, name, payload, recurring, attempts, locked_by`,
  );
  return rows.map((r) => ({ id: r.id, key: r.key, name: r.name, payload: r.payload, recurring: r.recurring, attempts: r.attempts, lockedBy: r.locked_by }) as JobRow);
}

/** A recurring job ran: release it and set its next run. */
export async function rescheduleJob(db: DbOrTx, id: string, worker: string, next: Date, now: Date) {
  await db
    .update(jobs)
    .set({ lockedBy: null, lockedUntil: null, runAt: next, attempts: 0, lastOkAt: now, lastError: null })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker)));
}

export async function deleteJob(db: DbOrTx, id: string, worker: string) {
  await db.delete(jobs).where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker)));
}

export async function failJob(db: DbOrTx, id: string, worker: string, retryAt: Date, error: string) {
  await db
    .update(jobs)
    .set({ lockedBy: null, lockedUntil: null, runAt: retryAt, lastError: error.slice(0, 500) })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker)));
}

/** The heartbeat of a running job: its lease pushed to `until`, as long as this worker still holds it. */
export async function renewLeases(db: DbOrTx, ids: string[], worker: string, until: Date) {
  if (!ids.length) return;
  await db
    .update(jobs)
    .set({ lockedUntil: until })
    .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, worker)));
}

/**
 * A stopping worker gives back the leases of the jobs it could not finish in time: their lease cleared, so another
 * worker claims them at once, and the claim that gave the lease does not count as an attempt.
 */
export async function releaseJobs(db: DbOrTx, ids: string[], worker: string) {
  if (!ids.length) return;
  await db
    .update(jobs)
    .set({ lockedBy: null, lockedUntil: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
    .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, worker)));
}

/** A job still queued or running under this key (one-off jobs are deleted when done), with its last error. */
export async function jobState(db: DbOrTx, key: string) {
  const [row] = await db.select({ id: jobs.id, lastError: jobs.lastError }).from(jobs).where(eq(jobs.key, key)).limit(1);
  return row;
}

/** Refused one-off jobs whose requests are long answered. */
export async function pruneRefusedJobs(db: DbOrTx, before: Date) {
  await db.delete(jobs).where(and(sql`${jobs.lastError} like ${REFUSED + '%'}`, sql`${jobs.lastRunAt} < ${before.toISOString()}::timestamptz`));
}

/** Brings a job forward to now (e.g. when an admin asks for it, or mail was queued). */
export async function runJobNow(db: DbOrTx, key: string, now: Date) {
  await db
    .update(jobs)
    .set({ runAt: now })
    .where(and(eq(jobs.key, key), sql`${jobs.runAt} > ${now.toISOString()}::timestamptz`));
}

export async function jobSummary(db: DbOrTx, now: Date) {
  return rawRows<{ name: string; due: number; running: number; failing: number; parked: number }>(
    db,
    sql`select name,
          count(*) filter (where run_at <= ${now.toISOString()}::timestamptz and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz))::int as due,
          count(*) filter (where locked_until >= ${now.toISOString()}::timestamptz)::int as running,
          count(*) filter (where last_error is not null and last_error not like ${REFUSED + '%'} and parked_at is null)::int as failing,
          count(*) filter (where parked_at is not null)::int as parked
        from jobs group by name order by name`,
  );
}
