import { formatDistanceToNow, isValid, parseISO } from 'date-fns';
import { onFirstUse } from '../../lib/intl';
import { formatBV, formatMoney } from '../../lib/money';

const COUNT = onFirstUse(() => new Intl.NumberFormat('en-IN'));

function num(value: string | number | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

/** Money is rupees everywhere (README differences: the source showed a dollar sign): "₹1,23,456.00" (issue 30). */
export const rupees = (value: string | number | null | undefined) => formatMoney(value);

/** "1,23,456" */
export const count = (value: string | number | null | undefined) => COUNT().format(num(value));

const COMPACT = onFirstUse(() => new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 }));

/** BV in a small space: "9,999.50" below ten thousand, then "12.3K", "1.2L", "3.4Cr". */
export const compactBV = (value: string | number | null | undefined) => {
  const n = num(value);
  return Math.abs(n) < 10_000 ? formatBV(value) : COMPACT().format(n);
};

/** BV is a count, never money: "1,23,456.50" (issue 15: no rupee sign on BV; issue 30: one BV format). */
export const bv = (value: string | number | null | undefined) => formatBV(value);

/** "1,23,456.50 BV" */
export const fullBV = (value: string | number | null | undefined) => formatBV(value, { unit: true });

/** "5 minutes ago" */
export function relativeTime(value: string | null | undefined): string {
  if (!value) return 'recently';
  const d = parseISO(value);
  return isValid(d) ? formatDistanceToNow(d, { addSuffix: true }) : 'recently';
}

export const sideLabel = (side: string | null | undefined) => (side === 'right' ? 'Right' : 'Left');

export function memberName(m: { firstName: string | null; lastName: string | null; email?: string; userId?: string }): string {
  return [m.firstName, m.lastName].filter(Boolean).join(' ') || m.userId || m.email || 'Member';
}
