import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rawRows, type DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { fundRequests, users } from '../../db/schema/index';
import { rowWithDocument } from '../../db/stored-files';
import { LOCK_CLASSES } from '../../db/locks';
import { requestRows } from '../../db/rows';
import { ownerColumns } from '../../db/owner-columns';

export type FundRequestRow = typeof fundRequests.$inferSelect;

/** Lock key of a member's top-up requests (the daily limit is checked and the row inserted under it). */

/** Serialises one member's new requests, so two at once cannot both pass the daily limit. */
export async function lockMemberRequests(db: DbOrTx, userId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASSES.fundRequest}, hashtext(${userId}))`);
}

/** What the member has asked for since `since` and not been refused (pending and approved requests). */
export async function requestedSince(db: DbOrTx, userId: string, since: Date): Promise<string> {
  const [row] = await rawRows<{ total: string }>(
    db,
    sql`
    select coalesce(sum(amount), 0)::numeric(14,2)::text as total from fund_requests
    where user_id = ${userId}::uuid and status <> 'rejected' and created_at >= ${since.toISOString()}::timestamptz`,
  );
  return row.total;
}

export async function referenceInUse(db: DbOrTx, reference: string): Promise<boolean> {
  const [row] = await db
    .select({ id: fundRequests.id })
    .from(fundRequests)
    .where(and(eq(fundRequests.reference, reference), sql`${fundRequests.status} <> 'rejected'`))
    .limit(1);
  return Boolean(row);
}

const fundRequestRows = requestRows(fundRequests);
export const insertFundRequest = fundRequestRows.insert;
export const fundRequestForUpdate = fundRequestRows.forUpdate;
export const updateFundRequest = fundRequestRows.update;

export async function fundRequestsOf(db: DbOrTx, userId: string, limit: number): Promise<FundRequestRow[]> {
  return db.select().from(fundRequests).where(eq(fundRequests.userId, userId)).orderBy(desc(fundRequests.createdAt), desc(fundRequests.id)).limit(limit);
}

const processor = alias(users, 'processor');

/** The admin's list, newest first, with the member and who decided. */
export async function adminFundRequests(db: DbOrTx, f: { statuses: string[]; search?: string }, limit: number) {
  const term = f.search ? containsPattern(f.search) : undefined;
  return db
    .select({
      r: fundRequests,
      ...ownerColumns,
      processorId: processor.userId,
    })
    .from(fundRequests)
    .innerJoin(users, eq(users.id, fundRequests.userId))
    .leftJoin(processor, eq(processor.id, fundRequests.processedBy))
    .where(
      and(
        inArray(fundRequests.status, f.statuses),
        term
          ? or(
              ilike(users.userId, term),
              ilike(users.email, term),
              ilike(fundRequests.reference, term),
              sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) ilike ${term}`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(fundRequests.createdAt), desc(fundRequests.id))
    .limit(limit);
}

export async function fundRequestCounts(db: DbOrTx) {
  return rawRows<{ status: string; n: number; total: string }>(
    db,
    sql`
    select status, count(*)::int as n, coalesce(sum(amount), 0)::numeric(14,2)::text as total from fund_requests group by status`,
  );
}

export async function fundRequestWithProof(db: DbOrTx, id: string) {
  const found = await rowWithDocument(db, fundRequests, fundRequests.proofStorageKey, id);
  return found && { r: found.row, content: found.content };
}
