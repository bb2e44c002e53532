import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users, impersonationTokens } from '../../db/schema/index';

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

/** One round trip: the live session and its user. */
export async function findSessionWithUser(db: DbOrTx, sidHash: string, now: Date) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sidHash), gt(sessions.expire, now)))
    .limit(1);
  return row;
}

export async function deleteSession(db: DbOrTx, sidHash: string) {
  await db.delete(sessions).where(eq(sessions.sid, sidHash));
}

export async function deleteUserSessions(db: DbOrTx, userId: string, exceptSidHash?: string) {
  await db
    .delete(sessions)
    .where(exceptSidHash ? and(eq(sessions.userId, userId), ne(sessions.sid, exceptSidHash)) : eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date) {
  await db.delete(sessions).where(lt(sessions.expire, now));
}

export async function findImpersonation(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ grant: impersonationTokens, user: users })
    .from(impersonationTokens)
    .innerJoin(users, eq(users.id, impersonationTokens.targetUserId))
    .where(and(eq(impersonationTokens.tokenHash, tokenHash), gt(impersonationTokens.expiresAt, now)))
    .limit(1);
  return row;
}
