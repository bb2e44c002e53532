import type { AppContext } from '../../context';
import { get, post, type RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { StockRequestApprove, StockRequestCreate, StockRequestIdParam, StockRequestReject } from '../../../contracts/franchise-stock';
import { adminStock, approveStockRequest, dispatchStockRequest, ownStock, receiveStock, rejectStockRequest, requestStock } from './franchise-stock.service';

const idOf = (params: unknown) => parse(StockRequestIdParam, params).id;

/** Franchise stock and stock requests (issue 16): the franchise's Stock Management and the admin's view of every franchise. */
export function franchiseStockRoutes(ctx: AppContext): RouteDef[] {
  return [
    get('/api/franchise/stock', 'franchise', async (req) => ownStock(ctx, actorOf(req))),
    post('/api/franchise/stock-requests', 'franchise', async (req, reply) => reply.status(201).send(await requestStock(ctx, actorOf(req), parse(StockRequestCreate, req.body)))),
    post('/api/franchise/stock-requests/:id/receive', 'franchise', async (req) => receiveStock(ctx, actorOf(req), idOf(req.params))),
    get('/api/admin/franchise-stock', 'admin', async () => adminStock(ctx)),
    post('/api/admin/stock-requests/:id/approve', 'admin', async (req) => approveStockRequest(ctx, actorOf(req), idOf(req.params), parse(StockRequestApprove, req.body ?? {}))),
    post('/api/admin/stock-requests/:id/reject', 'admin', async (req) => rejectStockRequest(ctx, actorOf(req), idOf(req.params), parse(StockRequestReject, req.body ?? {}).reason)),
    post('/api/admin/stock-requests/:id/dispatch', 'admin', async (req) => dispatchStockRequest(ctx, actorOf(req), idOf(req.params))),
  ];
}
