import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { StockRequestApprove, StockRequestCreate, StockRequestIdParam, StockRequestReject } from '../../../contracts/franchise-stock';
import { adminStock, approveStockRequest, dispatchStockRequest, ownStock, receiveStock, rejectStockRequest, requestStock } from './franchise-stock.service';

const idOf = (params: unknown) => parse(StockRequestIdParam, params).id;

/** Franchise stock and stock requests (issue 16): the franchise's Stock Management and the admin's view of every franchise. */
export function franchiseStockRoutes(ctx: AppContext): RouteDef[] {
  return [
    { method: 'GET', url: '/api/franchise/stock', access: 'franchise', handler: async (req) => ownStock(ctx, actorOf(req)) },
    {
      method: 'POST',
      url: '/api/franchise/stock-requests',
      access: 'franchise',
      handler: async (req, reply) => reply.status(201).send(await requestStock(ctx, actorOf(req), parse(StockRequestCreate, req.body))),
    },
    { method: 'POST', url: '/api/franchise/stock-requests/:id/receive', access: 'franchise', handler: async (req) => receiveStock(ctx, actorOf(req), idOf(req.params)) },
    { method: 'GET', url: '/api/admin/franchise-stock', access: 'admin', handler: async () => adminStock(ctx) },
    {
      method: 'POST',
      url: '/api/admin/stock-requests/:id/approve',
      access: 'admin',
      handler: async (req) => approveStockRequest(ctx, actorOf(req), idOf(req.params), parse(StockRequestApprove, req.body ?? {})),
    },
    {
      method: 'POST',
      url: '/api/admin/stock-requests/:id/reject',
      access: 'admin',
      handler: async (req) => rejectStockRequest(ctx, actorOf(req), idOf(req.params), parse(StockRequestReject, req.body ?? {}).reason),
    },
    { method: 'POST', url: '/api/admin/stock-requests/:id/dispatch', access: 'admin', handler: async (req) => dispatchStockRequest(ctx, actorOf(req), idOf(req.params)) },
  ];
}
