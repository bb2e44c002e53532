/**
 * Money and BV on the client: decimal strings from the server, arithmetic in integer paise (bigint), never
 * JavaScript floats (decisions §5). Display goes through Intl with the Indian grouping (doc 3 §9).
 */

import { parsePaise } from '../../contracts/money';
import { onFirstUse } from './intl';

export { compareMoney, fromPaise, orderTotals, sumMoney } from '../../contracts/money';
/** "14999.00" -> 1499900n; null for anything that is not a plain decimal with at most 2 places. */
export const toPaise = parsePaise;

const GROUPED = onFirstUse(() => new Intl.NumberFormat('en-IN'));

/**
 * "₹1,23,456.78" from an exact decimal string: the whole part is grouped by Intl from a bigint (exact at any
 * size), the paise are kept as they are. `decimals: 0` drops them (rounded half-up), `'auto'` shows them only
 * when they are not zero.
 */
export function formatMoney(value: string | null | undefined, { decimals = 'auto', symbol = true }: { decimals?: 0 | 2 | 'auto'; symbol?: boolean } = {}): string {
  let p = toPaise(value) ?? 0n;
  const neg = p < 0n;
  if (neg) p = -p;
  if (decimals === 0) p = ((p + 50n) / 100n) * 100n;
  const whole = GROUPED().format(p / 100n);
  const paise = (p % 100n).toString().padStart(2, '0');
  const showPaise = decimals === 2 || (decimals === 'auto' && paise !== '00');
  return `${neg ? '-' : ''}${symbol ? '₹' : ''}${whole}${showPaise ? `.${paise}` : ''}`;
}

/** BV figures: grouped, paise only when present ("5,000", "1,234.50"). */
export const formatBV = (value: string | null | undefined) => formatMoney(value, { symbol: false });

/** GST percent: "18%" or "12.5%". */
export function formatPercent(value: string | null | undefined): string {
  const p = toPaise(value) ?? 0n;
  const frac = (p % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${p / 100n}${frac ? `.${frac}` : ''}%`;
}
