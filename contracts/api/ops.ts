import { z } from 'zod';
import type { RouteContract } from '../route-contract';
import { file, ok, route } from '../route-contract';

const Readiness = z.strictObject({ status: z.enum(['ready', 'not ready']), database: z.boolean(), migrated: z.boolean() });

/** Liveness, readiness, metrics and this API's own description. */
export const OPS_API = {
  'GET /healthz': ok('Liveness', z.strictObject({ status: z.literal('ok') })),
  'GET /readyz': route('Readiness: the database answers and is migrated, and the process is not stopping (503 otherwise)', { 200: Readiness, 503: Readiness }),
  'GET /metrics': ok('Prometheus metrics: from this machine, or to a signed-in admin', file(['text/plain'], 'Prometheus text format 0.0.4')),
  'GET /api/openapi.json': ok('This API as OpenAPI 3.1 (admins; anyone in development)', file(['application/json'], 'The OpenAPI 3.1 document')),
  'GET /api/docs': ok('This API as a page to read (admins; anyone in development)', file(['text/html'], 'The API reference as HTML')),
} as const satisfies Record<string, RouteContract>;
