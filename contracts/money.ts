/**
 * Exact money and BV arithmetic shared by server and web: decimal strings with at most 2 places, computed
 * in integer paise (bigint), never JavaScript floats (docs/spec/decisions.md §5).
 */

/** "14999.00" -> 1499900n; null for anything that is not a plain decimal with at most 2 places. */
export function parsePaise(value: string | number | null | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  const s = typeof value === 'number' ? (Number.isInteger(value) ? String(value) : '') : value.trim();
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const p = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -p : p;
}

/** parsePaise, refusing what it cannot read: a figure that is not an amount stops the work, never counts as 0. */
export function paiseOrThrow(value: string | number | null | undefined, what = 'amount'): bigint {
  const p = parsePaise(value);
  if (p === null) throw new TypeError(`Not a valid ${what}: ${JSON.stringify(value)}`);
  return p;
}

/**
 * Paise as a JavaScript number, for the payout engine's columns and other hot loops (exact up to 2^53 paise, about
 * 90 trillion rupees): "1500.5" -> 150050. Digits past the second decimal must be zeros (PostgreSQL may print
 * "1500.000"). Throws, like paiseOrThrow, on anything else: never a rounded float, never 0 for bad input.
 */
export function paiseNumber(value: string | number, what = 'amount'): number {
  const s = typeof value === 'number' ? String(value) : value;
  let i = 0;
  const neg = s.charCodeAt(0) === 45;
  if (neg) i = 1;
  let whole = 0;
  const start = i;
  for (; i < s.length; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    whole = whole * 10 + d;
  }
  let ok = i > start;
  let frac = 0;
  if (ok && i < s.length) {
    ok = s.charCodeAt(i) === 46 && i + 1 < s.length;
    for (let k = 0, j = i + 1; ok && j < s.length; j++, k++) {
      const d = s.charCodeAt(j) - 48;
      if (d < 0 || d > 9 || (k >= 2 && d !== 0)) ok = false;
      else if (k < 2) frac += d * (k === 0 ? 10 : 1);
    }
  }
  const p = whole * 100 + frac;
  if (!ok || !Number.isSafeInteger(p)) throw new TypeError(`Not a valid ${what}: ${JSON.stringify(value)}`);
  return neg ? -p : p;
}

export function fromPaise(p: bigint): string {
  const neg = p < 0n;
  const a = neg ? -p : p;
  return `${neg ? '-' : ''}${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
}

/** The exact sum of decimal strings (unparseable ones count as 0). */
export function sumMoney(values: readonly (string | null | undefined)[]): string {
  return fromPaise(values.reduce<bigint>((acc, v) => acc + (parsePaise(v) ?? 0n), 0n));
}

export const addMoney = (a: string, b: string) => sumMoney([a, b]);

export function compareMoney(a: string, b: string): number {
  const d = (parsePaise(a) ?? 0n) - (parsePaise(b) ?? 0n);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/**
 * Purchase figures (doc 3 §9, docs/spec/decisions.md §5): price x quantity, plus GST percent of that rounded half-up
 * to 2 decimals; BV = bv x quantity. The server charges this; the purchase dialog shows it.
 */
export function orderTotals(price: string, gstPercent: string, bv: string, quantity: number) {
  const q = BigInt(Math.max(1, Math.trunc(quantity)));
  const subtotal = (parsePaise(price) ?? 0n) * q;
  // gst "18.00" as paise is 1800 = hundredths of a percent, so the tax is subtotal x 1800 / 10000, half-up.
  const numerator = subtotal * (parsePaise(gstPercent) ?? 0n);
  const gst = (numerator * 2n + 10000n) / 20000n;
  return { subtotal: fromPaise(subtotal), gst: fromPaise(gst), total: fromPaise(subtotal + gst), bv: fromPaise((parsePaise(bv) ?? 0n) * q) };
}
