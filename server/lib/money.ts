/**
 * Exact decimal arithmetic on money strings with 2 decimals, in integer paise (decisions.md §5: never
 * JavaScript floats for arithmetic).
 */
export function toPaise(v: string | number): bigint {
  const s = typeof v === 'number' ? v.toFixed(2) : v.trim();
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) throw new Error(`not a money amount: ${s}`);
  const p = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -p : p;
}

export function fromPaise(p: bigint): string {
  const neg = p < 0n;
  const a = neg ? -p : p;
  return `${neg ? '-' : ''}${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
}

export const addMoney = (a: string, b: string) => fromPaise(toPaise(a) + toPaise(b));
export const compareMoney = (a: string, b: string) => {
  const d = toPaise(a) - toPaise(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};

/** price x quantity, plus GST percent of that rounded half-up to 2 decimals (decisions.md §5). */
export function orderTotals(price: string, gstPercent: string, bv: string, quantity: number) {
  const subtotal = toPaise(price) * BigInt(quantity);
  const gstBasisPoints = toPaise(gstPercent); // percent with 2 decimals -> hundredths of a percent
  const gstNumerator = subtotal * gstBasisPoints; // paise x (percent x 100)
  const gst = (gstNumerator * 2n + 10000n) / 20000n; // round half up of numerator / 10000 (amounts are never negative)
  return { subtotal: fromPaise(subtotal), gst: fromPaise(gst), total: fromPaise(subtotal + gst), bv: fromPaise(toPaise(bv) * BigInt(quantity)) };
}
