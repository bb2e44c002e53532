import type { DbOrTx } from '../../db/client';
import { walletBalances } from '../../db/schema/index';

/** One wallet per user (decisions.md §6): created with the account's activation, idempotently. */
export async function ensureWallet(db: DbOrTx, userId: string) {
  await db.insert(walletBalances).values({ userId }).onConflictDoNothing({ target: walletBalances.userId });
}
