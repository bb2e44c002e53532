import type { z } from 'zod';
import type { OtherResponse, RouteContract } from '../route-contract';
import { ACCOUNT_API } from './account';
import { ADMIN_API } from './admin';
import { APPROVALS_API } from './approvals';
import { AUTH_API } from './auth';
import { COMMERCE_API } from './commerce';
import { COMPENSATION_API } from './compensation';
import { ENGAGEMENT_API } from './engagement';
import { OPS_API } from './ops';
import { TEAM_API } from './team';
import { WALLET_API } from './wallet';
import { BRANDING_API } from './branding';
import { CHARTS_API } from './charts';
import { SUPPORT_API } from './support';
import { FUND_REQUESTS_API } from './fund-requests';
import { FRANCHISE_STOCK_API } from './franchise-stock';
import { LOCAL_SALES_API } from './local-sales';
import { FOUNDER_API } from './founder';
import { PRODUCT_IMAGES_API } from './product-images';
import { RETURNS_API } from './returns';
import { GRIEVANCE_API } from './grievance';

/**
 * Every route of the API by `METHOD /path` (Fastify's `:param` syntax): what it takes and what it answers. The
 * server looks each registered route up here (http/routes.ts registerRoutes refuses one that is missing), checks
 * its answers against it in the tests and publishes it at /api/openapi.json; the web's typed client (web/lib/api.ts)
 * takes its types from it.
 */
export const API = {
  ...AUTH_API,
  ...ACCOUNT_API,
  ...ADMIN_API,
  ...APPROVALS_API,
  ...TEAM_API,
  ...WALLET_API,
  ...COMMERCE_API,
  ...RETURNS_API,
  ...COMPENSATION_API,
  ...ENGAGEMENT_API,
  ...OPS_API,
  ...BRANDING_API,
  ...CHARTS_API,
  ...SUPPORT_API,
  ...FUND_REQUESTS_API,
  ...FRANCHISE_STOCK_API,
  ...LOCAL_SALES_API,
  ...FOUNDER_API,
  ...PRODUCT_IMAGES_API,
  ...GRIEVANCE_API,
} as const satisfies Record<string, RouteContract>;

/** The same routes by area (the tags of the OpenAPI document). */
export const API_AREAS = {
  Auth: AUTH_API,
  Account: ACCOUNT_API,
  Admin: ADMIN_API,
  Approvals: APPROVALS_API,
  Team: TEAM_API,
  Wallet: WALLET_API,
  FundRequests: FUND_REQUESTS_API,
  FranchiseStock: FRANCHISE_STOCK_API,
  Commerce: COMMERCE_API,
  ProductImages: PRODUCT_IMAGES_API,
  Compensation: COMPENSATION_API,
  Engagement: ENGAGEMENT_API,
  Operations: OPS_API,
  Charts: CHARTS_API,
  Support: SUPPORT_API,
  Founder: FOUNDER_API,
  Grievance: GRIEVANCE_API,
} as const;

export type Api = typeof API;
export type ApiKey = keyof Api;
export type ApiMethod = ApiKey extends `${infer M} ${string}` ? M : never;
/** The keys of one method: `ApiKeyOf<'GET'>`. */
export type ApiKeyOf<M extends string> = Extract<ApiKey, `${M} ${string}`>;

type Responses<K extends ApiKey> = Api[K]['response'];
type SuccessStatus<K extends ApiKey> = Extract<keyof Responses<K>, 200 | 201 | 202>;
/** The JSON body of a route's successful answers (a union when it answers 200 and 202 differently). */
export type ApiResponse<K extends ApiKey> = {
  [S in SuccessStatus<K>]: Responses<K>[S] extends z.ZodType ? z.output<Responses<K>[S]> : Responses<K>[S] extends OtherResponse ? Blob : never;
}[SuccessStatus<K>];
/** What a route's body accepts (its zod input type); `never` for a route without a body. */
export type ApiBody<K extends ApiKey> = Api[K] extends { body: infer B extends z.ZodType } ? z.input<B> : never;
/** What a route's query accepts. */
export type ApiQuery<K extends ApiKey> = Api[K] extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
/** The path parameters a route needs (`{ id }` for `/api/x/:id`). */
export type ApiParams<K extends ApiKey> = PathParams<K>;
type PathParams<S extends string> = S extends `${string}:${infer P}/${infer Rest}` ? { [k in P]: string } & PathParams<`/${Rest}`> : S extends `${string}:${infer P}` ? { [k in P]: string } : unknown;
