import type { AppContext } from '../context';
import { deleteExpiredSessions } from '../modules/auth/session.repo';
import { pruneRateLimits } from '../http/rate-limit.repo';

/** Hourly clean-up of expired sessions and old rate-limit windows. */
export function startMaintenance(ctx: AppContext) {
  const run = async () => {
    const now = ctx.clock.now();
    await deleteExpiredSessions(ctx.db, now);
    await pruneRateLimits(ctx.db, new Date(now.getTime() - 2 * 60 * 60_000));
  };
  const timer = setInterval(() => run().catch((err) => ctx.log.warn({ err }, 'maintenance failed')), 60 * 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer), run };
}
