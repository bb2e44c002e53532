import type { AppContext } from '../../context';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/app-error';
import { audit } from '../audit';
import { QUARANTINE_MSG, type ParkedJobList } from '../../../contracts/admin';

/** The jobs parked after failing MAX_JOB_ATTEMPTS times in a row (ADR 0029), with their last errors. */
export async function parkedJobList(ctx: AppContext): Promise<ParkedJobList> {
  const rows = await ctx.jobs.parked();
  return {
    items: rows.map((r) => ({
      id: r.id,
      key: r.key,
      name: r.name,
      attempts: r.attempts,
      lastError: r.lastError,
      lastRunAt: r.lastRunAt ? new Date(r.lastRunAt).toISOString() : null,
      parkedAt: new Date(r.parkedAt ?? 0).toISOString(),
    })),
  };
}

/** An admin queues a parked job again, after the fix: due now, with a fresh count of attempts (audited). */
export async function retryParkedJob(ctx: AppContext, actor: Actor, id: string) {
  const job = await ctx.jobs.unpark(id);
  if (!job) throw notFound(QUARANTINE_MSG.jobNotFound);
  await audit(ctx.db, actor, { entityType: 'job', entityId: job.id, action: 'job.retry', previousState: { name: job.name, key: job.key, lastError: job.lastError } });
  return { message: QUARANTINE_MSG.jobRetried };
}
