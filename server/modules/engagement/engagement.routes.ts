import type { AppContext } from '../../context';
import { identityOf, type RouteDef } from '../../http/routes';
import { requireStepUp } from '../auth';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import {
  FranchiseRequestInput,
  FranchiseDecision,
  TicketInput,
  TicketUpdate,
  TicketQuery,
  NewsInput,
  NewsPatch,
  FranchiseRequestIdParam,
  TicketIdParam,
  NewsIdParam,
  FranchiseStatusQuery as StatusQuery,
} from '../../../contracts/engagement';
import {
  applyForFranchise,
  ownFranchiseRequests,
  adminFranchiseList,
  decideFranchise,
  openTicket,
  ownTickets,
  ticketQueue,
  updateTicketByAdmin,
  createNews,
  editNews,
  adminNews,
  publishedNews,
} from './engagement.service';

/** Franchise requests, support tickets and news (doc 3 §5.2; api-routes.tsv "implied" rows). */
export function engagementRoutes(ctx: AppContext): RouteDef[] {
  return [
    { method: 'GET', url: '/api/franchise-requests', access: 'member', handler: async (req) => ownFranchiseRequests(ctx, identityOf(req).user.id) },
    {
      method: 'POST',
      url: '/api/franchise-requests',
      access: 'member',
      handler: async (req, reply) => reply.status(201).send(await applyForFranchise(ctx, actorOf(req), parse(FranchiseRequestInput, req.body))),
    },
    { method: 'GET', url: '/api/admin/franchise-requests', access: 'admin', handler: async (req) => adminFranchiseList(ctx, parse(StatusQuery, req.query).status) },
    {
      method: 'PATCH',
      url: '/api/admin/franchise-requests/:id',
      access: 'admin',
      handler: async (req) => {
        const decision = parse(FranchiseDecision, req.body ?? {});
        // Approval makes the member a franchise holder: a role change, so the second factor again (issue 29).
        if (decision.status === 'approved') requireStepUp(identityOf(req), ctx.clock.now());
        return decideFranchise(ctx, actorOf(req), parse(FranchiseRequestIdParam, req.params).id, decision);
      },
    },
    { method: 'GET', url: '/api/support-tickets', access: 'member', handler: async (req) => ownTickets(ctx, identityOf(req).user.id) },
    {
      method: 'POST',
      url: '/api/support-tickets',
      access: 'member',
      handler: async (req, reply) => reply.status(201).send(await openTicket(ctx, actorOf(req), parse(TicketInput, req.body))),
    },
    { method: 'GET', url: '/api/admin/support-tickets', access: 'admin', handler: async (req) => ticketQueue(ctx, parse(TicketQuery, req.query)) },
    {
      method: 'PATCH',
      url: '/api/admin/support-tickets/:id',
      access: 'admin',
      handler: async (req) => updateTicketByAdmin(ctx, actorOf(req), parse(TicketIdParam, req.params).id, parse(TicketUpdate, req.body ?? {})),
    },
    { method: 'GET', url: '/api/news', access: 'session', handler: async () => publishedNews(ctx) },
    { method: 'GET', url: '/api/admin/news', access: 'admin', handler: async () => adminNews(ctx) },
    { method: 'POST', url: '/api/admin/news', access: 'admin', handler: async (req, reply) => reply.status(201).send(await createNews(ctx, actorOf(req), parse(NewsInput, req.body))) },
    {
      method: 'PATCH',
      url: '/api/admin/news/:id',
      access: 'admin',
      handler: async (req) => editNews(ctx, actorOf(req), parse(NewsIdParam, req.params).id, parse(NewsPatch, req.body ?? {})),
    },
  ];
}
