import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema/index';

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
