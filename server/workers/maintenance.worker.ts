import type { AppContext } from '../context';
import { deleteExpiredSessions } from '../modules/auth/session.repo';
import { pruneRateLimits } from '../http/rate-limit.repo';
import { pruneJournalLog } from '../modules/volume/applier.service';

/** Hourly clean-up (job maintenance): expired sessions, old rate-limit windows, the applier's batch log. */
export async function runMaintenance(ctx: AppContext) {
  const now = ctx.clock.now();
  await deleteExpiredSessions(ctx.db, now);
  await pruneRateLimits(ctx.db, new Date(now.getTime() - 2 * 60 * 60_000));
  await pruneJournalLog(ctx);
}
