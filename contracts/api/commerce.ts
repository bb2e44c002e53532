import { z } from 'zod';
import type { RouteContract } from '../route-contract';
import { created, ok } from '../route-contract';
import {
  AdminProductView,
  AdminPurchasePage,
  AdminPurchasePatch,
  AdminPurchasesQuery,
  OrderIdParam,
  ProductIdParam,
  ProductInput,
  ProductPatch,
  ProductsQuery,
  ProductView,
  PurchaseRequest,
  PurchaseResponse,
  PurchaseView,
} from '../commerce';

/** The catalog, purchases and the admin's products and orders. */
export const COMMERCE_API = {
  'GET /api/products': ok('Active products', z.array(ProductView), { query: ProductsQuery }),
  'POST /api/purchases': created('Buy: the server computes totals and BV; Idempotency-Key', PurchaseResponse, { body: PurchaseRequest }),
  'GET /api/purchases': ok('Own purchases', z.array(PurchaseView)),
  'GET /api/admin/products': ok('Every product with its purchase count', z.array(AdminProductView)),
  'POST /api/admin/products': created('Add a product', ProductView, { body: ProductInput }),
  'PATCH /api/admin/products/:id': ok('Edit a product', ProductView, { params: ProductIdParam, body: ProductPatch }),
  'GET /api/admin/purchases': ok('Orders with payment and delivery status', AdminPurchasePage, { query: AdminPurchasesQuery }),
  'PATCH /api/admin/purchases/:id': ok('Payment, delivery and tracking of an order', PurchaseResponse, { params: OrderIdParam, body: AdminPurchasePatch }),
} as const satisfies Record<string, RouteContract>;
