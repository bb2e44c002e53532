let timeZone: string | undefined;
/**
 * The browser's IANA time zone, sent with every date-bounded request. Read once a page load: each read makes an
 * Intl formatter (up to 20 ms on a phone), and the dashboards' query keys ask on every render (issue 14).
 */
export function browserTimeZone(): string {
  if (timeZone) return timeZone;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    timeZone = 'UTC';
  }
  return timeZone;
}

/** Sets up the browser's number and date locale data once, off the first render (main.tsx). */
export function warmIntl(): void {
  browserTimeZone();
  try {
    new Intl.NumberFormat('en-IN').format(1);
  } catch {
    /* a browser without Intl formats nothing here either */
  }
}
