import { useState } from 'react';
import { Scale, Settings2 } from 'lucide-react';
import { GRIEVANCE_STATUSES, GRIEVANCE_STATUS_LABELS, type AdminGrievance } from '@contracts';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, FormFooter } from '../../../components/ui/dialog';
import { DownloadButton } from '../../../components/ui/download-button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { type Column, RowCard } from '../../../components/ui/table';
import { SectionHeader } from '../../../components/admin/section-header';
import { SegmentCount, segmentClass, segmentGroupClass } from '../../../components/admin/segments';
import { QueriedTable } from '../../../components/admin/queried-list';
import { cn } from '../../../lib/cn';
import { GrievanceStatusBadge, GrievanceTimeline, OverdueBadge, istDate, istTime } from '../grievance-look';
import { registerUrl, useGrievanceAction, useGrievances, type GrievanceAction, type GrievanceFilters } from './grievance-admin-api';

const ACTIONS: { id: GrievanceAction; label: string; field: string; hint: string }[] = [
  { id: 'acknowledge', label: 'Acknowledge', field: 'Note to the complainant (optional)', hint: 'Confirms the complaint is being looked into.' },
  { id: 'action', label: 'Add action note', field: 'Action taken', hint: 'What was done; the complaint moves to In progress.' },
  { id: 'delay', label: 'Reason for delay', field: 'Reason for the delay', hint: 'An extension: the reason is emailed to the complainant in writing.' },
  { id: 'resolve', label: 'Resolve', field: 'Resolution', hint: 'How the complaint was resolved.' },
  { id: 'reject', label: 'Reject', field: 'Reason for rejecting', hint: 'Why no further action is taken.' },
];

function bodyOf(action: GrievanceAction, text: string, delayReason: string): Record<string, string | undefined> {
  const delay = delayReason.trim() || undefined;
  switch (action) {
    case 'acknowledge':
      return { note: text, delayReason: delay };
    case 'action':
      return { note: text };
    case 'delay':
      return { reason: text };
    case 'resolve':
      return { resolution: text, delayReason: delay };
    case 'reject':
      return { reason: text, delayReason: delay };
  }
}

function ActionForm({ g, onDone }: { g: AdminGrievance; onDone: () => void }) {
  const open = g.status === 'received' || g.status === 'acknowledged' || g.status === 'in_progress';
  const choices = ACTIONS.filter((a) => (a.id === 'acknowledge' ? g.status === 'received' : true));
  const [action, setAction] = useState<GrievanceAction>(choices[0]!.id);
  const [text, setText] = useState('');
  const [delayReason, setDelayReason] = useState('');
  const run = useGrievanceAction(g.id, action);
  if (!open) return null;
  const chosen = ACTIONS.find((a) => a.id === action)!;
  const late = (action === 'acknowledge' && g.acknowledgeOverdue) || ((action === 'resolve' || action === 'reject') && g.resolveOverdue);
  const submit = async () => {
    if ((await run.run(bodyOf(action, text, delayReason))).ok) onDone();
  };
  return (
    <form
      noValidate
      className="space-y-4 border-t border-slate-200 pt-4"
      aria-label="Act on the complaint"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div role="group" aria-label="Action" className="flex flex-wrap gap-2">
        {choices.map((a) => (
          <Button key={a.id} type="button" size="sm" variant={a.id === action ? 'primary' : 'outline'} aria-pressed={a.id === action} onClick={() => setAction(a.id)}>
            {a.label}
          </Button>
        ))}
      </div>
      <FormField id="grv-action-text" label={chosen.field} hint={chosen.hint}>
        <Textarea id="grv-action-text" aria-describedby="grv-action-text-hint" rows={3} maxLength={4000} value={text} onChange={(e) => setText(e.target.value)} />
      </FormField>
      {late ? (
        <FormField id="grv-delay" label="Reason for the delay" hint="This complaint is past its due time: the reason is emailed to the complainant in writing.">
          <Textarea id="grv-delay" aria-describedby="grv-delay-hint" rows={2} maxLength={2000} value={delayReason} onChange={(e) => setDelayReason(e.target.value)} />
        </FormField>
      ) : null}
      <FormFooter onCancel={onDone} busy={run.isPending} variant={action === 'reject' ? 'destructive' : undefined}>
        {chosen.label}
      </FormFooter>
    </form>
  );
}

