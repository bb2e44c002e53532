import { z } from 'zod';
import type { RouteContract } from '../route-contract';
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
  'GET /api/products': { summary: 'Active products', query: ProductsQuery, response: { 200: z.array(ProductView) } },
  'POST /api/purchases': { summary: 'Buy: the server computes totals and BV; Idempotency-Key', body: PurchaseRequest, response: { 201: PurchaseResponse } },
  'GET /api/purchases': { summary: 'Own purchases', response: { 200: z.array(PurchaseView) } },
  'GET /api/admin/products': { summary: 'Every product with its purchase count', response: { 200: z.array(AdminProductView) } },
  'POST /api/admin/products': { summary: 'Add a product', body: ProductInput, response: { 201: ProductView } },
  'PATCH /api/admin/products/:id': { summary: 'Edit a product', params: ProductIdParam, body: ProductPatch, response: { 200: ProductView } },
  'GET /api/admin/purchases': { summary: 'Orders with payment and delivery status', query: AdminPurchasesQuery, response: { 200: AdminPurchasePage } },
  'PATCH /api/admin/purchases/:id': { summary: 'Payment, delivery and tracking of an order', params: OrderIdParam, body: AdminPurchasePatch, response: { 200: PurchaseResponse } },
} as const satisfies Record<string, RouteContract>;
