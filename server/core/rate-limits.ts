import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { AppContext } from '../context';
import { rateLimits } from '../db/schema/index';

/**
 * Fixed-window counters in `rate_limits` (ADR 0004), shared by every app process: the routes' limits
 * (http/rate-limit.ts) and the counters services keep per account.
 */

/** Counts one hit in the window and returns the new count; atomic across app processes. */
export async function hitRateLimit(db: DbOrTx, key: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  return row.count;
}

export async function pruneRateLimits(db: DbOrTx, before: Date) {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
}

/** The count of the window so far, without counting. */
export async function peekRateLimit(db: DbOrTx, key: string, windowStart: Date): Promise<number> {
  const [row] = await db.select({ count: rateLimits.count }).from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
  return row?.count ?? 0;
}

/**
 * A counter kept by a service rather than a route (failed sign-ins per account, wrong current passwords per user):
 * `peek` reads the window's count, `hit` adds one and returns the new count, `limit` is the rule's maximum under
 * the configured factor.
 */
export function accountCounter(ctx: AppContext, name: string, max: number, windowMs: number) {
  const window = () => {
    const now = ctx.clock.now().getTime();
    return new Date(now - (now % windowMs));
  };
  const limit = Math.ceil(max * ctx.config.rateLimitFactor);
  return {
    limit,
    off: ctx.config.rateLimitFactor === 0,
    peek: (subject: string) => peekRateLimit(ctx.db, `${name}:${subject}`, window()),
    hit: (subject: string) => hitRateLimit(ctx.db, `${name}:${subject}`, window()),
  };
}
