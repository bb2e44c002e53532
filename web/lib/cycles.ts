import { onFirstUse } from './intl';
/**
 * Compensation cycles on the client (docs/spec/compensation.md §2): cycles run on Asia/Kolkata days, so their dates are
 * shown in that zone whatever the browser's; the end instant is exclusive (Sunday 24:00 is Monday 00:00), so
 * the last day shown is the day before it.
 */

export const CYCLE_TIME_ZONE = 'Asia/Kolkata';

const DAY = onFirstUse(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: CYCLE_TIME_ZONE }));
const DAY_SHORT = onFirstUse(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: CYCLE_TIME_ZONE }));
const MONTH = onFirstUse(() => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: CYCLE_TIME_ZONE }));
const MOMENT = onFirstUse(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: CYCLE_TIME_ZONE }));
const YEAR = onFirstUse(() => new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: CYCLE_TIME_ZONE }));
const TIME = onFirstUse(() => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: CYCLE_TIME_ZONE }));
const TIME_SECONDS = onFirstUse(() => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone: CYCLE_TIME_ZONE }));
const atMidnight = (d: Date) => TIME().format(d) === '12:00 AM';

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * "Mar 2 – Mar 8, 2026" (or "Dec 29, 2025 – Jan 4, 2026" across a year), in Asia/Kolkata. A cycle that began
 * and was closed early on the same day shows its times, so it reads apart from the day's other cycles:
 * "Mar 4, 2026, 9:07 AM – 3:30 PM IST".
 */
export function formatCyclePeriod(startsAt: string | null | undefined, endsAt: string | null | undefined): string {
  const start = toDate(startsAt);
  const end = toDate(endsAt);
  if (!start || !end) return '—';
  const last = new Date(Math.max(start.getTime(), end.getTime() - 1));
  const sameYear = YEAR().format(start) === YEAR().format(last);
  const from = sameYear ? DAY_SHORT().format(start) : DAY().format(start);
  const to = DAY().format(last);
  if (DAY().format(start) !== to) return `${from} – ${to}`;
  if (atMidnight(start) && atMidnight(end)) return to;
  // Within one minute (closed at once): the seconds tell it apart.
  const time = TIME().format(start) === TIME().format(end) ? TIME_SECONDS() : TIME();
  return `${to}, ${time.format(start)} – ${time.format(end)} IST`;
}

/** "March 2026": the month of a monthly award or cycle, in Asia/Kolkata. */
export function formatCycleMonth(value: string | null | undefined, fallback = '—'): string {
  const d = toDate(value);
  return d ? MONTH().format(d) : fallback;
}

/** "Mar 9, 2026, 12:00 AM IST": an instant of the cycle calendar. */
export function formatCycleMoment(value: string | null | undefined, fallback = '—'): string {
  const d = toDate(value);
  return d ? `${MOMENT().format(d)} IST` : fallback;
}

export const CYCLE_KIND_LABELS: Record<string, string> = { pairing: 'Pairing', monthly: 'Monthly' };
export const cycleKindLabel = (kind: string) => CYCLE_KIND_LABELS[kind] ?? kind;
