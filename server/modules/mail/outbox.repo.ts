import { and, eq, lte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function insertOutbox(db: DbOrTx, values: typeof mailOutbox.$inferInsert) {
  const [row] = await db.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
  return row.id;
}

/** Claims due messages; SKIP LOCKED lets several workers share the outbox without sending twice. */
export async function claimDueMail(db: DbOrTx, now: Date, limit: number): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + 5 * 60_000) })
      .where(
        inArray(
          mailOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

export async function markMail(db: DbOrTx, id: string, values: Partial<typeof mailOutbox.$inferInsert>) {
  await db.update(mailOutbox).set(values).where(eq(mailOutbox.id, id));
}

/** Messages left in 'sending' by a process that died are due again. */
export async function releaseStaleSending(db: DbOrTx, now: Date) {
  await db
    .update(mailOutbox)
    .set({ status: 'pending' })
    .where(and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.nextAttemptAt, now)));
}
