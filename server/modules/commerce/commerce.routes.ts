import type { AppContext } from '../../context';
import { identityOf, type RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { moneyHandler } from '../../http/idempotency';
import { parse } from '../../http/validate';
import { ProductInput, ProductPatch, PurchaseRequest, AdminPurchasePatch, ProductsQuery, AdminPurchasesQuery, ProductIdParam as ProductId, OrderIdParam as OrderId } from '../../../contracts/commerce';
import { MSG } from '../../../contracts/messages';
import { catalog, adminCatalog, createProduct, editProduct, purchase, ownPurchases, adminOrders, updateOrder } from './commerce.service';

/** Catalog, purchases and the admin's products and orders (doc 3 §2.3, §2.5; docs/spec/decisions.md §5). */
export function commerceRoutes(ctx: AppContext): RouteDef[] {
  return [
    { method: 'GET', url: '/api/products', access: 'member', handler: async (req) => catalog(ctx, parse(ProductsQuery, req.query)) },
    {
      method: 'POST',
      url: '/api/purchases',
      access: 'member',
      denyImpersonation: MSG.impersonationMoneyReadOnly,
      handler: moneyHandler(ctx, (req, actor, transact) => purchase(ctx, actor, transact, parse(PurchaseRequest, req.body))),
    },
    { method: 'GET', url: '/api/purchases', access: 'member', handler: async (req) => ownPurchases(ctx, identityOf(req).user.id) },
    { method: 'GET', url: '/api/admin/products', access: 'admin', handler: async () => adminCatalog(ctx) },
    {
      method: 'POST',
      url: '/api/admin/products',
      access: 'admin',
      handler: async (req, reply) => reply.status(201).send(await createProduct(ctx, actorOf(req), parse(ProductInput, req.body))),
    },
    {
      method: 'PATCH',
      url: '/api/admin/products/:id',
      access: 'admin',
      handler: async (req) => editProduct(ctx, actorOf(req), parse(ProductId, req.params).id, parse(ProductPatch, req.body ?? {})),
    },
    { method: 'GET', url: '/api/admin/purchases', access: 'admin', handler: async (req) => adminOrders(ctx, parse(AdminPurchasesQuery, req.query)) },
    {
      method: 'PATCH',
      url: '/api/admin/purchases/:id',
      access: 'admin',
      handler: moneyHandler(ctx, (req, actor, transact) => updateOrder(ctx, actor, transact, parse(OrderId, req.params).id, parse(AdminPurchasePatch, req.body ?? {}))),
    },
  ];
}
