import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { transactions, users, withdrawalRequests } from '../../db/schema/index';
import { reportTypes } from '../../../contracts/income-types';

export async function approvedWithdrawals(db: DbOrTx, limit: number) {
  const [totals, items] = await Promise.all([
    db
      .select({ currency: withdrawalRequests.currency, count: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${withdrawalRequests.amount}), 0)::text` })
      .from(withdrawalRequests)
      .where(eq(withdrawalRequests.status, 'approved'))
      .groupBy(withdrawalRequests.currency),
    db
      .select({ w: withdrawalRequests, userUserId: users.userId, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(withdrawalRequests)
      .innerJoin(users, eq(users.id, withdrawalRequests.userId))
      .where(eq(withdrawalRequests.status, 'approved'))
      .orderBy(desc(withdrawalRequests.processedAt), desc(withdrawalRequests.id))
      .limit(limit),
  ]);
  return { totals, items };
}

/** The Direct Income report: the ledger rows of the types that feed it in the registry (sponsor_income). */
export async function sponsorIncome(db: DbOrTx, limit: number) {
  const feeds = inArray(transactions.type, reportTypes('direct-income'));
  const [totals, items] = await Promise.all([
    db.select({ count: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${transactions.amount}), 0)::text` }).from(transactions).where(feeds),
    db
      .select({ t: transactions, userUserId: users.userId, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .where(feeds)
      // Newest first in ledger order (transactions_type_seq_idx), like every list of ledger rows.
      .orderBy(desc(transactions.seq))
      .limit(limit),
  ]);
  return { totals: totals[0], items };
}
