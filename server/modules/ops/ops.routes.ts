import type { AppContext } from '../../context';
import { get, post, type RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { forbidden, unauthenticated } from '../../core/app-error';
import { isLocalScrape, renderMetrics } from '../../http/metrics';
import { MSG } from '../../../contracts/messages';
import { journalLag, quarantinedEntries, retryQuarantined, settleQuarantinedEntry } from '../volume';
import { JobIdParam, JournalEntryParam, SettleEntryInput } from '../../../contracts/admin';
import { parkedJobList, retryParkedJob } from './parked-jobs.service';

/**
 * GET /metrics in Prometheus text format: this process's request counts and latencies, the volume
 * journal's lag, the job runner's queue and the read replicas (in use, lag, queries; ADR 0031). Open to a scrape from this machine; from anywhere else
 * only to a signed-in admin (the access guard resolves the session; the handler decides).
 */
export function opsRoutes(ctx: AppContext): RouteDef[] {
  return [
    get('/metrics', 'public', async (req, reply) => {
      if (!isLocalScrape(req)) {
        if (!req.identity) throw unauthenticated(MSG.notSignedIn);
        if (req.identity.user.role !== 'admin' || req.identity.impersonation) throw forbidden(MSG.forbidden);
      }
      const [lag, jobs] = await Promise.all([journalLag(ctx), ctx.jobs.status()]);
      const replicas = ctx.replicas?.status() ?? [];
      const text = renderMetrics([
        { name: 'volume_journal_pending', help: 'Journal entries (purchases, placements) not yet applied to the ancestors.', values: [{ value: lag.pending }] },
        { name: 'volume_journal_oldest_pending_seconds', help: 'Age of the oldest entry not yet applied (0 when none is pending).', values: [{ value: lag.oldestPendingSeconds }] },
        { name: 'volume_journal_quarantined', help: 'Journal entries set aside after failing alone, waiting for an admin to retry or settle them.', values: [{ value: lag.quarantined }] },
        { name: 'volume_journal_applied_per_second', help: 'Entries applied per second over the last minute.', values: [{ value: lag.eventsPerSecond }] },
        { name: 'jobs_due', help: 'Jobs due and not leased, per job.', values: jobs.map((j) => ({ labels: { job: j.name }, value: j.due })) },
        { name: 'jobs_running', help: 'Jobs leased to a worker now, per job.', values: jobs.map((j) => ({ labels: { job: j.name }, value: j.running })) },
        { name: 'jobs_failing', help: 'Jobs whose last run failed, per job.', values: jobs.map((j) => ({ labels: { job: j.name }, value: j.failing })) },
        {
          name: 'jobs_parked',
          help: 'Jobs parked after failing too many times in a row, waiting for an admin to retry them, per job.',
          values: jobs.map((j) => ({ labels: { job: j.name }, value: j.parked })),
        },
        ...(replicas.length
          ? [
              {
                name: 'db_replica_in_use',
                help: 'Whether the read replica serves lag-tolerant reads now (1) or is left out (0), per replica.',
                values: replicas.map((r) => ({ labels: { replica: r.name }, value: r.inUse ? 1 : 0 })),
              },
              {
                name: 'db_replica_lag_seconds',
                help: 'How far behind the primary the replica replayed at the last check (-1 when it did not answer).',
                values: replicas.map((r) => ({ labels: { replica: r.name }, value: r.lagMs === null ? -1 : r.lagMs / 1000 })),
              },
              {
                name: 'db_replica_queries_total',
                help: 'Queries the replica answered in this process.',
                type: 'counter' as const,
                values: replicas.map((r) => ({ labels: { replica: r.name }, value: r.queries })),
              },
              {
                name: 'db_replica_fallbacks_total',
                help: 'Queries that found the replica unavailable and ran on the primary instead.',
                type: 'counter' as const,
                values: replicas.map((r) => ({ labels: { replica: r.name }, value: r.fallbacks })),
              },
            ]
          : []),
        { name: 'process_uptime_seconds', help: 'Seconds since this process started.', values: [{ value: Math.round(process.uptime()) }] },
        { name: 'process_resident_memory_bytes', help: 'Resident memory of this process.', values: [{ value: process.memoryUsage().rss }] },
      ]);
      return reply.header('content-type', 'text/plain; version=0.0.4; charset=utf-8').header('cache-control', 'no-store').send(text);
    }),
    // A poison journal entry or job stops only itself (issue 33, ADR 0029): the admin sees it and retries or settles it.
    get('/api/admin/volume/quarantine', 'admin', async () => quarantinedEntries(ctx)),
    post('/api/admin/volume/quarantine/:id/retry', 'admin', async (req) => retryQuarantined(ctx, actorOf(req), parse(JournalEntryParam, req.params).id)),
    post('/api/admin/volume/quarantine/:id/settle', 'admin', async (req) =>
      settleQuarantinedEntry(ctx, actorOf(req), parse(JournalEntryParam, req.params).id, parse(SettleEntryInput, req.body ?? {})),
    ),
    get('/api/admin/jobs/parked', 'admin', async () => parkedJobList(ctx)),
    post('/api/admin/jobs/:id/retry', 'admin', async (req) => retryParkedJob(ctx, actorOf(req), parse(JobIdParam, req.params).id)),
  ];
}
