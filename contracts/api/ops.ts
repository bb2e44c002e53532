import { z } from 'zod';
import type { RouteContract } from '../route-contract';
import { file } from '../route-contract';

const Readiness = z.strictObject({ status: z.enum(['ready', 'not ready']), database: z.boolean(), migrated: z.boolean() });

/** Liveness, readiness, metrics and this API's own description. */
export const OPS_API = {
  'GET /healthz': { summary: 'Liveness', response: { 200: z.strictObject({ status: z.literal('ok') }) } },
  'GET /readyz': { summary: 'Readiness: the database answers and is migrated (503 otherwise)', response: { 200: Readiness, 503: Readiness } },
  'GET /metrics': { summary: 'Prometheus metrics: from this machine, or to a signed-in admin', response: { 200: file(['text/plain'], 'Prometheus text format 0.0.4') } },
  'GET /api/openapi.json': { summary: 'This API as OpenAPI 3.1 (admins; anyone in development)', response: { 200: file(['application/json'], 'The OpenAPI 3.1 document') } },
  'GET /api/docs': { summary: 'This API as a page to read (admins; anyone in development)', response: { 200: file(['text/html'], 'The API reference as HTML') } },
} as const satisfies Record<string, RouteContract>;
