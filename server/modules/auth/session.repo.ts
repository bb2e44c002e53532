import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { sessions, users, impersonationTokens, principalColumns } from '../../db/schema/index';
import { currentUserColumns, currentUserPayoutJoin } from '../users';

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

function buildSessionLookup(db: Db) {
  return db
    .select({ user: principalColumns, verifiedAt: sessions.verifiedAt, expire: sessions.expire })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_session_user');
}
const lookups = new WeakMap<Db, ReturnType<typeof buildSessionLookup>>();

/**
 * The session's user with everything the current-user view shows, in the same one round trip (GET /api/auth/user
 * and the page's boot block): a second query for the view cost about a tenth of that route's requests per second.
 */
function buildSessionViewLookup(db: Db) {
  return db
    .select({ view: currentUserColumns, verifiedAt: sessions.verifiedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(currentUserPayoutJoin.table, currentUserPayoutJoin.on)
    .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_session_view');
}
const viewLookups = new WeakMap<Db, ReturnType<typeof buildSessionViewLookup>>();

export async function findSessionWithView(db: Db, sidHash: string, now: Date) {
  let lookup = viewLookups.get(db);
  if (!lookup) viewLookups.set(db, (lookup = buildSessionViewLookup(db)));
  const [row] = await lookup.execute({ sid: sidHash, now: now.toISOString() });
  return row;
}

/**
 * One round trip on every signed-in request: the principal of a live session (its plain columns only, nothing to
 * decrypt), as a prepared statement.
 */
export async function findSessionWithUser(db: Db, sidHash: string, now: Date) {
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = buildSessionLookup(db)));
  const [row] = await lookup.execute({ sid: sidHash, now: now.toISOString() });
  return row;
}

export async function deleteSession(db: DbOrTx, sidHash: string) {
  await db.delete(sessions).where(eq(sessions.sid, sidHash));
}

/**
 * Ends the user's sessions (all, or all but one) and, because their password changed, every impersonation
 * token they issued (issue 13).
 */
export async function deleteUserSessions(db: DbOrTx, userId: string, exceptSidHash?: string) {
  await db.delete(sessions).where(exceptSidHash ? and(eq(sessions.userId, userId), ne(sessions.sid, exceptSidHash)) : eq(sessions.userId, userId));
  await revokeImpersonationsIssuedBy(db, userId);
}

/** Impersonation tokens live only as long as the signed-in admin who issued them: logout and a password change end them. */
export async function revokeImpersonationsIssuedBy(db: DbOrTx, adminId: string) {
  await db
    .update(impersonationTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(impersonationTokens.adminId, adminId), sql`${impersonationTokens.revokedAt} is null`, gt(impersonationTokens.expiresAt, sql`now()`)));
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date) {
  await db.delete(sessions).where(lt(sessions.expire, now));
}

/** A live impersonation token's grant and the principal it acts as. */
export async function findImpersonation(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ grant: impersonationTokens, user: principalColumns })
    .from(impersonationTokens)
    .innerJoin(users, eq(users.id, impersonationTokens.targetUserId))
    .where(and(eq(impersonationTokens.tokenHash, tokenHash), gt(impersonationTokens.expiresAt, now)))
    .limit(1);
  return row;
}
