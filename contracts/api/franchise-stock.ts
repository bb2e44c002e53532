import type { RouteContract } from '../route-contract';
import { AdminFranchiseStock, FranchiseStock, StockRequestAnswer, StockRequestApprove, StockRequestCreate, StockRequestIdParam, StockRequestReject } from '../franchise-stock';

/** Franchise stock and stock requests (issue 16). */
export const FRANCHISE_STOCK_API = {
  'GET /api/franchise/stock': { summary: 'Own stock per product, stock requests and the newest stock ledger rows (franchise holders)', response: { 200: FranchiseStock } },
  'POST /api/franchise/stock-requests': { summary: 'Ask the company for stock: products and quantities', body: StockRequestCreate, response: { 201: StockRequestAnswer } },
  'POST /api/franchise/stock-requests/:id/receive': {
    summary: 'Confirm a dispatched request arrived: the approved quantities enter the stock once',
    params: StockRequestIdParam,
    response: { 200: StockRequestAnswer },
  },
  'GET /api/admin/franchise-stock': { summary: "Every franchise's stock and every stock request", response: { 200: AdminFranchiseStock } },
  'POST /api/admin/stock-requests/:id/approve': {
    summary: 'Approve a request with quantities per product',
    params: StockRequestIdParam,
    body: StockRequestApprove,
    response: { 200: StockRequestAnswer },
  },
  'POST /api/admin/stock-requests/:id/reject': { summary: 'Reject a request with a reason', params: StockRequestIdParam, body: StockRequestReject, response: { 200: StockRequestAnswer } },
  'POST /api/admin/stock-requests/:id/dispatch': { summary: 'Mark an approved request dispatched', params: StockRequestIdParam, response: { 200: StockRequestAnswer } },
} as const satisfies Record<string, RouteContract>;
