import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { impersonationTokens } from '../../db/schema/index';
import { insertRow } from '../../db/rows';

export async function insertImpersonationToken(db: DbOrTx, values: typeof impersonationTokens.$inferInsert) {
  return insertRow(db, impersonationTokens, values);
}

export async function revokeImpersonationToken(db: DbOrTx, id: string, now: Date) {
  await db.update(impersonationTokens).set({ revokedAt: now }).where(eq(impersonationTokens.id, id));
}
