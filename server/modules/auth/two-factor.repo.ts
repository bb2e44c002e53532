import { noteControlled } from '../../core/control-trace';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginChallenges, recoveryCodes, sessions, twoFactorSecrets } from '../../db/schema/index';

export type TwoFactorRow = typeof twoFactorSecrets.$inferSelect;

export async function findTwoFactor(db: DbOrTx, userId: string, forUpdate = false): Promise<TwoFactorRow | undefined> {
  const q = db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function savePendingSecret(db: DbOrTx, userId: string, sealed: string, now: Date) {
  await db
    .insert(twoFactorSecrets)
    .values({ userId, pendingSecret: sealed, pendingSince: now, updatedAt: now })
    .onConflictDoUpdate({ target: twoFactorSecrets.userId, set: { pendingSecret: sealed, pendingSince: now, updatedAt: now } });
}

export async function activateSecret(db: DbOrTx, userId: string, sealed: string, step: number, now: Date) {
  await db.update(twoFactorSecrets).set({ secret: sealed, pendingSecret: null, pendingSince: null, lastStep: step, updatedAt: now }).where(eq(twoFactorSecrets.userId, userId));
}

/**
 * Records the accepted step only if it is later than the last one: of two requests racing with the same code,
 * one updates the row and the other finds nothing to update (a code works once, RFC 6238 §5.2).
 */
export async function consumeStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactorSecrets)
    .set({ lastStep: step, updatedAt: sql`now()` })
    .where(and(eq(twoFactorSecrets.userId, userId), lt(twoFactorSecrets.lastStep, step)))
    .returning({ userId: twoFactorSecrets.userId });
  return rows.length === 1;
}

export async function deleteTwoFactor(db: DbOrTx, userId: string) {
  noteControlled('credentials');
  await db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks one unused code used; false when there is none with this hash (wrong, or already used). */
export async function useRecoveryCode(db: DbOrTx, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertChallenge(db: DbOrTx, values: typeof loginChallenges.$inferInsert) {
  await db.insert(loginChallenges).values(values);
}

export async function findChallenge(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(loginChallenges)
    .where(and(eq(loginChallenges.tokenHash, tokenHash), gt(loginChallenges.expiresAt, now)))
    .limit(1);
  return row;
}

/**
 * Takes one of the challenge's attempts before its code is checked: answers the challenge with the attempts so far,
 * or nothing when it is unknown, expired or out of attempts. One statement, so of codes sent at once on one
 * challenge at most `max` get an attempt (the row lock orders them).
 */
export async function reserveChallengeAttempt(db: DbOrTx, tokenHash: string, max: number, now: Date) {
  const [row] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(and(eq(loginChallenges.tokenHash, tokenHash), lt(loginChallenges.attempts, max), gt(loginChallenges.expiresAt, now)))
    .returning({ userId: loginChallenges.userId, rememberMe: loginChallenges.rememberMe, attempts: loginChallenges.attempts });
  return row;
}

/** Deletes the challenge; false when another request already used it. */
export async function deleteChallenge(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const rows = await db.delete(loginChallenges).where(eq(loginChallenges.tokenHash, tokenHash)).returning({ t: loginChallenges.tokenHash });
  return rows.length === 1;
}

export async function deleteExpiredChallenges(db: DbOrTx, now: Date) {
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
}

export async function markSessionVerified(db: DbOrTx, sidHash: string, now: Date) {
  await db.update(sessions).set({ verifiedAt: now }).where(eq(sessions.sid, sidHash));
}
