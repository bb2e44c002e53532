import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { impersonationTokens } from '../../db/schema/index';

export async function insertImpersonationToken(db: DbOrTx, values: typeof impersonationTokens.$inferInsert) {
  const [row] = await db.insert(impersonationTokens).values(values).returning();
  return row;
}

export async function revokeImpersonationToken(db: DbOrTx, id: string, now: Date) {
  await db.update(impersonationTokens).set({ revokedAt: now }).where(eq(impersonationTokens.id, id));
}
