import { z } from 'zod';
import type { RouteContract } from '../route-contract';
import { file, Message, ok, route } from '../route-contract';
import { JobIdParam, JournalEntryParam, ParkedJobList, QuarantineList, SettleEntryInput } from '../admin';

const Readiness = z.strictObject({ status: z.enum(['ready', 'not ready']), database: z.boolean(), migrated: z.boolean() });

/** Liveness, readiness, metrics and this API's own description. */
export const OPS_API = {
  'GET /healthz': ok('Liveness', z.strictObject({ status: z.literal('ok') })),
  'GET /readyz': route('Readiness: the database answers and is migrated, and the process is not stopping (503 otherwise)', { 200: Readiness, 503: Readiness }),
  'GET /metrics': ok('Prometheus metrics: from this machine, or to a signed-in admin', file(['text/plain'], 'Prometheus text format 0.0.4')),
  'GET /api/openapi.json': ok('This API as OpenAPI 3.1 (admins; anyone in development)', file(['application/json'], 'The OpenAPI 3.1 document')),
  'GET /api/docs': ok('This API as a page to read (admins; anyone in development)', file(['text/html'], 'The API reference as HTML')),
  // Issue 33: a poison entry or job stops only itself (ADR 0029).
  'GET /api/admin/volume/quarantine': ok('The volume journal entries set aside after failing alone, oldest first, with their errors', QuarantineList),
  'POST /api/admin/volume/quarantine/:id/retry': ok('Put a quarantined entry back in the journal: the next batch applies it, once (audited)', Message, { params: JournalEntryParam }),
  'POST /api/admin/volume/quarantine/:id/settle': ok('Mark a quarantined entry applied without applying it, with the reason (audited)', Message, {
    params: JournalEntryParam,
    body: SettleEntryInput,
  }),
  'GET /api/admin/jobs/parked': ok('The jobs parked after failing too many times in a row, with their last errors', ParkedJobList),
  'POST /api/admin/jobs/:id/retry': ok('Queue a parked job again (audited)', Message, { params: JobIdParam }),
} as const satisfies Record<string, RouteContract>;
