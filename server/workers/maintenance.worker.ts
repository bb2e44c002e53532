import type { AppContext } from '../context';
import { deleteExpiredSessions } from '../modules/auth/session.repo';
import { pruneRateLimits } from '../core/rate-limits.repo';
import { pruneJournalLog } from '../modules/volume/applier.service';
import { pruneRefusedJobs } from './jobs.repo';

/** Hourly clean-up (job maintenance): expired sessions, old rate-limit windows, the applier's batch log, refused jobs a day old. */
export async function runMaintenance(ctx: AppContext) {
  const now = ctx.clock.now();
  await deleteExpiredSessions(ctx.db, now);
  await pruneRateLimits(ctx.db, new Date(now.getTime() - 2 * 60 * 60_000));
  await pruneJournalLog(ctx);
  await pruneRefusedJobs(ctx.db, new Date(now.getTime() - 24 * 60 * 60_000));
}
