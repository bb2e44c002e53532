import { useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Activity, ChevronDown, ChevronRight, Filter, RotateCcw } from 'lucide-react';
import { AuditLogQuery } from '@contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { getRoute } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { titleCase } from '../../../lib/format';
import { browserTimeZone, formatDateTimeUS } from '../../../lib/admin/format';
import { KEYS, schemaResolver } from '../../../lib/admin/queries';
import type { AuditEntry } from '../../../lib/admin/types';
import { roleLabel } from '../../../components/admin/badges';
import { LoadMore, QueryStates } from '../../../components/ui/query-error';
import { SectionHeader } from '../../../components/admin/section-header';
import { useServerFieldErrors } from '../../../lib/admin/server-errors';
import { DataTable } from '../../../components/ui/table';
import { TextField } from '../../../components/ui/text-field';
import { FilterBar, ListRows, applyOrRefetch } from '../../../components/admin/filter-bar';

const FilterForm = AuditLogQuery.pick({ actor: true, action: true, entityType: true, dateFrom: true, dateTo: true }).superRefine((v, ctx) => {
  if (v.dateFrom && v.dateTo && v.dateFrom > v.dateTo) ctx.addIssue({ code: 'custom', path: ['dateFrom'], message: 'The start date is after the end date' });
});
type Filters = z.output<typeof FilterForm>;
type Values = { actor: string; action: string; entityType: string; dateFrom: string; dateTo: string };
const EMPTY: Values = { actor: '', action: '', entityType: '', dateFrom: '', dateTo: '' };

const ACTION_LABELS: Record<string, string> = {
  'user.create': 'Created a user',
  'user.edit': 'Edited user details',
  'user.update': 'Updated a member',
  'user.block': 'Blocked a user',
  'user.activate': 'Activated a user',
  'user.delete': 'Deleted a user',
  'kyc.approve': 'Approved a KYC document',
  'kyc.reject': 'Rejected a KYC document',
  'impersonation.issue': 'Issued an impersonation code',
  'impersonation.exchange': 'Started an impersonated session',
  'impersonation.revoke': 'Ended an impersonated session',
  'two_factor.enable': 'Turned on two-factor sign-in',
  'two_factor.disable': 'Turned off two-factor sign-in',
  'two_factor.reset': "Reset a user's two-factor sign-in",
  'two_factor.recovery_codes': 'Made new recovery codes',
};
const ACTION_PREFIXES = ['user.', 'kyc.', 'impersonation', 'two_factor.'];
const ENTITY_TYPES: Record<string, string> = { user: 'User', kyc_document: 'KYC document' };

const actionLabel = (action: string) => ACTION_LABELS[action] ?? titleCase(action.replace(/\./g, ' '));

function actionTone(action: string) {
  if (/\.(delete|block|reject)$/.test(action)) return 'danger' as const;
  if (/\.(approve|activate|create)$/.test(action)) return 'success' as const;
  if (action.startsWith('impersonation')) return 'warning' as const;
  return 'brand' as const;
}

