/**
 * The engine's exact arithmetic: BV and rupees are integer paise (bigint); percentages are scaled by 10^4.
 */
import { formatBVPaise, formatMoneyPaise } from '../../../contracts/format-money';
import { fromPaise, paiseOrThrow } from '../../../contracts/money';

// ---- exact arithmetic ----
export const P4 = 10_000n;
/** "2.5" percent -> 25000n (scaled by 10^4); anything but a plain percent with at most 4 decimals throws. */
const pct4Seen = new Map<string, bigint>();
export const pct4 = (p: string) => {
  let v = pct4Seen.get(p);
  if (v === undefined) {
    // Checked once per text (memoised): "" or "5.12345" must not become 0 or a truncated rate.
    const m = /^(\d+)(?:\.(\d{1,4}))?$/.exec(p);
    if (!m) throw new TypeError(`Not a valid percent: ${JSON.stringify(p)}`);
    v = BigInt(m[1]) * P4 + BigInt((m[2] ?? '').padEnd(4, '0'));
    if (pct4Seen.size < 10_000) pct4Seen.set(p, v);
  }
  return v;
};
/**
 * A decimal amount ("1500", "12.50") in paise, through contracts/money.ts: text that is not an amount throws. Counted
 * as 0 it would quietly drop a member's BV, a carry or a plan's rate out of a payout.
 */
export const paise = (v: string, what = 'amount') => paiseOrThrow(v, what);
/** num / den rounded half-up (num >= 0). */
export const roundDiv = (num: bigint, den: bigint) => (num >= 0n ? (num * 2n + den) / (den * 2n) : -((-num * 2n + den) / (den * 2n)));
export const money = (p: bigint) => fromPaise(p);
/** Net paid as a percent of sales ("17.27"), rounded half-up to 2 decimals in integers; null without sales. */
export const payoutRatio = (net: string, sales: string) => {
  const s = paise(sales, 'sales');
  return s > 0n ? fromPaise(roundDiv(paise(net, 'net') * 10_000n, s)) : null;
};
export const bvText = (p: bigint) => fromPaise(p);
/** BV in a sentence a member reads (the Income page): grouped as everywhere else, '1,500' or '1,234.50' (issue 30). */
export const bvWords = (p: bigint) => formatBVPaise(p);
export const moneyWords = (p: bigint) => formatMoneyPaise(p);
export const min = (a: bigint, b: bigint) => (a < b ? a : b);
