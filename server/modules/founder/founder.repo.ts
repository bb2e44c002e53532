import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, purchases } from '../../db/schema/index';

/** Network figures of a founder, read from the tree counters (decisions.md §4, §10). */
export async function founderFigures(db: DbOrTx, founder: { id: string; leftCount: number; rightCount: number }) {
  const [[hidden], [revenue]] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(and(eq(users.isHiddenId, true), eq(users.sponsorId, founder.id))),
    db.select({ total: sql<string>`coalesce(sum(${purchases.totalAmount}), 0)::text` }).from(purchases).where(eq(purchases.paymentStatus, 'completed')),
  ]);
  return {
    totalUsers: founder.leftCount + founder.rightCount, hiddenIds: hidden.n, totalRevenue: revenue.total,
    leftLegUsers: founder.leftCount, rightLegUsers: founder.rightCount,
  };
}

export async function hiddenIdsOf(db: DbOrTx, founderId: string) {
  return db
    .select({ id: users.id, userId: users.userId, firstName: users.firstName, lastName: users.lastName, email: users.email, position: users.position, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.isHiddenId, true), eq(users.sponsorId, founderId)))
    .orderBy(desc(users.createdAt));
}

export async function countHiddenIds(db: DbOrTx, founderId: string) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(and(eq(users.isHiddenId, true), eq(users.sponsorId, founderId)));
  return row.n;
}
