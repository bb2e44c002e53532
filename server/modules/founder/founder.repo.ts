import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, purchases, memberVolume } from '../../db/schema/index';

/** Network figures of a founder, read from the tree counters (decisions.md §4, §10). */
export async function founderFigures(db: DbOrTx, founderId: string) {
  const [[hidden], [revenue], [legs]] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(and(eq(users.isHiddenId, true), eq(users.sponsorId, founderId))),
    db.select({ total: sql<string>`coalesce(sum(${purchases.totalAmount}), 0)::text` }).from(purchases).where(eq(purchases.paymentStatus, 'completed')),
    db.select({ l: memberVolume.leftCount, r: memberVolume.rightCount }).from(memberVolume).where(eq(memberVolume.memberId, founderId)),
  ]);
  const l = legs?.l ?? 0;
  const r = legs?.r ?? 0;
  return { totalUsers: l + r, hiddenIds: hidden.n, totalRevenue: revenue.total, leftLegUsers: l, rightLegUsers: r };
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
