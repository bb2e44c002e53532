/**
 * The engine's exact arithmetic: BV and rupees are integer paise (bigint); percentages are scaled by 10^4.
 */
import { formatBV, formatMoney } from '../../../contracts/format-money';
import { fromPaise, parsePaise } from '../../../contracts/money';

// ---- exact arithmetic ----
export const P4 = 10_000n;
/** "2.5" percent -> 25000n (scaled by 10^4). */
const pct4Seen = new Map<string, bigint>();
export const pct4 = (p: string) => {
  let v = pct4Seen.get(p);
  if (v === undefined) {
    const [i, f = ''] = p.split('.');
    v = BigInt(i) * P4 + BigInt(f.padEnd(4, '0').slice(0, 4));
    if (pct4Seen.size < 10_000) pct4Seen.set(p, v);
  }
  return v;
};
export const paise = (v: string) => parsePaise(v) ?? 0n;
/** num / den rounded half-up (num >= 0). */
export const roundDiv = (num: bigint, den: bigint) => (num >= 0n ? (num * 2n + den) / (den * 2n) : -((-num * 2n + den) / (den * 2n)));
export const money = (p: bigint) => fromPaise(p);
export const bvText = (p: bigint) => fromPaise(p);
/** BV in a sentence a member reads (the Income page): grouped as everywhere else, '1,500' or '1,234.50' (issue 30). */
export const bvWords = (p: bigint) => formatBV(fromPaise(p));
export const moneyWords = (p: bigint) => formatMoney(fromPaise(p));
export const min = (a: bigint, b: bigint) => (a < b ? a : b);
