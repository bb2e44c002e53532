import type { AppContext } from '../../context';
import type { Actor } from '../../core/actor';
import { knownTimeZone } from '../../core/time-zone';
import { readDb } from '../../core/read-db';
import { startOfDayIn, todayIn } from '../../lib/time';
import { type AdminCharts, type MemberCharts } from '../../../contracts/charts';
import { joiningsPerDay, memberCycleLegs, memberPayouts, memberTeam, paidCycles, salesPerDay, withdrawalsPerWeek, type CyclePaidRow } from './charts.repo';

/** Weeks shown in the withdrawals chart. */
const WEEKS = 12;
/** Months shown in the team growth chart. */
const MONTHS = 12;

/** YYYY-MM-DD plus n days (calendar arithmetic, no time zone involved). */
const addDays = (ymd: string, n: number) => {
  const [y, m, d] = ymd.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};
const mondayOf = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number);
  return addDays(ymd, -((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7));
};
/** Rows by their bucket's index from 0 (width_bucket counts from 1). */
const byBucket = <T extends { bucket: number }>(rows: T[]) => new Map(rows.map((r) => [Number(r.bucket) - 1, r]));
const iso = (v: Date | string) => new Date(v).toISOString();
const toCycle = (r: CyclePaidRow) => ({ cycleId: r.id, kind: r.kind, startsAt: iso(r.starts_at), endsAt: iso(r.ends_at), gross: r.gross, net: r.net });

/** The charts tolerate a little lag: they read a replica when one is in use (ADR 0031). */
export async function adminCharts(ctx: AppContext, actor: Actor, q: { timezone: string; days: number; cycles: number }): Promise<AdminCharts> {
  const db = readDb(ctx, actor);
  const tz = knownTimeZone(q.timezone);
  const today = todayIn(ctx.clock.now(), tz);
  const firstDay = addDays(today, -(q.days - 1));
  const firstWeek = addDays(mondayOf(today), -7 * (WEEKS - 1));
  const days = Array.from({ length: q.days }, (_, i) => addDays(firstDay, i));
  const weeks = Array.from({ length: WEEKS }, (_, i) => addDays(firstWeek, 7 * i));
  const dayStarts = days.map((d) => startOfDayIn(d, tz));
  const [joined, sold, paid, withdrawn] = await Promise.all([
    joiningsPerDay(db, dayStarts),
    salesPerDay(db, dayStarts),
    paidCycles(db, q.cycles),
    withdrawalsPerWeek(
      db,
      weeks.map((w) => startOfDayIn(w, tz)),
    ),
  ]);
  const joinedBy = byBucket(joined);
  const soldBy = byBucket(sold);
  const wdBy = byBucket(withdrawn);
  return {
    timezone: tz,
    joinings: days.map((day, i) => ({ day, count: Number(joinedBy.get(i)?.n ?? 0) })),
    sales: days.map((day, i) => {
      const s = soldBy.get(i);
      return { day, orders: Number(s?.orders ?? 0), amount: s?.amount ?? '0.00', bv: s?.bv ?? '0.00' };
    }),
    incomePerCycle: paid.map(toCycle).reverse(),
    withdrawalsPerWeek: weeks.map((weekStart, i) => {
      const w = wdBy.get(i);
      return { weekStart, requests: Number(w?.n ?? 0), requested: w?.requested ?? '0.00', approved: w?.approved ?? '0.00' };
    }),
  };
}

/** The signed-in member's own figures only: the actor decides whose rows are read. */
export async function memberCharts(ctx: AppContext, actor: Actor, q: { timezone: string; cycles: number }): Promise<MemberCharts> {
  const tz = knownTimeZone(q.timezone);
  const me = actor.user.id;
  const db = readDb(ctx, actor);
  const today = todayIn(ctx.clock.now(), tz);
  const [y, m] = today.split('-').map(Number);
  const months = Array.from({ length: MONTHS }, (_, i) => new Date(Date.UTC(y, m - 1 - (MONTHS - 1) + i, 1)).toISOString().slice(0, 7));
  const [legs, paid, team] = await Promise.all([
    memberCycleLegs(db, me, q.cycles),
    memberPayouts(db, me, q.cycles),
    memberTeam(
      db,
      me,
      months.map((month) => startOfDayIn(`${month}-01`, tz)),
    ),
  ]);
  const byMonth = byBucket(team.months);
  return {
    timezone: tz,
    legs: legs.map((r) => ({ cycleId: r.id, startsAt: iso(r.starts_at), endsAt: iso(r.ends_at), open: r.status === 'open', left: r.left_bv, right: r.right_bv })),
    income: paid.map(toCycle).reverse(),
    teamGrowth: months.map((month, i) => ({ month, directs: Number(byMonth.get(i)?.n ?? 0) })),
    team: { left: Number(team.team.left_count), right: Number(team.team.right_count), directs: Number(team.team.total_directs) },
  };
}
