import { onFirstUse } from '../../lib/intl';
import { formatBV, formatMoney } from '../../lib/money';
const WHOLE = onFirstUse(() => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }));
const SHORT_DAY = onFirstUse(() => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }));
const LOCAL_DAY = onFirstUse(() => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short' }));
const MONTH = onFirstUse(() => new Intl.DateTimeFormat('en-IN', { month: 'short', year: '2-digit', timeZone: 'UTC' }));

/** Chart figures: rupees and BV rounded to the rupee, through the one money and BV format (issue 30). */
export const rupees = (n: number) => formatMoney(n, { decimals: 0 });
/** Counts (joinings, recruits). */
export const whole = (n: number) => WHOLE().format(n);
export const bvOf = (n: number) => formatBV(n, { unit: true, decimals: 0 });
/** "26 Nov" from a calendar day (YYYY-MM-DD). */
export const dayLabel = (ymd: string) => SHORT_DAY().format(new Date(`${ymd}T00:00:00Z`));
/** "26 Nov" for an instant (a cycle's end), in the browser's time zone. */
export const instantLabel = (instant: string) => LOCAL_DAY().format(new Date(instant));
/** "Nov 26" from a month (YYYY-MM). */
export const monthLabel = (ym: string) => MONTH().format(new Date(`${ym}-01T00:00:00Z`));
export const sum = (values: number[]) => values.reduce((a, v) => a + v, 0);
/** The label of the largest value, for the summaries ("the busiest day was 26 Nov"). */
export const peakOf = (labels: string[], values: number[]) => labels[values.reduce((best, v, i) => (v > values[best] ? i : best), 0)] ?? '';

/** Brand-safe colours with enough contrast on white for bars and lines. */
export const COLORS = { brand: '#4f46e5', emerald: '#059669', amber: '#b45309', sky: '#0369a1', rose: '#be123c' } as const;
/** A paid cycle in the tables: "Pairing cycle to 22 Nov", "Monthly cycle to 31 Oct". */
export const cycleName = (c: { kind: string; endsAt: string }) => `${c.kind === 'monthly' ? 'Monthly' : 'Pairing'} cycle to ${instantLabel(c.endsAt)}`;
