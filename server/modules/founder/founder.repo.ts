import { and, desc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
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

/** Placed franchise holders (Mini and Basic), optionally matching `q` in user ID, name or email; the caller keeps its downline's. */
export async function placedFranchiseHolders(db: DbOrTx, q: string | undefined) {
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select({ id: users.id, userId: users.userId, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role, status: users.status })
    .from(users)
    .where(and(
      inArray(users.role, ['mini_franchise', 'basic_franchise']), isNotNull(users.placedAt),
      like ? or(ilike(users.userId, like), ilike(users.email, like), sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) ilike ${like}`) : undefined,
    ))
    .orderBy(users.userId)
    .limit(2000);
}
