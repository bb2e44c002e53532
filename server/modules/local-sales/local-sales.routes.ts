import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { sendPdf } from '../invoices';
import { CustomerCreate, CustomerIdParam, CustomerInvite, CustomerQuery, LocalSaleCreate, LocalSaleIdParam, LocalSaleQuery } from '../../../contracts/local-sales';
import { addCustomer, createLocalSale, customerDetail, inviteCustomer, localSaleInvoice, ownCustomers, ownSales } from './local-sales.service';

/** Local sales and retail customers of a franchise holder (issue 16). */
export function localSalesRoutes(ctx: AppContext): RouteDef[] {
  return [
    { method: 'GET', url: '/api/franchise/local-sales', access: 'franchise', handler: async (req) => ownSales(ctx, actorOf(req), parse(LocalSaleQuery, req.query).customerId) },
    {
      method: 'POST',
      url: '/api/franchise/local-sales',
      access: 'franchise',
      handler: async (req, reply) => reply.status(201).send(await createLocalSale(ctx, actorOf(req), parse(LocalSaleCreate, req.body))),
    },
    {
      method: 'GET',
      url: '/api/franchise/local-sales/:id/invoice',
      access: 'franchise',
      handler: async (req, reply) => sendPdf(reply, await localSaleInvoice(ctx, actorOf(req), parse(LocalSaleIdParam, req.params).id), true),
    },
    { method: 'GET', url: '/api/franchise/customers', access: 'franchise', handler: async (req) => ownCustomers(ctx, actorOf(req), parse(CustomerQuery, req.query).q) },
    {
      method: 'POST',
      url: '/api/franchise/customers',
      access: 'franchise',
      handler: async (req, reply) => reply.status(201).send(await addCustomer(ctx, actorOf(req), parse(CustomerCreate, req.body))),
    },
    { method: 'GET', url: '/api/franchise/customers/:id', access: 'franchise', handler: async (req) => customerDetail(ctx, actorOf(req), parse(CustomerIdParam, req.params).id) },
    {
      method: 'POST',
      url: '/api/franchise/customers/:id/invite',
      access: 'franchise',
      handler: async (req, reply) => reply.status(201).send(await inviteCustomer(ctx, actorOf(req), parse(CustomerIdParam, req.params).id, parse(CustomerInvite, req.body ?? {}))),
    },
  ];
}
