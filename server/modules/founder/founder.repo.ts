import { and, desc, eq, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, purchases } from '../../db/schema/index';

const subtreeCount = async (db: DbOrTx, pathPrefix: string) => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(like(users.treePath, `${pathPrefix}%`));
  return row.n;
};

/** Network figures of a founder from the tree paths (materialised ancestry). */
export async function founderFigures(db: DbOrTx, founder: { id: string; treePath: string | null; leftChildId: string | null; rightChildId: string | null }) {
  const path = founder.treePath;
  const [network, left, right, [hidden], [revenue]] = await Promise.all([
    path ? subtreeCount(db, path).then((n) => Math.max(0, n - 1)) : Promise.resolve(0),
    path && founder.leftChildId ? subtreeCount(db, `${path}${founder.leftChildId}/`) : Promise.resolve(0),
    path && founder.rightChildId ? subtreeCount(db, `${path}${founder.rightChildId}/`) : Promise.resolve(0),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(and(eq(users.isHiddenId, true), eq(users.sponsorId, founder.id))),
    db.select({ total: sql<string>`coalesce(sum(${purchases.totalAmount}), 0)::text` }).from(purchases).where(eq(purchases.paymentStatus, 'completed')),
  ]);
  return { totalUsers: network, hiddenIds: hidden.n, totalRevenue: revenue.total, leftLegUsers: left, rightLegUsers: right };
}

export async function hiddenIdsOf(db: DbOrTx, founderId: string) {
  return db
    .select({ id: users.id, userId: users.userId, firstName: users.firstName, lastName: users.lastName, email: users.email, position: users.position, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.isHiddenId, true), eq(users.sponsorId, founderId)))
    .orderBy(desc(users.createdAt));
}
