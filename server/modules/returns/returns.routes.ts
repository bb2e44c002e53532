import type { AppContext } from '../../context';
import { actorOf } from '../../http/actor';
import type { RouteDef } from '../../http/routes';
import { moneyHandler } from '../../http/idempotency';
import { parse } from '../../http/validate';
import { AdminReturnCreate, AdminReturnsQuery, ReturnApprove, ReturnCreate, ReturnIdParam, ReturnReceive, ReturnRefund, ReturnReject, ReturnsReportQuery } from '../../../contracts/returns';
import { sendPdf, wantsDownload } from '../invoices';
import { adminReturns, createReturn, ownReturns, returnById } from './returns.service';
import { approveReturn, receiveReturn, refundReturn, rejectReturn } from './decisions.service';
import { creditNotePdf } from './credit-note';
import { returnsReport } from './report.service';

const idOf = (params: unknown) => parse(ReturnIdParam, params).id;

/** Returns, refunds and credit notes (docs/spec/returns.md §7; issue 32). */
export function returnsRoutes(ctx: AppContext): RouteDef[] {
  return [
    { method: 'GET', url: '/api/returns', access: 'member', handler: async (req) => ownReturns(ctx, actorOf(req)) },
    {
      method: 'POST',
      url: '/api/returns',
      access: 'member',
      handler: moneyHandler(ctx, (req, actor, transact) => createReturn(ctx, actor, transact, parse(ReturnCreate, req.body), false)),
    },
    { method: 'GET', url: '/api/returns/:id', access: 'member', handler: async (req) => returnById(ctx, actorOf(req), idOf(req.params), false) },
    {
      method: 'GET',
      url: '/api/returns/:id/credit-note',
      access: 'member',
      handler: async (req, reply) => sendPdf(reply, await creditNotePdf(ctx, actorOf(req), idOf(req.params), false), wantsDownload(req.query)),
    },
    { method: 'GET', url: '/api/admin/returns', access: 'admin', handler: async (req) => adminReturns(ctx, parse(AdminReturnsQuery, req.query)) },
    {
      method: 'POST',
      url: '/api/admin/returns',
      access: 'admin',
      handler: moneyHandler(ctx, (req, actor, transact) => createReturn(ctx, actor, transact, parse(AdminReturnCreate, req.body), true)),
    },
    { method: 'GET', url: '/api/admin/returns/report', access: 'admin', handler: async (req) => returnsReport(ctx, parse(ReturnsReportQuery, req.query)) },
    { method: 'GET', url: '/api/admin/returns/:id', access: 'admin', handler: async (req) => returnById(ctx, actorOf(req), idOf(req.params), true) },
    {
      method: 'GET',
      url: '/api/admin/returns/:id/credit-note',
      access: 'admin',
      handler: async (req, reply) => sendPdf(reply, await creditNotePdf(ctx, actorOf(req), idOf(req.params), true), wantsDownload(req.query)),
    },
    {
      method: 'POST',
      url: '/api/admin/returns/:id/approve',
      access: 'admin',
      handler: moneyHandler(ctx, (req, actor, transact) => approveReturn(ctx, actor, transact, idOf(req.params), parse(ReturnApprove, req.body ?? {}).note ?? null)),
    },
    {
      method: 'POST',
      url: '/api/admin/returns/:id/reject',
      access: 'admin',
      handler: moneyHandler(ctx, (req, actor, transact) => rejectReturn(ctx, actor, transact, idOf(req.params), parse(ReturnReject, req.body).reason)),
    },
    {
      method: 'POST',
      url: '/api/admin/returns/:id/receive',
      access: 'admin',
      handler: moneyHandler(ctx, (req, actor, transact) => receiveReturn(ctx, actor, transact, idOf(req.params), parse(ReturnReceive, req.body ?? {}).note ?? null)),
    },
    {
      method: 'POST',
      url: '/api/admin/returns/:id/refund',
      access: 'admin',
      handler: moneyHandler(ctx, (req, actor, transact) => refundReturn(ctx, actor, transact, idOf(req.params), parse(ReturnRefund, req.body))),
    },
  ];
}
