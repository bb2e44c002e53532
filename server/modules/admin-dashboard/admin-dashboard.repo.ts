import { and, eq, gte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, kycDocuments, withdrawalRequests, purchases, franchiseRequests, supportTickets, pendingRecruits } from '../../db/schema/index';

const count = sql<number>`count(*)::int`;

export async function adminCounts(db: DbOrTx, monthStart: Date) {
  const [[u], [kyc], [wd], [bv], [fr], [tickets], [recruits]] = await Promise.all([
    db.select({ total: count, active: sql<number>`count(*) filter (where ${users.status} = 'active')::int` }).from(users).where(ne(users.role, 'admin')),
    db.select({ n: sql<number>`count(distinct ${kycDocuments.userId})::int` }).from(kycDocuments).where(eq(kycDocuments.status, 'pending')),
    db.select({ n: count }).from(withdrawalRequests).where(eq(withdrawalRequests.status, 'pending')),
    db
      .select({
        totalBV: sql<string>`coalesce(sum(${purchases.totalBV}), 0)::text`,
        monthlyIncome: sql<string>`coalesce(sum(${purchases.totalAmount}) filter (where ${purchases.createdAt} >= ${monthStart.toISOString()}::timestamptz), 0)::text`,
      })
      .from(purchases)
      .where(eq(purchases.paymentStatus, 'completed')),
    db.select({ n: count }).from(franchiseRequests).where(eq(franchiseRequests.status, 'pending')),
    db.select({ n: count }).from(supportTickets).where(sql`${supportTickets.status} in ('open', 'in_progress')`),
    db.select({ n: count }).from(pendingRecruits).where(eq(pendingRecruits.status, 'awaiting_admin')),
  ]);
  return {
    totalUsers: u.total, activeUsers: u.active, pendingKYC: kyc.n, withdrawalRequests: wd.n, totalBV: bv.totalBV,
    monthlyIncome: bv.monthlyIncome, franchiseRequests: fr.n, openTickets: tickets.n, recruitsAwaitingAdmin: recruits.n,
  };
}

export async function userCounts(db: DbOrTx, todayStart: Date) {
  const [row] = await db
    .select({
      total: count,
      active: sql<number>`count(*) filter (where ${users.status} = 'active')::int`,
      pending: sql<number>`count(*) filter (where ${users.status} = 'pending')::int`,
      inactive: sql<number>`count(*) filter (where ${users.status} = 'inactive')::int`,
      invited: sql<number>`count(*) filter (where ${users.status} = 'invited')::int`,
      kycApproved: sql<number>`count(*) filter (where ${users.kycStatus} = 'approved')::int`,
      kycPending: sql<number>`count(*) filter (where ${users.kycStatus} = 'pending')::int`,
      kycRejected: sql<number>`count(*) filter (where ${users.kycStatus} = 'rejected')::int`,
      free: sql<number>`count(*) filter (where coalesce(${users.packageAmount}, 0) = 0)::int`,
    })
    .from(users)
    .where(ne(users.role, 'admin'));
  const [today] = await db.select({ n: count }).from(users).where(and(ne(users.role, 'admin'), gte(users.activationDate, todayStart)));
  return { ...row, activatedToday: today.n };
}
