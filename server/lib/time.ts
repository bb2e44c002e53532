/** Whether the runtime knows this IANA time zone. */
export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * Formatters kept per time zone: building an Intl.DateTimeFormat costs tens of microseconds (it loads the
 * zone's rules), formatting with one costs about one; pages that ask for "today" or a financial year on
 * every request would otherwise spend most of their CPU here.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(tz: string) {
  let f = dayFormats.get(tz);
  if (!f) dayFormats.set(tz, (f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f;
}
function clockFormat(tz: string) {
  let f = clockFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    clockFormats.set(tz, f);
  }
  return f;
}

/** Minutes east of UTC of `tz` at the instant `at`. */
function offsetMinutes(at: Date, tz: string): number {
  const parts = clockFormat(tz).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - at.getTime()) / 60_000);
}

/** The instant at which the calendar day `ymd` (YYYY-MM-DD) begins in `tz`. */
export function startOfDayIn(ymd: string, tz: string): Date {
  const [y, m, d] = ymd.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - offsetMinutes(new Date(guess), tz) * 60_000;
  return new Date(guess - offsetMinutes(new Date(first), tz) * 60_000);
}

/** The last millisecond of the calendar day `ymd` in `tz`. */
export function endOfDayIn(ymd: string, tz: string): Date {
  const [y, m, d] = ymd.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return new Date(startOfDayIn(next, tz).getTime() - 1);
}

/** Today's date (YYYY-MM-DD) in `tz` at the instant `now`. */
export function todayIn(now: Date, tz: string): string {
  return dayFormat(tz).format(now);
}

const IST_OFFSET_MS = 330 * 60_000;

/** The financial year (April to March, Asia/Kolkata) of a moment, as '2026-27': invoice and complaint series restart with it. */
export function financialYearOf(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
