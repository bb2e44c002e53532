/**
 * The grievance clock (Consumer Protection (Direct Selling) Rules, 2021): working hours are Monday to Saturday,
 * 09:00 to 18:00 Asia/Kolkata, except the holidays an admin sets. Pure functions of an instant; India keeps no
 * daylight saving time, so Asia/Kolkata is UTC+05:30 all year.
 */

const IST_OFFSET_MS = 330 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface WorkingDay {
  /** First and last hour of the working day (local time): 9 and 18. */
  startHour: number;
  endHour: number;
}
export const DEFAULT_WORKING_DAY: WorkingDay = { startHour: 9, endHour: 18 };

/** The calendar day (YYYY-MM-DD) of an instant in Asia/Kolkata. */
export function istDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

const dayOf = (localMs: number) => Math.floor(localMs / DAY_MS) * DAY_MS;
const isWorkingDay = (localDayMs: number, holidays: ReadonlySet<string>) => new Date(localDayMs).getUTCDay() !== 0 && !holidays.has(new Date(localDayMs).toISOString().slice(0, 10));

/**
 * The instant `hours` working hours after `start`: time outside 09:00-18:00, Sundays and `holidays` (Asia/Kolkata
 * days as YYYY-MM-DD) does not count. A start outside working hours counts from the next opening.
 */
export function addWorkingHours(start: Date, hours: number, holidays: ReadonlySet<string> = new Set(), day: WorkingDay = DEFAULT_WORKING_DAY): Date {
  if (!(hours >= 0) || !Number.isFinite(hours)) throw new RangeError('hours must be a finite number, 0 or more');
  let cursor = start.getTime() + IST_OFFSET_MS;
  let remaining = Math.round(hours * HOUR_MS);
  // A year of holidays cannot hold the clock for ever: stop after ten years of days.
  for (let guard = 0; guard < 3660; guard++) {
    const today = dayOf(cursor);
    const opens = today + day.startHour * HOUR_MS;
    const closes = today + day.endHour * HOUR_MS;
    if (!isWorkingDay(today, holidays) || cursor >= closes) {
      cursor = today + DAY_MS + day.startHour * HOUR_MS;
      continue;
    }
    if (cursor < opens) cursor = opens;
    const left = closes - cursor;
    if (remaining <= left) return new Date(cursor + remaining - IST_OFFSET_MS);
    remaining -= left;
    cursor = today + DAY_MS + day.startHour * HOUR_MS;
  }
  throw new RangeError('no working hours within ten years');
}

/**
 * The same time of day `months` calendar months later in Asia/Kolkata (31 January + 1 month: the last day of
 * February), the resolution's due time.
 */
export function addCalendarMonths(start: Date, months: number): Date {
  const local = new Date(start.getTime() + IST_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const target = Date.UTC(y, m, Math.min(local.getUTCDate(), lastDay), local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds(), local.getUTCMilliseconds());
  return new Date(target - IST_OFFSET_MS);
}
