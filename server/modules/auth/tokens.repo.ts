import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailTokens } from '../../db/schema/index';

export type TokenRow = typeof emailTokens.$inferSelect;

export async function insertToken(db: DbOrTx, values: typeof emailTokens.$inferInsert) {
  await db.insert(emailTokens).values(values);
}

/** A newer token of a type revokes every older live one for the same address. */
export async function revokeLiveTokens(db: DbOrTx, email: string, type: string, now: Date) {
  await db
    .update(emailTokens)
    .set({ isRevoked: true, revokedAt: now })
    .where(and(eq(emailTokens.email, email), eq(emailTokens.type, type), eq(emailTokens.isConsumed, false), eq(emailTokens.isRevoked, false)));
}

/** Locks the row so two concurrent uses cannot both consume it. */
/** A token of this type by its hash (one row at most). */
const tokenByHash = (db: DbOrTx, tokenHash: string, type: string) =>
  db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.type, type)))
    .limit(1);

export async function findTokenForUpdate(db: DbOrTx, tokenHash: string, type: string): Promise<TokenRow | undefined> {
  const [row] = await tokenByHash(db, tokenHash, type).for('update');
  return row;
}

export async function findToken(db: DbOrTx, tokenHash: string, type: string): Promise<TokenRow | undefined> {
  const [row] = await tokenByHash(db, tokenHash, type);
  return row;
}

export async function consumeToken(db: DbOrTx, id: string, now: Date) {
  await db.update(emailTokens).set({ isConsumed: true, consumedAt: now }).where(eq(emailTokens.id, id));
}
