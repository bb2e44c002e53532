import { z } from 'zod';
import { decimal, id, instant } from './route-contract';

/** The dashboards' charts (issue 15): aggregated figures, a handful of rows per series. */

export const CHART_MSG = {
  daysRange: 'Days must be a whole number from 7 to 90',
  cyclesRange: 'Cycles must be a whole number from 3 to 26',
  unknownZone: 'Unknown time zone',
} as const;

const intIn = (min: number, max: number, message: string, fallback: number) =>
  z.preprocess((v) => (v === undefined || v === '' ? fallback : Number(v)), z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }));

export const AdminChartsQuery = z.object({
  timezone: z.string().max(64).optional().default('UTC'),
  days: intIn(7, 90, CHART_MSG.daysRange, 30),
  cycles: intIn(3, 26, CHART_MSG.cyclesRange, 12),
});
export type AdminChartsQuery = z.input<typeof AdminChartsQuery>;

export const MemberChartsQuery = z.object({
  timezone: z.string().max(64).optional().default('UTC'),
  cycles: intIn(3, 26, CHART_MSG.cyclesRange, 12),
});
export type MemberChartsQuery = z.input<typeof MemberChartsQuery>;

const day = z.iso.date();
/** A posted or calculated cycle: when it ran and what it paid. */
const CyclePaid = z.strictObject({ cycleId: id, kind: z.string(), startsAt: instant, endsAt: instant, gross: decimal, net: decimal });

export const AdminCharts = z.strictObject({
  timezone: z.string(),
  /** One row per day of the window, oldest first (days without joinings count 0). */
  joinings: z.array(z.strictObject({ day, count: z.number().int() })),
  sales: z.array(z.strictObject({ day, orders: z.number().int(), amount: decimal, bv: decimal })),
  incomePerCycle: z.array(CyclePaid),
  /** Weeks start on Monday in the time zone. */
  withdrawalsPerWeek: z.array(z.strictObject({ weekStart: day, requests: z.number().int(), requested: decimal, approved: decimal })),
});
export type AdminCharts = z.infer<typeof AdminCharts>;

export const MemberCharts = z.strictObject({
  timezone: z.string(),
  /** BV added to each leg in each pairing cycle, the open cycle last. */
  legs: z.array(z.strictObject({ cycleId: id, startsAt: instant, endsAt: instant, open: z.boolean(), left: decimal, right: decimal })),
  income: z.array(CyclePaid),
  /** Members placed in the team per month (from the tree's direct recruits), and the team now. */
  teamGrowth: z.array(z.strictObject({ month: z.string(), directs: z.number().int() })),
  team: z.strictObject({ left: z.number().int(), right: z.number().int(), directs: z.number().int() }),
});
export type MemberCharts = z.infer<typeof MemberCharts>;