function asRecord(v: unknown): Record<string, unknown> | null {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** The entity's readable handle: a user's public id when the snapshot has one. */
function entityHandle(e: AuditEntry): string | null {
  const id = asRecord(e.newState)?.userId ?? asRecord(e.previousState)?.userId ?? asRecord(e.newState)?.target;
  if (typeof id === 'string') return id;
  return e.entityId ? `${e.entityId.slice(0, 8)}…` : null;
}

function show(v: unknown): string {
  if (v === undefined) return '—';
  if (v === null) return 'null';
  if (typeof v === 'string') return v === '' ? '""' : v;
  return JSON.stringify(v);
}

/** Before and after side by side, field by field; changed fields are marked. */
function StateDiff({ entry }: { entry: AuditEntry }) {
  const before = asRecord(entry.previousState);
  const after = asRecord(entry.newState);
  const changes = asRecord(entry.changes);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return (
    <div className="space-y-3">
      {keys.length ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-xs">
            <thead className="bg-slate-50 text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Field
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Before
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  After
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {keys.map((k) => {
                const b = before ? before[k] : undefined;
                const a = after ? after[k] : undefined;
                const changed = before && after ? JSON.stringify(b) !== JSON.stringify(a) : true;
                return (
                  <tr key={k} className={cn(changed && 'bg-amber-50/60')}>
                    <th scope="row" className="px-3 py-1.5 font-medium whitespace-nowrap text-slate-700">
                      {k}
                      {changed && before && after ? <span className="sr-only"> (changed)</span> : null}
                    </th>
                    <td className="px-3 py-1.5 font-mono break-all text-slate-600">{before ? show(b) : '—'}</td>
                    <td className={cn('px-3 py-1.5 font-mono break-all', changed ? 'font-semibold text-slate-900' : 'text-slate-600')}>{after ? show(a) : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-xs text-slate-500">No before or after state was recorded for this action.</p>
      )}
      {changes ? (
        <p className="text-xs text-slate-600">
          <span className="font-semibold">Changes:</span>{' '}
          {Object.entries(changes)
            .map(([k, v]) => `${k}: ${show(v)}`)
            .join(', ')}
        </p>
      ) : null}
      <p className="text-xs break-all text-slate-500">
        {entry.ipAddress ? <>IP {entry.ipAddress}</> : 'IP not recorded'}
        {entry.userAgent ? <> · {entry.userAgent}</> : null}
      </p>
    </div>
  );
}

function Actor({ e }: { e: AuditEntry }) {
  return (
    <div className="min-w-40">
      <p className="font-medium text-slate-900">{e.actorName || e.actorEmail || 'System'}</p>
      <p className="text-xs text-slate-500">
        {e.actorUserId ? <span className="font-mono">{e.actorUserId}</span> : null}
        {e.actorRole ? ` · ${roleLabel(e.actorRole)}` : null}
      </p>
      {e.onBehalfOfUserId ? (
        <p className="mt-0.5 text-xs font-medium text-amber-700">
          as <span className="font-mono">{e.onBehalfOfUserId}</span>
        </p>
      ) : null}
    </div>
  );
}

function ActionCell({ e }: { e: AuditEntry }) {
  return (
    <div className="min-w-44">
      <p className="font-medium text-slate-800">{actionLabel(e.action)}</p>
      <Badge tone={actionTone(e.action)} className="mt-1 font-mono font-medium">
        {e.action}
      </Badge>
    </div>
  );
}

function EntityCell({ e }: { e: AuditEntry }) {
  const handle = entityHandle(e);
  return (
    <div className="whitespace-nowrap">
      <p className="text-slate-700">{ENTITY_TYPES[e.entityType] ?? titleCase(e.entityType)}</p>
      {handle ? (
        <p className="font-mono text-xs text-slate-500" title={e.entityId ?? undefined}>
          {handle}
        </p>
      ) : null}
    </div>
  );
}

/** Opens or closes an entry's before/after. */
function DetailsToggle({ e, open, onToggle, variant }: { e: AuditEntry; open: boolean; onToggle: (id: string) => void; variant: 'ghost' | 'outline' }) {
  return (
    <Button size="sm" variant={variant} aria-expanded={open} onClick={() => onToggle(e.id)} aria-label={`${open ? 'Hide' : 'Show'} details of ${e.action}`}>
      {open ? <ChevronDown aria-hidden="true" className="size-4" /> : <ChevronRight aria-hidden="true" className="size-4" />}
      Details
    </Button>
  );
}

/** A6 Users Activities: the audit log (docs/spec/decisions.md §9, §11), newest first, filtered, with before/after. */
export function UsersActivitiesSection() {
  const [filters, setFilters] = useState<Filters>({});
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const timezone = browserTimeZone();
  const form = useForm<Values, unknown, Filters>({ resolver: schemaResolver<Values, typeof FilterForm>(FilterForm), defaultValues: EMPTY });

  const log = useInfiniteQuery({
    queryKey: [KEYS.auditLog, filters, timezone],
    queryFn: ({ pageParam }) => getRoute('GET /api/admin/audit-log', { query: { ...filters, timezone, cursor: pageParam, limit: 50 } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  useServerFieldErrors(log.error, form.setError, ['actor', 'action', 'entityType', 'dateFrom', 'dateTo']);
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(filters.actor || filters.action || filters.entityType || filters.dateFrom || filters.dateTo);
  const toggle = (id: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const empty = (
    <EmptyState
      icon={Activity}
      title="No activity recorded for these filters"
      description={filtered ? 'Widen the dates or clear the filters.' : 'Actions by administrators and founders will be listed here.'}
    />
  );
  return (
    <div className="space-y-5">
      <SectionHeader eyebrow="User Details" title="Users Activities" description="Every administrator and founder action and every impersonated action, newest first." />

      <FilterBar label="Filter activities" onSubmit={(e) => void form.handleSubmit((v) => applyOrRefetch(v, filters, setFilters, log.refetch))(e)} className="sm:p-5">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <TextField form={form} name="actor" id="audit-actor" label="Actor" placeholder="User ID or email" autoComplete="off" />
          <TextField form={form} name="action" id="audit-action" label="Action" placeholder="e.g. user., kyc." list="audit-actions" autoComplete="off" />
          <datalist id="audit-actions">
            {[...ACTION_PREFIXES, ...Object.keys(ACTION_LABELS)].map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
          <TextField form={form} name="entityType" id="audit-entity" label="Entity type" placeholder="e.g. user" list="audit-entities" autoComplete="off" />
          <datalist id="audit-entities">
            {Object.keys(ENTITY_TYPES).map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
          <TextField form={form} name="dateFrom" id="audit-from" label="From" type="date" />
          <TextField form={form} name="dateTo" id="audit-to" label="To" type="date" />
        </div>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          {filtered ? (
            <Button
              variant="ghost"
              onClick={() => {
                form.reset(EMPTY);
                setFilters({});
              }}
            >
              <RotateCcw aria-hidden="true" className="size-4" /> Clear
            </Button>
          ) : null}
          <Button type="submit" icon={Filter}>
            Apply filters
          </Button>
        </div>
      </FilterBar>

      <QueryStates query={log} what="activities" empty={items.length === 0 && empty}>
        <ListRows stale={log.isPlaceholderData}>
          <DataTable
            rows={items}
            rowKey={(e) => e.id}
            label="Activities"
            rowData={(e) => ({ 'data-action': e.action })}
            expanded={(e) => (expanded.has(e.id) ? <StateDiff entry={e} /> : null)}
            columns={[
              { header: 'Time', className: 'whitespace-nowrap text-slate-600', cell: (e) => formatDateTimeUS(e.createdAt) },
              { header: 'Actor', cell: (e) => <Actor e={e} /> },
              { header: 'Action', cell: (e) => <ActionCell e={e} /> },
              { header: 'Entity', cell: (e) => <EntityCell e={e} /> },
              { header: 'Reason', className: 'max-w-56 text-slate-600', cell: (e) => e.reason || <span className="text-slate-500">—</span> },
              { header: 'Details', headerClassName: 'text-right', className: 'text-right', cell: (e) => <DetailsToggle e={e} open={expanded.has(e.id)} onToggle={toggle} variant="ghost" /> },
            ]}
            card={(e) => (
              <>
                <div className="flex items-start justify-between gap-3">
                  <ActionCell e={e} />
                  <span className="shrink-0 text-xs text-slate-500">{formatDateTimeUS(e.createdAt)}</span>
                </div>
                <div className="grid grid-cols-2 gap-3 border-t border-slate-100 pt-3 text-sm">
                  <Actor e={e} />
                  <EntityCell e={e} />
                </div>
                {e.reason ? <p className="text-sm text-slate-600">Reason: {e.reason}</p> : null}
                <DetailsToggle e={e} open={expanded.has(e.id)} onToggle={toggle} variant="outline" />
                {expanded.has(e.id) ? <StateDiff entry={e} /> : null}
              </>
            )}
          />

          <LoadMore query={log} />
        </ListRows>
      </QueryStates>
    </div>
  );
}
