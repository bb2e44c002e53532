import { and, desc, eq, sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { isPlaced, placement, placementIn } from '../tree';
import { kycDocuments, localSales, pendingRecruits, products, purchases, rankAchievements, transactions, users, withdrawalRequests } from '../../db/schema/index';

export async function kycDocumentsOf(db: DbOrTx, userId: string) {
  return db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId)).orderBy(desc(kycDocuments.createdAt));
}

/** The member's latest events of each kind, for the dashboard's recent activity. */
export async function recentEvents(db: DbOrTx, userId: string, limit: number) {
  const [joins, orders, ledger, ranks, decisions, withdrawals] = await Promise.all([
    db
      .select({ id: users.id, userId: users.userId, firstName: users.firstName, lastName: users.lastName, placedAt: placement.placedAt, position: placement.position })
      .from(users)
      .where(and(eq(users.sponsorId, userId), isPlaced))
      .orderBy(desc(placement.placedAt))
      .limit(limit),
    db
      .select({ p: purchases, productName: products.name })
      .from(purchases)
      .innerJoin(products, eq(products.id, purchases.productId))
      .where(eq(purchases.userId, userId))
      .orderBy(desc(purchases.createdAt))
      .limit(limit),
    db.select().from(transactions).where(eq(transactions.userId, userId)).orderBy(desc(transactions.seq)).limit(limit),
    db.select().from(rankAchievements).where(eq(rankAchievements.userId, userId)).orderBy(desc(rankAchievements.achievedAt)).limit(limit),
    db
      .select()
      .from(pendingRecruits)
      .where(and(eq(pendingRecruits.uplineId, userId), eq(pendingRecruits.status, 'awaiting_upline')))
      .orderBy(desc(pendingRecruits.createdAt))
      .limit(limit),
    db.select().from(withdrawalRequests).where(eq(withdrawalRequests.userId, userId)).orderBy(desc(withdrawalRequests.updatedAt)).limit(limit),
  ]);
  return { joins, orders, ledger, ranks, decisions, withdrawals };
}

/** The sales a franchise holder recorded at the counter (local_sales): count, amount and BV. */
export async function counterSales(db: DbOrTx, franchiseId: string) {
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${localSales.totalAmount}), 0)::numeric(14,2)::text`,
      bv: sql<string>`coalesce(sum(${localSales.totalBV}), 0)::numeric(14,2)::text`,
    })
    .from(localSales)
    .where(eq(localSales.franchiseId, franchiseId));
  return row;
}

/** Completed sales of the downline within `levels` levels (the depth the team views use). */
export async function teamSales(db: DbOrTx, userId: string, levels: number) {
  const rows = await rawRows<{ orders: number; amount: string; bv: string }>(
    db,
    sql`with recursive down(id, depth) as (
          select id, 1 from users where ${placementIn().parentId} = ${userId}::uuid
          union all
          select u.id, d.depth + 1 from down d join users u on ${placementIn('u').parentId} = d.id where d.depth < ${levels}::int
        )
        select count(p.id)::int as orders, coalesce(sum(p.total_amount), 0)::numeric(14,2)::text as amount, coalesce(sum(p.total_bv), 0)::numeric(14,2)::text as bv
        from down d join purchases p on p.user_id = d.id and p.payment_status = 'completed'`,
  );
  return rows[0];
}

export async function recentTeamOrders(db: DbOrTx, userId: string, levels: number, limit: number) {
  return rawRows<{
    id: string;
    product_name: string;
    quantity: number;
    total_amount: string;
    payment_status: string;
    created_at: Date | string;
    first_name: string | null;
    last_name: string | null;
    user_id: string;
  }>(
    db,
    sql`with recursive down(id, depth) as (
          select ${userId}::uuid, 0
          union all
          select u.id, d.depth + 1 from down d join users u on ${placementIn('u').parentId} = d.id where d.depth < ${levels}::int
        )
        select p.id, pr.name as product_name, p.quantity, p.total_amount::text as total_amount, p.payment_status, p.created_at, u.first_name, u.last_name, u.user_id
        from down d join purchases p on p.user_id = d.id join products pr on pr.id = p.product_id join users u on u.id = p.user_id
        order by p.created_at desc limit ${limit}::int`,
  );
}
