import { and, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema/index';
import { LOCK_CLASSES } from '../db/locks';

/**
 * Counters in `rate_limits` (ADR 0004), shared by every app process: fixed windows for the routes' limits
 * (http/rate-limit.ts) and the counters services keep per account, and sliding windows of reserved attempts
 * (one row per attempt, `window_start` the attempt's time: see `reserveAttempt`).
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

/** Forgets every window of these keys (an account's counters after its sign-in was recovered). */
export async function clearRateLimits(db: DbOrTx, keys: string[]) {
  if (keys.length) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

/** The count of the window so far, without counting. */
export async function peekRateLimit(db: DbOrTx, key: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
  return row?.count ?? 0;
}

/** Transaction-scoped advisory locks of the sliding counters: (this class, hashtext(key)). */

/**
 * Reserves one attempt of `key` at `at` unless `limit` attempts are recorded after `since`: true when recorded.
 * The count and the insert run under an advisory lock on the key, so concurrent reservations (any app process)
 * take turns and never record more than `limit` in the window.
 */
export async function reserveAttempt(db: DbOrTx, key: string, at: Date, since: Date, limit: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASSES.rateLimit}, hashtext(${key}))`);
    const [row] = await tx
      .select({ n: sql<number>`coalesce(sum(${rateLimits.count}), 0)::int` })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), gt(rateLimits.windowStart, since)));
    if (Number(row?.n ?? 0) >= limit) return false;
    await hitRateLimit(tx, key, at);
    return true;
  });
}

/** Gives back an attempt reserved at `at` (it did not count: a correct code). */
export async function releaseAttempt(db: DbOrTx, key: string, at: Date) {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, at), gt(rateLimits.count, 0)));
  await db.delete(rateLimits).where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, at), lte(rateLimits.count, 0)));
}
