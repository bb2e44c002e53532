import type { RouteContract } from '../route-contract';
import { created, ok } from '../route-contract';
import { AdminFranchiseStock, FranchiseStock, StockRequestAnswer, StockRequestApprove, StockRequestCreate, StockRequestIdParam, StockRequestReject } from '../franchise-stock';

/** Franchise stock and stock requests (issue 16). */
export const FRANCHISE_STOCK_API = {
  'GET /api/franchise/stock': ok('Own stock per product, stock requests and the newest stock ledger rows (franchise holders)', FranchiseStock),
  'POST /api/franchise/stock-requests': created('Ask the company for stock: products and quantities', StockRequestAnswer, { body: StockRequestCreate }),
  'POST /api/franchise/stock-requests/:id/receive': ok('Confirm a dispatched request arrived: the approved quantities enter the stock once', StockRequestAnswer, { params: StockRequestIdParam }),
  'GET /api/admin/franchise-stock': ok("Every franchise's stock and every stock request", AdminFranchiseStock),
  'POST /api/admin/stock-requests/:id/approve': ok('Approve a request with quantities per product', StockRequestAnswer, { params: StockRequestIdParam, body: StockRequestApprove }),
  'POST /api/admin/stock-requests/:id/reject': ok('Reject a request with a reason', StockRequestAnswer, { params: StockRequestIdParam, body: StockRequestReject }),
  'POST /api/admin/stock-requests/:id/dispatch': ok('Mark an approved request dispatched', StockRequestAnswer, { params: StockRequestIdParam }),
} as const satisfies Record<string, RouteContract>;
