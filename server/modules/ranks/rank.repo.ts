import { eq, sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { rankAchievements, users } from '../../db/schema/index';

export async function recordPromotion(db: DbOrTx, row: { userId: string; rank: string; teamBV: string; leftBV: string; rightBV: string; directs: number; from: string }, now: Date) {
  await db.update(users).set({ currentRank: row.rank, updatedAt: now }).where(eq(users.id, row.userId));
  await db.insert(rankAchievements).values({
    userId: row.userId,
    rank: row.rank,
    achievedAt: now,
    teamBV: row.teamBV,
    leftBV: row.leftBV,
    rightBV: row.rightBV,
    metadata: sql`${JSON.stringify({ directRecruits: row.directs, previousRank: row.from })}::jsonb`,
  });
}

export interface PromotionCandidate {
  id: string;
  left_bv: string;
  right_bv: string;
  total_directs: number;
  current_rank: string;
  target: string;
}

/**
 * Members among `ids` whose figures now meet every requirement of a rank above their current one,
 * with the highest such rank (docs/spec/decisions.md §5), checked in the database so that a batch touching
 * thousands of ancestors reads back only the few who are promoted.
 */
export async function findPromotions(db: DbOrTx, ids: string[], table: { rank: string; teamBV: number; leftBV: number; rightBV: number; directs: number }[]) {
  if (!ids.length) return [];
  const values = sql.join(
    table.map((r, i) => sql`(${i}::int, ${r.rank}::text, ${String(r.teamBV)}::numeric, ${String(r.leftBV)}::numeric, ${String(r.rightBV)}::numeric, ${r.directs}::int)`),
    sql`, `,
  );
  return rawRows<PromotionCandidate>(
    db,
    sql`with ranks(idx, name, team, l, r, d) as (values ${values}),
        asked(id) as (select * from unnest(${sql.param(ids)}::uuid[]))
        select u.id, v.left_bv::text, v.right_bv::text, v.total_directs, u.current_rank, best.name as target
        from asked a
        join users u on u.id = a.id
        join member_volume v on v.member_id = u.id
        cross join lateral (
          select x.idx, x.name from ranks x
          where v.left_bv + v.right_bv >= x.team and v.left_bv >= x.l and v.right_bv >= x.r and v.total_directs >= x.d
          order by x.idx desc limit 1
        ) best
        where best.idx > coalesce((select c.idx from ranks c where c.name = u.current_rank), 0)`,
  );
}
