/**
 * Money and BV on the client: decimal strings from the server, arithmetic in integer paise (bigint), never
 * JavaScript floats (decisions §5). Display goes through Intl with the Indian grouping (doc 3 §9).
 */

import { parsePaise } from '../../contracts/money';

export { compareMoney, fromPaise, orderTotals, sumMoney } from '../../contracts/money';
/** "14999.00" -> 1499900n; null for anything that is not a plain decimal with at most 2 places. */
export const toPaise = parsePaise;

/**
 * Money and BV read one way everywhere (issue 30), on the web and in the server's messages: "₹1,00,000.00" and
 * "1,500 BV" (contracts/format-money.ts).
 */
export { formatBV, formatMoney } from '../../contracts/format-money';

/** GST percent: "18%" or "12.5%". */
export function formatPercent(value: string | null | undefined): string {
  const p = toPaise(value) ?? 0n;
  const frac = (p % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${p / 100n}${frac ? `.${frac}` : ''}%`;
}
