import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { approvalRequests, users } from '../../db/schema/index';
import { insertRow } from '../../db/rows';

export type ApprovalRow = typeof approvalRequests.$inferSelect;

export async function insertApproval(db: DbOrTx, values: typeof approvalRequests.$inferInsert) {
  return insertRow(db, approvalRequests, values);
}

/**
 * The request of one of `kinds`, locked until the end of the transaction (two admins deciding at once: one waits,
 * then sees it decided). Other kinds of the table (recruits) are not found here.
 */
export async function approvalForUpdate(db: DbOrTx, id: string, kinds: readonly string[]): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.id, id), inArray(approvalRequests.kind, [...kinds])))
    .for('update');
  return row;
}

export async function decideApproval(db: DbOrTx, id: string, values: Partial<typeof approvalRequests.$inferInsert>) {
  const [row] = await db.update(approvalRequests).set(values).where(eq(approvalRequests.id, id)).returning();
  return row;
}

const requester = alias(users, 'requester');
const reviewer = alias(users, 'reviewer');
const target = alias(users, 'target');

/**
 * Requests of these kinds and one status, newest first, with the requester's and the reviewer's names and the target
 * user's row (a request shows what it would change from the target's current values).
 */
export async function listApprovals(db: DbOrTx, kinds: readonly string[], status: string, limit: number) {
  return db
    .select({
      row: approvalRequests,
      requester: { id: requester.id, userId: requester.userId, firstName: requester.firstName, lastName: requester.lastName },
      reviewer: { id: reviewer.id, userId: reviewer.userId, firstName: reviewer.firstName, lastName: reviewer.lastName },
      target,
    })
    .from(approvalRequests)
    .leftJoin(requester, eq(requester.id, approvalRequests.requestedBy))
    .leftJoin(reviewer, eq(reviewer.id, approvalRequests.reviewedBy))
    .leftJoin(target, eq(target.id, approvalRequests.targetUserId))
    .where(and(inArray(approvalRequests.kind, [...kinds]), eq(approvalRequests.status, status)))
    .orderBy(desc(approvalRequests.createdAt), desc(sql`${approvalRequests.id}`))
    .limit(limit);
}
