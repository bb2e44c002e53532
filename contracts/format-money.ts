/**
 * The one way money and BV read, on the web and in the text the server writes (activity, notifications): issue 30.
 * Exact from decimal strings (integer paise, bigint), grouped the Indian way ("1,00,000"), no Intl needed.
 *
 * - Money: "₹1,00,000.00", always with its paise (`decimals: 0` rounds to the rupee, for chart axes).
 * - BV: "1,500", "1,234.50": grouped, the paise only when there are some; `unit: true` adds " BV".
 */
import { parsePaise } from './money';

/** Paise from a decimal string or a number; unreadable values are 0. Numbers are rounded to the paisa. */
function paiseOf(value: string | number | null | undefined): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  const exact = parsePaise(typeof value === 'string' ? value.trim() : value);
  if (exact !== null) return exact;
  const n = Number(value);
  return Number.isFinite(n) ? BigInt(Math.round(n * 100)) : 0n;
}

/** "100000" -> "1,00,000": the last three digits, then groups of two. */
export function groupIndian(whole: bigint): string {
  const s = (whole < 0n ? -whole : whole).toString();
  if (s.length <= 3) return s;
  const head = s.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${s.slice(-3)}`;
}

function render(p: bigint, decimals: 0 | 2 | 'auto', prefix: string, sign: boolean): string {
  let a = p < 0n ? -p : p;
  if (decimals === 0) a = ((a + 50n) / 100n) * 100n;
  const paise = (a % 100n).toString().padStart(2, '0');
  const showPaise = decimals === 2 || (decimals === 'auto' && paise !== '00');
  const lead = p < 0n && a > 0n ? '-' : sign && a > 0n ? '+' : '';
  return `${lead}${prefix}${groupIndian(a / 100n)}${showPaise ? `.${paise}` : ''}`;
}

export interface MoneyFormat {
  /** 2 (the default): always the paise; 0: rounded to the rupee; 'auto': the paise only when not zero. */
  decimals?: 0 | 2 | 'auto';
  /** The rupee sign (default true). */
  symbol?: boolean;
  /** A "+" before a positive amount (ledger movements). */
  sign?: boolean;
}

/** "₹1,00,000.00" (negative: "-₹500.00"). */
export function formatMoney(value: string | number | null | undefined, { decimals = 2, symbol = true, sign = false }: MoneyFormat = {}): string {
  return render(paiseOf(value), decimals, symbol ? '₹' : '', sign);
}

/** Paise already counted (the payout engine's bigints): formatMoney / formatBV without reading the text back. */
export const formatMoneyPaise = (p: bigint) => render(p, 2, '₹', false);
export const formatBVPaise = (p: bigint) => render(p, 'auto', '', false);

/** "1,500", "1,234.50"; with `unit`: "1,500 BV". `decimals: 0` rounds to a whole BV (chart axes). */
export function formatBV(value: string | number | null | undefined, { unit = false, decimals = 'auto' }: { unit?: boolean; decimals?: 0 | 'auto' } = {}): string {
  return `${render(paiseOf(value), decimals, '', false)}${unit ? ' BV' : ''}`;
}
