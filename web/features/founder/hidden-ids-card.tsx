import { useState } from 'react';
import { ChevronDown, EyeOff, UserPlus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Progress } from '../../components/ui/progress';
import { QueryError } from '../../components/ui/query-error';
import { InlineLoader } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatDate, fullName } from '../../lib/format';
import { CreateHiddenIdDialog } from './create-hidden-id-dialog';
import { useFounderStats, useHiddenIds, type HiddenIdItem } from './founder-api';

function HiddenIdList({ items }: { items: HiddenIdItem[] }) {
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Hidden IDs">
      {items.map((h) => (
        <li key={h.id} data-hidden-id={h.userId} className="grid gap-1 px-4 py-3 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1.5fr)_auto] sm:items-center sm:gap-4">
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{fullName(h, h.email)}</p>
            <p className="font-mono text-xs text-slate-500">{h.userId}</p>
          </div>
          <p className="truncate text-sm text-slate-600" title={h.email}>
            {h.email}
          </p>
          <p className="text-xs text-slate-500 sm:text-right">
            {h.leg ? <span className="font-medium text-slate-700">{h.leg === 'left' ? 'Left' : 'Right'} leg · </span> : null}
            Created {formatDate(h.createdAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Hidden IDs Management (doc 3 §2.6): the usage out of 20, a list shown on demand, and the create dialog. */
export function HiddenIdsCard() {
  const stats = useFounderStats();
  const [shown, setShown] = useState(false);
  const [creating, setCreating] = useState(false);
  const list = useHiddenIds(shown);
  const used = stats.data?.hiddenIds;
  const full = used !== undefined && used >= stats.limit;

  return (
    <Card aria-labelledby="hidden-ids-title">
      <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between sm:space-y-0">
        <div className="space-y-1">
          <CardTitle id="hidden-ids-title">Hidden IDs Management</CardTitle>
          <CardDescription>Members you place directly in your tree, at most {stats.limit}.</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" aria-expanded={shown} aria-controls="hidden-id-list" onClick={() => setShown((s) => !s)}>
            <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', shown && 'rotate-180')} />
            {shown ? 'Hide Hidden IDs' : 'Show Hidden IDs'}
          </Button>
          <Button onClick={() => setCreating(true)} disabled={full || !stats.data} aria-describedby={full ? 'hidden-id-limit' : undefined}>
            <UserPlus aria-hidden="true" className="size-4" /> Create Hidden ID
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-2">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="font-medium text-slate-700">
              {used ?? '…'} of {stats.limit} used
            </span>
            <span className="text-slate-500">{used === undefined ? '' : `${Math.max(0, stats.limit - used)} left`}</span>
          </div>
          <Progress value={used === undefined ? 0 : Math.min(100, Math.round((used / stats.limit) * 100))} label="Hidden IDs used" />
          {full ? (
            <p id="hidden-id-limit" className="text-sm font-medium text-amber-800">
              All {stats.limit} hidden IDs are in use, so no more can be created. The limit is fixed for every founder.
            </p>
          ) : null}
        </div>

        <div id="hidden-id-list" hidden={!shown}>
          {!shown ? null : list.isError ? (
            <QueryError title="Could not load your hidden IDs" error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
          ) : list.isPending ? (
            <InlineLoader label="Loading hidden IDs..." />
          ) : list.data.length === 0 ? (
            <EmptyState icon={EyeOff} title="No hidden IDs yet" description="Create one to place a member on your left or right side." />
          ) : (
            <HiddenIdList items={list.data} />
          )}
        </div>
      </CardContent>
      <CreateHiddenIdDialog open={creating} onOpenChange={setCreating} onCreated={() => setShown(true)} />
    </Card>
  );
}
