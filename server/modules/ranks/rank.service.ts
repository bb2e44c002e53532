import type { DbOrTx } from '../../db/client';
import { RANKS, type Rank } from '../../../contracts/enums';
import { RANK_REQUIREMENTS, type RankProgress } from '../../../contracts/commerce';
import { addMoney, compareMoney } from '../../lib/money';
import { formatBV } from '../../../contracts/format-money';
import { notify } from '../notifications';
import { recordPromotion, findPromotions } from './rank.repo';
import { paiseNumber } from '../../../contracts/money';

export interface RankFigures {
  id: string;
  leftBV: string;
  rightBV: string;
  totalDirects: number;
  currentRank: string;
}

const rankIndex = (r: string) => Math.max(0, RANKS.indexOf(r as Rank));
const meets = (f: RankFigures, r: Rank) => {
  const need = RANK_REQUIREMENTS[r];
  const team = addMoney(f.leftBV, f.rightBV);
  return compareMoney(team, String(need.teamBV)) >= 0 && compareMoney(f.leftBV, String(need.leftBV)) >= 0 && compareMoney(f.rightBV, String(need.rightBV)) >= 0 && f.totalDirects >= need.directs;
};

/** The highest rank of the table whose four requirements are all met (docs/spec/decisions.md §5). */
export function qualifyingRank(f: RankFigures): Rank {
  for (let i = RANKS.length - 1; i > 0; i--) if (meets(f, RANKS[i])) return RANKS[i];
  return RANKS[0];
}

/**
 * Promotes every member whose figures now qualify for a higher rank: never down; each promotion writes
 * rank_achievements with the figures and notifies the member, in the caller's transaction.
 */
export async function applyRanks(db: DbOrTx, members: RankFigures[], now: Date) {
  let promoted = 0;
  for (const f of members) {
    const target = qualifyingRank(f);
    if (rankIndex(target) <= rankIndex(f.currentRank)) continue;
    await recordPromotion(db, { userId: f.id, rank: target, teamBV: addMoney(f.leftBV, f.rightBV), leftBV: f.leftBV, rightBV: f.rightBV, directs: f.totalDirects, from: f.currentRank }, now);
    await notify(db, [f.id], {
      type: 'rank_achieved',
      title: 'New rank achieved',
      priority: 'high',
      message: `Congratulations! You reached ${target} with a team BV of ${formatBV(addMoney(f.leftBV, f.rightBV))}.`,
      data: { rank: target },
    });
    promoted += 1;
  }
  return promoted;
}

const RANK_TABLE = RANKS.map((rank) => ({ rank, ...RANK_REQUIREMENTS[rank] }));

const paiseOf = (rupees: string | number) => paiseNumber(rupees, 'BV');
const BV_STEPS = RANKS.slice(1).map((r) => {
  const need = RANK_REQUIREMENTS[r];
  return { team: paiseOf(need.teamBV), left: paiseOf(need.leftBV), right: paiseOf(need.rightBV) };
});

/**
 * The volume each rank above the first needs (left leg, right leg, both together, in rupees): what the
 * applier's figures statement tests `legsReachedARank` with, in SQL, so that it answers only the members
 * whose legs reached a rank's volume in the batch instead of every row it changed.
 */
export const RANK_VOLUME_STEPS = BV_STEPS.map((n) => ({ left: (n.left / 100).toFixed(2), right: (n.right / 100).toFixed(2), team: (n.team / 100).toFixed(2) }));

/**
 * Whether a member's legs, moving from `before` to `after` (rupees), reached the volume requirements of a
 * rank they did not meet before. Legs only grow, and every member whose legs or direct recruits change is
 * checked in the batch that changes them, so a member whose legs crossed no rank's volume can only be
 * promoted through a new direct recruit (the applier checks every sponsor of the batch): the rank check
 * reads the `users` rows of the crossers and sponsors only, not of every ancestor with large legs.
 * Amounts are compared in paise (exact for legs below 90 trillion rupees).
 */
export function legsReachedARank(before: { left: string; right: string }, after: { left: string; right: string }) {
  const bl = paiseOf(before.left),
    br = paiseOf(before.right),
    al = paiseOf(after.left),
    ar = paiseOf(after.right);
  return BV_STEPS.some((n) => al >= n.left && ar >= n.right && al + ar >= n.team && !(bl >= n.left && br >= n.right && bl + br >= n.team));
}

/**
 * The rank check after the volume applier changed members' figures (read only): the members among `ids`
 * who now qualify for a higher rank, with the figures that qualify them. Promote them with `applyRanks`.
 */
export async function findRankPromotions(db: DbOrTx, ids: string[]): Promise<RankFigures[]> {
  const found = await findPromotions(db, ids, RANK_TABLE);
  return found.map((c) => ({ id: c.id, leftBV: c.left_bv, rightBV: c.right_bv, totalDirects: c.total_directs, currentRank: c.current_rank }));
}

const ratio = (have: string | number, need: number) => (need <= 0 ? 100 : Math.min(100, Math.floor((Number(have) / need) * 10000) / 100));

/** Team Business Stages (doc 3 §4): the next rank and progress as the average of four capped ratios, with the ranks achieved (newest first). */
export function rankProgress(f: RankFigures, achieved: { rank: string; achievedAt: Date }[]): RankProgress {
  const i = rankIndex(f.currentRank);
  const atTop = i === RANKS.length - 1;
  const next = RANKS[atTop ? i : i + 1];
  const need = RANK_REQUIREMENTS[next];
  const team = addMoney(f.leftBV, f.rightBV);
  const req = {
    teamBV: { have: team, need: need.teamBV.toFixed(2), percent: ratio(team, need.teamBV) },
    leftBV: { have: f.leftBV, need: need.leftBV.toFixed(2), percent: ratio(f.leftBV, need.leftBV) },
    rightBV: { have: f.rightBV, need: need.rightBV.toFixed(2), percent: ratio(f.rightBV, need.rightBV) },
    directRecruits: { have: String(f.totalDirects), need: String(need.directs), percent: ratio(f.totalDirects, need.directs) },
  };
  const progress = atTop ? 100 : Math.round(((req.teamBV.percent + req.leftBV.percent + req.rightBV.percent + req.directRecruits.percent) / 4) * 100) / 100;
  const achievements = achieved.map((a) => ({ rank: a.rank, achievedAt: a.achievedAt.toISOString() }));
  return { current: RANKS[i], next, atTop, progress, requirements: req, achievements };
}
