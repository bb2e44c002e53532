import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rankAchievements, users } from '../../db/schema/index';

export async function achievementsOf(db: DbOrTx, userId: string) {
  return db.select({ rank: rankAchievements.rank, achievedAt: rankAchievements.achievedAt }).from(rankAchievements)
    .where(eq(rankAchievements.userId, userId)).orderBy(desc(rankAchievements.achievedAt)).limit(20);
}

export async function recordPromotion(db: DbOrTx, row: { userId: string; rank: string; teamBV: string; leftBV: string; rightBV: string; directs: number; from: string }, now: Date) {
  await db.update(users).set({ currentRank: row.rank, updatedAt: now }).where(eq(users.id, row.userId));
  await db.insert(rankAchievements).values({
    userId: row.userId, rank: row.rank, achievedAt: now, teamBV: row.teamBV, leftBV: row.leftBV, rightBV: row.rightBV,
    metadata: sql`${JSON.stringify({ directRecruits: row.directs, previousRank: row.from })}::jsonb`,
  });
}
