import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
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

