import { and, eq, sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../db/client';
import { jobs } from '../db/schema/index';

export type JobRow = typeof jobs.$inferSelect;

/** Creates the row of a recurring job once (every process calls this at start). */
export async function ensureRecurringJob(db: DbOrTx, name: string, runAt: Date) {
  await db.insert(jobs).values({ key: name, name, recurring: true, runAt }).onConflictDoNothing({ target: jobs.key });
}

/** Queues a one-off job; a second job with the same key is not added. */
export async function enqueueJob(db: DbOrTx, job: { key: string; name: string; payload?: unknown; runAt: Date }) {
  await db.insert(jobs).values({ ...job, recurring: false }).onConflictDoNothing({ target: jobs.key });
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
  await db.update(jobs).set({ lockedBy: null, lockedUntil: null, runAt: next, attempts: 0, lastOkAt: now, lastError: null })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker)));
}

export async function deleteJob(db: DbOrTx, id: string, worker: string) {
  await db.delete(jobs).where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker)));
}

export async function failJob(db: DbOrTx, id: string, worker: string, retryAt: Date, error: string) {
  await db.update(jobs).set({ lockedBy: null, lockedUntil: null, runAt: retryAt, lastError: error.slice(0, 500) })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker)));
}

/** Whether a job with this key is still queued or running (one-off jobs are deleted when done). */
export async function jobPending(db: DbOrTx, key: string) {
  const [row] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.key, key)).limit(1);
  return Boolean(row);
}

/** Brings a job forward to now (e.g. when an admin asks for it, or mail was queued). */
export async function runJobNow(db: DbOrTx, key: string, now: Date) {
  await db.update(jobs).set({ runAt: now }).where(and(eq(jobs.key, key), sql`${jobs.runAt} > ${now.toISOString()}::timestamptz`));
}

export async function jobSummary(db: DbOrTx, now: Date) {
  return rawRows<{ name: string; due: number; running: number; failing: number }>(
    db,
    sql`select name,
          count(*) filter (where run_at <= ${now.toISOString()}::timestamptz and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz))::int as due,
          count(*) filter (where locked_until >= ${now.toISOString()}::timestamptz)::int as running,
          count(*) filter (where last_error is not null)::int as failing
        from jobs group by name order by name`,
  );
}
