import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { custodyMarks } from '../../db/schema/index';
import { LOCK_CLASSES } from '../../db/locks';

export type CustodyMarkRow = typeof custodyMarks.$inferSelect;

export async function insertMarks(db: DbOrTx, rows: (typeof custodyMarks.$inferInsert)[]) {
  if (rows.length) await db.insert(custodyMarks).values(rows);
}

/** The newest mark of each kind that `adminId` left on `memberId` since `since` (kinds limited to `kinds`). */
export async function marksOf(db: DbOrTx, memberId: string, adminId: string, kinds: readonly string[], since: Date | null) {
  return db
    .select({ kind: custodyMarks.kind, at: sql<Date>`max(${custodyMarks.at})`.mapWith((v: string | Date) => new Date(v)) })
    .from(custodyMarks)
    .where(and(eq(custodyMarks.memberId, memberId), eq(custodyMarks.adminId, adminId), inArray(custodyMarks.kind, [...kinds]), since ? gt(custodyMarks.at, since) : undefined))
    .groupBy(custodyMarks.kind);
}

/** The newest mark of one kind on a member since `since`, by anyone. */
export async function newestMark(db: DbOrTx, memberId: string, kind: string, since: Date) {
  const [row] = await db
    .select()
    .from(custodyMarks)
    .where(and(eq(custodyMarks.memberId, memberId), eq(custodyMarks.kind, kind), gt(custodyMarks.at, since)))
    .orderBy(desc(custodyMarks.at))
    .limit(1);
  return row;
}

/** Sum of the amounts of one kind since `since`, for an admin or for a member (two decimals, '0.00' when none). */
export async function sumSince(db: DbOrTx, who: { adminId: string } | { memberId: string }, kind: string, since: Date): Promise<string> {
  const whose = 'adminId' in who ? eq(custodyMarks.adminId, who.adminId) : eq(custodyMarks.memberId, who.memberId);
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${custodyMarks.amount}), 0)::numeric(14,2)::text` })
    .from(custodyMarks)
    .where(and(whose, eq(custodyMarks.kind, kind), gt(custodyMarks.at, since)));
  return row?.total ?? '0.00';
}

/**
 * Serialises the Send Fund decisions of one admin and of one member until the end of the transaction (two credits at
 * once would each see the other's total missing). Keys taken in one order, so two transactions cannot deadlock.
 */
export async function lockCreditTotals(db: DbOrTx, adminId: string, memberId: string) {
  for (const key of [`admin:${adminId}`, `member:${memberId}`].sort()) {
    await db.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASSES.custody}, hashtext(${key}))`);
  }
}
