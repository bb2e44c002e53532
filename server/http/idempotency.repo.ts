import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';

/** Claims the key for this request; a concurrent claim of the same key waits here until the first commits. */
export async function claimIdempotencyKey(db: DbOrTx, userId: string, key: string, route: string, requestHash: string) {
  const inserted = await db.insert(idempotencyKeys).values({ userId, key, route, requestHash }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  if (inserted.length) return { claimed: true as const };
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return { claimed: false as const, row };
}

/** The answer is sealed at rest by its column type (it may show payout details, ADR 0011). */
export async function storeIdempotentAnswer(db: DbOrTx, userId: string, key: string, statusCode: number, response: unknown) {
  await db
    .update(idempotencyKeys)
    .set({ statusCode, response })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}
