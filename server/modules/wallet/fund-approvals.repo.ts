import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { approvalRequests, users } from '../../db/schema/index';

export type ApprovalRow = typeof approvalRequests.$inferSelect;

export async function insertApproval(db: DbOrTx, values: typeof approvalRequests.$inferInsert) {
  const [row] = await db.insert(approvalRequests).values(values).returning();
  return row;
}

/** The request, locked until the end of the transaction (two admins deciding at once: one waits, then sees it decided). */
export async function approvalForUpdate(db: DbOrTx, id: string, kind: string): Promise<ApprovalRow | undefined> {
  const [row] = await db.select().from(approvalRequests).where(and(eq(approvalRequests.id, id), eq(approvalRequests.kind, kind))).for('update');
  return row;
}

export async function decideApproval(db: DbOrTx, id: string, values: Partial<typeof approvalRequests.$inferInsert>) {
  const [row] = await db.update(approvalRequests).set(values).where(eq(approvalRequests.id, id)).returning();
  return row;
}

const requester = alias(users, 'requester');
const reviewer = alias(users, 'reviewer');
const target = alias(users, 'target');

/** Requests of one kind and status, newest first, with the names of the requester, the reviewer and the member. */
export async function listApprovals(db: DbOrTx, kind: string, status: string, limit: number) {
  return db
    .select({
      row: approvalRequests,
      requester: { id: requester.id, userId: requester.userId, firstName: requester.firstName, lastName: requester.lastName },
      reviewer: { id: reviewer.id, userId: reviewer.userId, firstName: reviewer.firstName, lastName: reviewer.lastName },
      target: { id: target.id, userId: target.userId, firstName: target.firstName, lastName: target.lastName },
    })
    .from(approvalRequests)
    .leftJoin(requester, eq(requester.id, approvalRequests.requestedBy))
    .leftJoin(reviewer, eq(reviewer.id, approvalRequests.reviewedBy))
    .leftJoin(target, eq(target.id, approvalRequests.targetUserId))
    .where(and(eq(approvalRequests.kind, kind), eq(approvalRequests.status, status)))
    .orderBy(desc(approvalRequests.createdAt), desc(sql`${approvalRequests.id}`))
    .limit(limit);
}