function GrievanceDialog({ g, onClose }: { g: AdminGrievance; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent
        title={`Complaint ${g.number}`}
        description={`${g.source === 'member' ? 'Filed by a member' : 'Filed on the public form'} · received ${istTime(g.receivedAt)}`}
        className="max-w-2xl"
      >
        <div className="space-y-4">
          <div className="flex flex-wrap gap-2">
            <GrievanceStatusBadge status={g.status} />
            {g.acknowledgeOverdue ? <OverdueBadge /> : null}
            {g.resolveOverdue && !g.acknowledgeOverdue ? <OverdueBadge /> : null}
          </div>
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-xs text-slate-500">Complainant</dt>
              <dd className="break-words text-slate-900">
                {g.name}
                <span className="block text-slate-600">{g.email}</span>
                {g.phone ? <span className="block text-slate-600">{g.phone}</span> : null}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Order or invoice</dt>
              <dd className="text-slate-900">{g.orderReference ?? '—'}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{g.acknowledgedAt ? 'Acknowledged' : 'Acknowledgement due'}</dt>
              <dd className={cn('text-slate-900', g.acknowledgeOverdue && 'font-semibold text-red-700')}>{istTime(g.acknowledgedAt ?? g.acknowledgeDueAt)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{g.closedAt ? 'Closed' : 'Resolution due'}</dt>
              <dd className={cn('text-slate-900', g.resolveOverdue && 'font-semibold text-red-700')}>{g.closedAt ? istTime(g.closedAt) : istDate(g.resolveDueAt)}</dd>
            </div>
          </dl>
          <div>
            <p className="text-xs text-slate-500">Complaint</p>
            <p className="mt-1 rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-line text-slate-800">{g.description}</p>
          </div>
          <div>
            <p className="mb-2 text-sm font-semibold text-slate-900">Timeline</p>
            <GrievanceTimeline events={g.events} />
          </div>
          <ActionForm key={g.status} g={g} onDone={onClose} />
        </div>
      </DialogContent>
    </Dialog>
  );
}

const FILTERS = ['', ...GRIEVANCE_STATUSES] as const;

/** Engagement > Grievances: complaints, their due times and timelines, the officer's actions and the register. */
export function GrievancesSection() {
  const [filters, setFilters] = useState<GrievanceFilters>({ status: '', overdue: false, search: '' });
  const [openId, setOpenId] = useState<string | null>(null);
  const q = useGrievances(filters);
  const items = q.data?.items ?? [];
  const counts = q.data?.counts;
  const open = openId ? items.find((g) => g.id === openId) : undefined;

  const manage = (g: AdminGrievance) => (
    <Button size="sm" variant="outline" onClick={() => setOpenId(g.id)} aria-label={`Open complaint ${g.number}`}>
      <Settings2 aria-hidden="true" className="size-3.5" /> Open
    </Button>
  );
  const columns: Column<AdminGrievance>[] = [
    {
      header: 'Complaint',
      className: 'min-w-44',
      cell: (g) => (
        <>
          <p className="font-mono text-sm font-semibold text-slate-900">{g.number}</p>
          <p className="text-xs text-slate-500">{istTime(g.receivedAt)}</p>
        </>
      ),
    },
    {
      header: 'Complainant',
      className: 'max-w-56',
      cell: (g) => (
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-800">{g.name}</p>
          <p className="truncate text-xs text-slate-500">{g.email}</p>
        </div>
      ),
    },
    { header: 'Issue', headerClassName: 'hidden lg:table-cell', className: 'hidden max-w-72 lg:table-cell', cell: (g) => <p className="line-clamp-2 text-sm text-slate-700">{g.description}</p> },
    {
      header: 'Status',
      cell: (g) => (
        <span className="flex flex-wrap gap-1.5">
          <GrievanceStatusBadge status={g.status} />
          {g.overdue ? <OverdueBadge /> : null}
        </span>
      ),
    },
    {
      header: 'Due',
      headerClassName: 'hidden xl:table-cell',
      className: 'hidden text-sm text-slate-600 xl:table-cell',
      cell: (g) => (g.status === 'received' ? `Ack. ${istTime(g.acknowledgeDueAt)}` : g.closedAt ? '—' : `Resolve by ${istDate(g.resolveDueAt)}`),
    },
    { header: 'Actions', headerClassName: 'text-right', className: 'text-right', stickyEnd: true, cell: manage },
  ];

  return (
    <div className="space-y-5">
      <SectionHeader
        eyebrow="Engagement"
        title="Grievances"
        description="Formal complaints: acknowledge within 48 working hours, resolve within one month, and give the reason in writing when late."
        actions={<DownloadButton href={registerUrl(filters)} fileName="grievance-register.csv" label="Export register" variant="outline" />}
      />
      <div className="space-y-3">
        <div role="group" aria-label="Filter by status" className={cn('grid grid-cols-3 min-[480px]:grid-cols-6 sm:inline-grid', segmentGroupClass)}>
          {FILTERS.map((s) => {
            const pressed = filters.status === s;
            return (
              <button key={s || 'all'} type="button" aria-pressed={pressed} onClick={() => setFilters((f) => ({ ...f, status: s }))} className={segmentClass(pressed)}>
                {s ? GRIEVANCE_STATUS_LABELS[s] : 'All'}
              </button>
            );
          })}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-full space-y-1.5 sm:w-72">
            <Label htmlFor="grv-search">Search</Label>
            <Input id="grv-search" type="search" placeholder="Number, name or email" value={filters.search} onChange={(e) => setFilters((f) => ({ ...f, search: e.target.value }))} />
          </div>
          <Button variant={filters.overdue ? 'primary' : 'outline'} aria-pressed={filters.overdue} onClick={() => setFilters((f) => ({ ...f, overdue: !f.overdue }))}>
            Overdue only <SegmentCount count={counts?.overdue} active={filters.overdue} />
          </Button>
        </div>
      </div>
      <QueriedTable
        query={q}
        what="complaints"
        empty={<EmptyState icon={Scale} title="No complaints match these filters" description="Complaints filed on the public Grievance Redressal page or from a member's Support page appear here." />}
        className="space-y-3"
        count={
          <>
            {items.length === 1 ? '1 complaint' : `${items.length} complaints`}
            {counts ? ` · ${counts.open} open · ${counts.overdue} overdue` : ''}
          </>
        }
        label="Grievances"
        rows={items}
        rowKey={(g) => g.id}
        rowData={(g) => ({ 'data-grievance-number': g.number })}
        columns={columns}
        card={(g) => (
          <RowCard
            head={<p className="font-mono font-semibold text-slate-900">{g.number}</p>}
            aside={<GrievanceStatusBadge status={g.status} />}
            grid="grid-cols-2 gap-x-4 gap-y-3"
            fields={{ Complainant: g.name, Received: istDate(g.receivedAt), Due: g.status === 'received' ? istTime(g.acknowledgeDueAt) : g.closedAt ? '—' : istDate(g.resolveDueAt) }}
            actions={manage(g)}
          >
            {g.overdue ? <OverdueBadge /> : null}
          </RowCard>
        )}
      />
      {open ? <GrievanceDialog g={open} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}
