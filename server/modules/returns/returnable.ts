import type { DbOrTx } from '../../db/client';
import { shareOfLine } from '../../../contracts/returns';
import { fromPaise, toPaise } from '../invoices';
import { recentSalesOf } from './returns.repo';

const DAY_MS = 86_400_000;
const IST_MS = 330 * 60_000;

/**
 * What a member (and a franchise holder, of its counter sales to customers) can still return: paid sales whose
 * cooling-off window has not ended (returns.md §2; the same window as `windowEnd` in returns.service.ts) with units
 * that no return (but a rejected one) has taken yet.
 */
export async function returnableOf(db: DbOrTx, userId: string, franchise: boolean, now: Date, days: number) {
  // Sales older than the window cannot qualify: a bound that keeps the scan to recent rows.
  const since = new Date(now.getTime() - (days + 2) * DAY_MS).toISOString();
  const rows = await recentSalesOf(db, userId, franchise, since);
  return rows
    .map((r) => {
      const starts = new Date(r.starts);
      const startDay = Math.floor((starts.getTime() + IST_MS) / DAY_MS);
      const until = new Date((startDay + days + 1) * DAY_MS - IST_MS);
      return { r, until, left: Number(r.quantity) - Number(r.returned) };
    })
    .filter(({ until, left }) => left > 0 && now.getTime() < until.getTime())
    .map(({ r, until, left }) => ({
      purchaseId: r.purchase_id,
      localSaleId: r.purchase_id ? null : r.local_sale_id,
      productId: r.product_id,
      productName: r.product_name,
      quantity: left,
      unitRefund: fromPaise(shareOfLine(toPaise(r.total), 1, Number(r.quantity))),
      until: until.toISOString(),
    }));
}
