/** A monthly cycle (docs/spec/compensation.md §4): the consistency bonus and the six pools. */
import { POOL_TYPES, type PoolType } from '../../../contracts/compensation';
import { CarryColumns, rankIndexOf } from './member-table';
import { P4, bvText, bvWords, money, moneyWords, paise, pct4, roundDiv } from './arithmetic';
import { purchaseColumnsOf, tableOf } from './engine-columns';
import { adjustmentLines } from './adjustments';
import type { CalcResult, Line, MonthlyInput } from './engine-types';
import type { SnapshotMember } from './snapshot-types';

/** Lines of a monthly cycle: consistency_bonus and the six pools (with their achievers), adjustments. */
export function calculateMonthly(input: MonthlyInput): CalcResult & { achievers: { memberId: string; type: PoolType; amount: bigint; points: number }[] } {
  const { plan } = input;
  const t = tableOf(input.members);
  const bvValue = paise(plan.bvValue);
  const lines: Line[] = [];
  // Own BV by member index, in order of each member's first purchase; the company BV counts every purchase, a buyer's
  // outside the table (an admin's) too.
  const buys = purchaseColumnsOf(t, input.purchases);
  const own = new Map<number, bigint>();
  for (let k = 0; k < buys.size; k++) {
    const i = buys.buyerAt(k);
    if (i >= 0) own.set(i, (own.get(i) ?? 0n) + buys.bvAt(k));
  }
  const companyBV = buys.totalBV();

  // Consistency: own BV at least minBV in each of the last `months` monthly cycles, this one included.
  const c = plan.consistency;
  const minBV = paise(c.minBV);
  if (pct4(c.percent) > 0n && input.previousMonths >= c.months - 1) {
    for (const [i, bv] of own) {
      if (!t.isActive(i) || bv < minBV) continue;
      const id = t.idAt(i);
      const prev = input.previousOwnBV.get(id) ?? [];
      const window = prev.slice(0, c.months - 1);
      if (window.length < c.months - 1 || window.some((x) => x < minBV)) continue;
      const amount = roundDiv(bv * bvValue * pct4(c.percent), 100n * 100n * P4);
      if (amount <= 0n) continue;
      lines.push({
        memberId: id,
        member: i,
        type: 'consistency_bonus',
        amount,
        explanation: {
          text: `Own BV ${[bv, ...window].map(bvWords).reverse().join(', ')} over the last ${c.months} months, each at least ${c.minBV}: ${c.percent} % of this month's ${bvWords(bv)} BV.`,
          months: [bv, ...window].map(bvText),
          minBV: c.minBV,
          percent: c.percent,
        },
      });
    }
  }

  // Pools: percent of the company BV, shared by points among the qualifiers.
  const achievers: { memberId: string; type: PoolType; amount: bigint; points: number }[] = [];
  const poolsLeft: Record<string, bigint> = {};
  for (const type of POOL_TYPES) {
    const cfg = plan.pools[type];
    // The pool in paise x 10^8 (exact): companyBV(paise) * bvValue(paise) * pct4.
    const poolNum = companyBV * bvValue * pct4(cfg.percent);
    const poolDen = 100n * 100n * P4;
    // Returns applied in the month lower its company BV (returns.md §3.4): a month they took below zero has no pool.
    if (poolNum <= 0n) continue;
    const qualifiers: { m: SnapshotMember; i: number; points: number }[] = [];
    const minRank = rankIndexOf(cfg.minRank);
    for (let i = 0; i < t.size; i++) {
      if (!t.isActive(i) || t.rankIndex(i) < minRank) continue;
      const m = t.at(i);
      if (!input.heldRank(type, m)) continue;
      const pts = cfg.points[m.rank as keyof typeof cfg.points] ?? 1;
      if (pts > 0) qualifiers.push({ m, i, points: pts });
    }
    const poolPaise = poolNum / poolDen; // the pool itself, rounded down to the paisa
    const totalPoints = BigInt(qualifiers.reduce((s, q) => s + q.points, 0));
    if (!totalPoints) {
      poolsLeft[type] = poolPaise;
      continue;
    }
    const cap = cfg.capPerMember === null ? null : paise(cfg.capPerMember);
    let paid = 0n;
    const shares = qualifiers.map((q) => {
      let share = (poolNum * BigInt(q.points)) / (poolDen * totalPoints);
      const capped = cap !== null && share > cap;
      if (capped) share = cap!;
      paid += share;
      return { ...q, share, capped };
    });
    poolsLeft[type] = poolPaise - paid;
    const pointValue = poolNum / (poolDen * totalPoints);
    for (const s of shares) {
      if (s.share <= 0n) continue;
      achievers.push({ memberId: s.m.id, type, amount: s.share, points: s.points });
      lines.push({
        memberId: s.m.id,
        member: s.i,
        type,
        amount: s.share,
        explanation: {
          text: `Pool ${moneyWords(poolPaise)} (${cfg.percent} % of ${bvWords(companyBV)} company BV), ${totalPoints} points: ${s.points} point${s.points === 1 ? '' : 's'} at ${moneyWords(pointValue)}${s.capped ? `, capped at ${cfg.capPerMember}` : ''}.`,
          pool: money(poolPaise),
          companyBV: bvText(companyBV),
          percent: cfg.percent,
          totalPoints: Number(totalPoints),
          points: s.points,
          pointValue: money(pointValue),
          capped: s.capped,
          rank: s.m.rank,
        },
      });
    }
  }

  lines.push(...adjustmentLines(t, lines, input.adjustments));
  return { lines, carry: new CarryColumns(t), flushedBV: 0n, salesBV: companyBV, poolsLeft, achievers };
}
