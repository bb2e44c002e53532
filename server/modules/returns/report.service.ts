import type { AppContext } from '../../context';
import { RETURN_REASONS, type ReturnReason, type ReturnsReport } from '../../../contracts/returns';
import { fromPaise, toPaise } from '../invoices';
import { returnsReportRows } from './returns.repo';

const DAY_MS = 86_400_000;
const IST_MS = 330 * 60_000;
/** Midnight in Asia/Kolkata starting `day` (YYYY-MM-DD). */
const istMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - IST_MS);
/** a / b as a percentage to two places ('0.00' when nothing was sold). */
const percent = (a: number, b: number) => (b > 0 ? (Math.round((a * 10_000) / b) / 100).toFixed(2) : '0.00');

/**
 * GET /api/admin/returns/report (issue 32): units sold (paid purchases and counter sales to customers) against units
 * coming back (every return but the rejected ones), by product and by reason, between two days (Asia/Kolkata,
 * both included), with the rate of returns and what was refunded.
 */
export async function returnsReport(ctx: AppContext, q: { from?: string; to?: string }): Promise<ReturnsReport> {
  const from = q.from ? istMidnight(q.from) : null;
  const to = q.to ? new Date(istMidnight(q.to).getTime() + DAY_MS) : null;
  const { sold, back } = await returnsReportRows(ctx.db, from, to);
  const products = new Map<string, { productId: string; productName: string; sold: number; returned: number; refunded: bigint }>();
  const of = (id: string, name: string) => products.get(id) ?? products.set(id, { productId: id, productName: name, sold: 0, returned: 0, refunded: 0n }).get(id)!;
  for (const s of sold) of(s.product_id, s.product_name).sold += Number(s.units);
  for (const b of back) {
    const p = of(b.product_id, b.product_name);
    p.returned += Number(b.units);
    p.refunded += toPaise(b.refunded);
  }
  const reasons = new Map<ReturnReason, { returns: number; units: number }>();
  for (const b of back) {
    const r = reasons.get(b.reason as ReturnReason) ?? { returns: 0, units: 0 };
    r.returns += Number(b.returns);
    r.units += Number(b.units);
    reasons.set(b.reason as ReturnReason, r);
  }
  const soldUnits = sold.reduce((n, s) => n + Number(s.units), 0);
  const backUnits = back.reduce((n, b) => n + Number(b.units), 0);
  return {
    from: q.from ?? null,
    to: q.to ?? null,
    sales: { orders: sold.reduce((n, s) => n + Number(s.orders), 0), units: soldUnits, amount: fromPaise(sold.reduce((n, s) => n + toPaise(s.amount), 0n)) },
    returned: { returns: back.reduce((n, b) => n + Number(b.returns), 0), units: backUnits, refunded: fromPaise(back.reduce((n, b) => n + toPaise(b.refunded), 0n)) },
    rate: percent(backUnits, soldUnits),
    byProduct: [...products.values()]
      .sort((a, b) => b.returned - a.returned || b.sold - a.sold || a.productName.localeCompare(b.productName))
      .map((p) => ({ productId: p.productId, productName: p.productName, sold: p.sold, returned: p.returned, rate: percent(p.returned, p.sold), refunded: fromPaise(p.refunded) })),
    byReason: RETURN_REASONS.filter((r) => reasons.has(r)).map((reason) => ({ reason, ...reasons.get(reason)! })),
  };
}
