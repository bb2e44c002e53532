/**
 * Cycle boundaries (docs/spec/compensation.md §2) in Asia/Kolkata. India keeps no daylight saving time, so local
 * midnight is always 18:30 UTC of the day before and the arithmetic below is exact.
 */
export type CyclePeriod = 'daily' | 'weekly' | 'monthly';
export type CycleKind = 'pairing' | 'monthly';

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

/** The local (IST) calendar date of an instant, as a UTC-midnight Date used only for y/m/d arithmetic. */
const localDay = (at: Date) => {
  const shifted = new Date(at.getTime() + IST_OFFSET_MS);
  return Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate());
};
const fromLocalMidnight = (utcMidnightOfLocalDate: number) => new Date(utcMidnightOfLocalDate - IST_OFFSET_MS);

/** The period that contains `at`: [start, end), both at local midnight. Weeks run Monday to Sunday. */
export function periodBounds(period: CyclePeriod, at: Date): { startsAt: Date; endsAt: Date } {
  const day = localDay(at);
  if (period === 'daily') return { startsAt: fromLocalMidnight(day), endsAt: fromLocalMidnight(day + DAY_MS) };
  if (period === 'weekly') {
    const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
    const monday = day - weekday * DAY_MS;
    return { startsAt: fromLocalMidnight(monday), endsAt: fromLocalMidnight(monday + 7 * DAY_MS) };
  }
  const d = new Date(day);
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return { startsAt: fromLocalMidnight(first), endsAt: fromLocalMidnight(next) };
}

/**
 * The period of each cycle kind. Until plan versions exist (the compensation engine), the pairing cycle
 * is weekly (the default of docs/spec/compensation.md §2) and the monthly cycle is the calendar month.
 */
export function periodOf(kind: CycleKind): CyclePeriod {
  return kind === 'pairing' ? 'weekly' : 'monthly';
}

export const CYCLE_KINDS: CycleKind[] = ['pairing', 'monthly'];
