/**
 * Money and BV on the client: decimal strings from the server, arithmetic in integer paise (bigint), never
 * JavaScript floats (decisions §5). Display goes through Intl with the Indian grouping (doc 3 §9).
 */

/** "14999.00" -> 1499900n; null for anything that is not a plain decimal with at most 2 places. */
export function toPaise(value: string | number | null | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  const s = typeof value === 'number' ? (Number.isInteger(value) ? String(value) : '') : value.trim();
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const p = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -p : p;
}

export function fromPaise(p: bigint): string {
  const neg = p < 0n;
  const a = neg ? -p : p;
  return `${neg ? '-' : ''}${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
}

/** The exact sum of decimal strings (unparseable ones count as 0). */
export function sumMoney(values: readonly (string | null | undefined)[]): string {
  return fromPaise(values.reduce<bigint>((acc, v) => acc + (toPaise(v) ?? 0n), 0n));
}

export function compareMoney(a: string, b: string): number {
  const d = (toPaise(a) ?? 0n) - (toPaise(b) ?? 0n);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/**
 * The purchase dialog's figures (doc 3 §9, decisions §5): price x quantity, plus GST percent of that
 * rounded half-up to 2 decimals; BV = bv x quantity. The same rule the server applies.
 */
export function orderTotals(price: string, gstPercent: string, bv: string, quantity: number) {
  const q = BigInt(Math.max(1, Math.trunc(quantity)));
  const subtotal = (toPaise(price) ?? 0n) * q;
  // gst "18.00" in paise form is 1800 = hundredths of a percent, so the tax is subtotal x 1800 / 10000.
  const numerator = subtotal * (toPaise(gstPercent) ?? 0n);
  const gst = (numerator * 2n + 10000n) / 20000n;
  return { subtotal: fromPaise(subtotal), gst: fromPaise(gst), total: fromPaise(subtotal + gst), bv: fromPaise((toPaise(bv) ?? 0n) * q) };
}

const GROUPED = new Intl.NumberFormat('en-IN');

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
  const whole = GROUPED.format(p / 100n);
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
