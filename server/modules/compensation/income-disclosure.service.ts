/**
 * The annual income disclosure (Consumer Protection (Direct Selling) Rules, 2021): what members earned in the last
 * completed financial year (April to March, Asia/Kolkata) from the posted payout cycles, and, while that year has
 * no posted cycle, the current year to date. A public page reads it, so it is computed at most once an hour, or
 * again at once when a cycle has been posted since (one small read of the cycles tells).
 */
import type { AppContext } from '../../context';
import { RANKS } from '../../../contracts/enums';
import type { IncomeDisclosure } from '../../../contracts/disclosures';
import { startOfDayIn } from '../../lib/time';
import { IST, fyOf, fyLabel, istDate } from './common';
import * as repo from './income-disclosure.repo';

const CACHE_MS = 60 * 60 * 1000;
type Disclosed = { lastYear: IncomeDisclosure; yearToDate: IncomeDisclosure | null };
const cache = new WeakMap<object, { at: number; stamp: string; fy: number; value: Disclosed }>();

const fyStart = (fy: number) => startOfDayIn(`${fy}-04-01`, IST);
const lastDay = (fy: number) => `${fy + 1}-03-31`;

/** One financial year's figures; the current year (not completed) is cut at now: members placed by then. */
async function yearOf(ctx: AppContext, fy: number, completed: boolean, now: Date): Promise<IncomeDisclosure> {
  const start = fyStart(fy);
  const end = completed ? fyStart(fy + 1) : now;
  const figures = await repo.yearFigures(ctx.db, fy, end);
  const ranks = await repo.incomeByRank(ctx.db, fy, end);
  const postedCycles = await repo.postedCyclesBetween(ctx.db, start, end);
  const order = (rank: string) => {
    const i = (RANKS as readonly string[]).indexOf(rank);
    return i < 0 ? RANKS.length : i;
  };
  return {
    fy: fyLabel(fy),
    from: `${fy}-04-01`,
    to: completed ? lastDay(fy) : istDate(now),
    completed,
    postedCycles,
    members: figures.members,
    earners: figures.earners,
    earnedNothing: figures.members - figures.earners,
    totalIncome: figures.total_income,
    totalPaid: figures.total_paid,
    averageIncome: figures.average,
    percentiles: { p25: figures.p25, median: figures.p50, p75: figures.p75, p90: figures.p90, p99: figures.p99 },
    byRank: ranks.sort((a, b) => order(a.rank) - order(b.rank) || a.rank.localeCompare(b.rank)).map((r) => ({ rank: r.rank, members: r.members, earners: r.earners, averageIncome: r.average })),
    computedAt: now.toISOString(),
  };
}

/**
 * The last completed financial year's income disclosure, and the current year to date when the last year had no
 * posted cycle. Cached per process: computed again after an hour, when the year turns, or when a cycle was posted.
 */
export async function incomeDisclosure(ctx: AppContext): Promise<Disclosed> {
  const now = ctx.clock.now();
  const current = fyOf(now);
  const stamp = await repo.postedStamp(ctx.db);
  const hit = cache.get(ctx.db);
  if (hit && hit.fy === current && hit.stamp === stamp && now.getTime() - hit.at < CACHE_MS) return hit.value;
  const lastYear = await yearOf(ctx, current - 1, true, now);
  const yearToDate = lastYear.postedCycles === 0 ? await yearOf(ctx, current, false, now) : null;
  const value = { lastYear, yearToDate };
  cache.set(ctx.db, { at: now.getTime(), stamp, fy: current, value });
  return value;
}
