import type { AppContext } from '../../context';
import type { Actor } from '../../core/actor';
import { addMoney } from '../../lib/money';
import type { FranchiseHolderView, FranchiseMasterList } from '../../../contracts/founder';
import { periodBounds } from '../cycles';
import { findNode, placedInDownline } from '../tree';
import { stockSummaries } from '../franchise-stock';
import { salesSummaries } from '../local-sales';
import { placedFranchiseHolders } from './founder.repo';

/**
 * Franchise Master Control (doc 3 §2.6): every franchise holder placed in the founder's own downline with its stock
 * (products and units), local sales this month (Asia/Kolkata) and in all, and stock requests still open. Read only.
 */
export async function franchiseMaster(ctx: AppContext, actor: Actor, q: string | undefined): Promise<FranchiseMasterList> {
  const monthStart = periodBounds('monthly', ctx.clock.now()).startsAt;
  const empty = { franchises: [], totals: { holders: 0, stockUnits: 0, salesMonthValue: '0.00', salesTotalValue: '0.00', openStockRequests: 0 }, monthStartsAt: monthStart.toISOString() };
  const founder = await findNode(ctx.db, actor.user.id);
  if (!founder?.placedAt) return empty;
  const candidates = await placedFranchiseHolders(ctx.db, q);
  const inside = await placedInDownline(
    ctx.db,
    founder,
    candidates.map((c) => c.id),
  );
  const holders = candidates.filter((c) => inside.has(c.id) && c.id !== founder.id);
  if (!holders.length) return empty;
  const ids = holders.map((h) => h.id);
  const [stock, sales] = await Promise.all([stockSummaries(ctx.db, ids), salesSummaries(ctx.db, ids, monthStart)]);
  const franchises = holders.map((h): FranchiseHolderView => {
    const s = stock.get(h.id)!;
    const l = sales.get(h.id)!;
    return {
      id: h.id,
      userId: h.userId,
      name: [h.firstName, h.lastName].filter(Boolean).join(' ') || h.userId,
      email: h.email,
      role: h.role as FranchiseHolderView['role'],
      status: h.status,
      stockProducts: s.products,
      stockUnits: s.units,
      salesMonthCount: l.monthCount,
      salesMonthValue: l.monthValue,
      salesTotalCount: l.totalCount,
      salesTotalValue: l.totalValue,
      openStockRequests: s.openRequests,
    };
  });
  return {
    franchises,
    totals: {
      holders: franchises.length,
      stockUnits: franchises.reduce((n, f) => n + f.stockUnits, 0),
      salesMonthValue: franchises.reduce((v, f) => addMoney(v, f.salesMonthValue), '0.00'),
      salesTotalValue: franchises.reduce((v, f) => addMoney(v, f.salesTotalValue), '0.00'),
      openStockRequests: franchises.reduce((n, f) => n + f.openStockRequests, 0),
    },
    monthStartsAt: monthStart.toISOString(),
  };
}
