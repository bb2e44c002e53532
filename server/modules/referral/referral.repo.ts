import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { referralLinks, users } from '../../db/schema/index';
import { insertRow } from '../../db/rows';

export type ReferralLinkRow = typeof referralLinks.$inferSelect;

export async function insertReferralLink(db: DbOrTx, values: typeof referralLinks.$inferInsert) {
  return insertRow(db, referralLinks, values);
}

export async function findLinkWithGenerator(db: DbOrTx, tokenHash: string, lock = false) {
  const q = db.select({ link: referralLinks, generator: users }).from(referralLinks).innerJoin(users, eq(users.id, referralLinks.generatedBy)).where(eq(referralLinks.tokenHash, tokenHash)).limit(1);
  const [row] = lock ? await q.for('update', { of: referralLinks }) : await q;
  return row;
}

export async function markLinkUsed(db: DbOrTx, id: string, values: Partial<typeof referralLinks.$inferInsert>) {
  await db
    .update(referralLinks)
    .set({ ...values, isUsed: true })
    .where(eq(referralLinks.id, id));
}
