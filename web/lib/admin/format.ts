import { onFirstUse } from '../intl';
import { formatMoney as money } from '../money';

export { formatBV } from '../money';
/** Admin formatting rules (doc 2 §9): rupees with Indian grouping, dates in en-US. */

const USD = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const COUNT = onFirstUse(() => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }));
const DATE = onFirstUse(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }));
const DATE_TIME = onFirstUse(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }));
const DATE_TIME_IN = onFirstUse(() => new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }));

function num(value: string | number | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

/** "₹1,23,456.00" (display only; amounts stay strings everywhere else). */
export function formatINR(value: string | number | null | undefined): string {
  return money(value);
}

/** Rupees for INR, dollars for USD (withdrawal currencies). */
export function formatMoney(value: string | number | null | undefined, currency: string | null | undefined): string {
  return (currency ?? 'INR').toUpperCase() === 'USD' ? USD().format(num(value)) : money(value);
}

/** Counts with Indian grouping: "1,23,456" (BV goes through formatBV, money through formatINR). */
export function formatCount(value: string | number | null | undefined): string {
  return COUNT().format(num(value));
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "Nov 22, 2026" */
export function formatDateUS(value: string | Date | null | undefined, fallback = '—'): string {
  const d = toDate(value);
  return d ? DATE().format(d) : fallback;
}

/** "Nov 22, 2026, 5:15 PM" */
export function formatDateTimeUS(value: string | Date | null | undefined, fallback = '—'): string {
  const d = toDate(value);
  return d ? DATE_TIME().format(d) : fallback;
}

/** "22 Nov 2026, 05:15 pm": the fund history's Indian format (doc 2 §9). */
export function formatDateTimeIN(value: string | Date | null | undefined, fallback = '—'): string {
  const d = toDate(value);
  return d ? DATE_TIME_IN().format(d) : fallback;
}

/** A ledger amount with its sign always shown: "+₹500.00" or "-₹500.00". */
export function formatSignedINR(value: string | number | null | undefined): string {
  return money(value, { sign: true });
}

export { browserTimeZone } from '../format';

/** Query string from the defined, non-blank values only. */
export function toQueryString(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
