import { useState } from 'react';
import { useKeptRecord, useRecordParam } from '../../../lib/record-param';
import { RecordNotFound } from '../../../components/ui/record-not-found';
import { LifeBuoy, Settings2 } from 'lucide-react';
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from '@contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { cn } from '../../../lib/cn';
import { plural } from '../../../lib/format-plural';
import { SubmittedAt } from '../../../components/admin/submitted-at';
import { SectionHeader } from '../../../components/admin/section-header';
import { SegmentCount, segmentClass, segmentGroupClass } from '../../../components/admin/segments';
import { type Column, RowCard } from '../../../components/ui/table';
import { useSupportTickets, type AdminTicket, type TicketFilters } from './tickets-api';
import { priorityLabel, PriorityBadge, TICKET_STATUS_LABELS, TicketStatusBadge } from '../ticket-badges';
import { TicketDialog } from './ticket-dialog';
import { QueriedTable } from '../../../components/admin/queried-list';
import { SelectFilters, type SelectFilterSpec } from '../../../components/admin/select-filter';

const STATUS_FILTERS = ['', ...TICKET_STATUSES] as const;

const FILTERS: SelectFilterSpec<'category' | 'priority'>[] = [
  { key: 'category', id: 'ticket-category', label: 'Category', blank: 'All categories', values: TICKET_CATEGORIES },
  { key: 'priority', id: 'ticket-priority', label: 'Priority', blank: 'All priorities', values: TICKET_PRIORITIES, optionLabel: priorityLabel },
];

function Member({ t }: { t: AdminTicket }) {
  return (
    <div className="min-w-0 text-xs text-slate-500">
      <p className="truncate text-sm font-medium text-slate-800">{t.userName}</p>
      <p className="font-mono">{t.userDisplayId}</p>
    </div>
  );
}

function ManageButton({ t, onOpen }: { t: AdminTicket; onOpen: (t: AdminTicket) => void }) {
  return (
    <Button size="sm" variant="outline" onClick={() => onOpen(t)} aria-label={`Manage ticket: ${t.subject}`}>
      <Settings2 aria-hidden="true" className="size-3.5" /> Manage
    </Button>
  );
}

const Assignee = ({ t }: { t: AdminTicket }) => (t.assignedToName ? <span>{t.assignedToName}</span> : <span className="text-slate-500">Unassigned</span>);

/** A16 Support Tickets (doc 3 §5.2): members' tickets, assigned, moved through the statuses and resolved. */
export function SupportTicketsSection() {
  const [filters, setFilters] = useState<TicketFilters>({ status: '', category: '', priority: '' });
  // The opened ticket is in the address (?id=): a reload or a shared link opens it again.
  const record = useRecordParam();
  const q = useSupportTickets(filters);
  const { items, admins, counts } = q.list;
  const setOpen = (t: AdminTicket) => record.open(t.id);
  // The list holds every ticket of the filters; a link's ticket outside them shows once the filters are cleared.
  const filtered = Boolean(filters.status || filters.category || filters.priority);
  const open = useKeptRecord(record.id, record.id ? items.find((t) => t.id === record.id) : undefined);
  const total = TICKET_STATUSES.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
  const set = (key: keyof TicketFilters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));

  const columns: Column<AdminTicket>[] = [
    {
      header: 'Ticket',
      className: 'max-w-72 min-w-52',
      cell: (t) => (
        <>
          <p className="truncate font-medium text-slate-900" title={t.subject}>
            {t.subject}
          </p>
          <Badge className="mt-1">{t.category}</Badge>
        </>
      ),
    },
    { header: 'Member', className: 'max-w-48', cell: (t) => <Member t={t} /> },
    { header: 'Priority', cell: (t) => <PriorityBadge priority={t.priority} /> },
    { header: 'Status', cell: (t) => <TicketStatusBadge status={t.status} /> },
    { header: 'Assigned to', headerClassName: 'hidden lg:table-cell', className: 'hidden lg:table-cell', cell: (t) => <Assignee t={t} /> },
    { header: 'Updated', headerClassName: 'hidden xl:table-cell', className: 'hidden text-slate-600 xl:table-cell', cell: (t) => <SubmittedAt value={t.updatedAt} /> },
    { header: 'Actions', headerClassName: 'text-right', className: 'text-right', stickyEnd: true, cell: (t) => <ManageButton t={t} onOpen={setOpen} /> },
  ];

  const empty = <EmptyState icon={LifeBuoy} title="No tickets match these filters" description="Tickets members open from their portal appear here. Change the filters to see others." />;
  return (
    <div className="space-y-5">
      <SectionHeader eyebrow="Engagement" title="Support Tickets" description="Members' questions and problems. Assign a ticket, move it along, and write the resolution the member will read." />

      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div role="group" aria-label="Filter by status" className={cn('grid grid-cols-3 min-[480px]:grid-cols-5 lg:inline-grid', segmentGroupClass)}>
          {STATUS_FILTERS.map((s) => {
            const pressed = filters.status === s;
            const count = s ? counts[s] : total;
            return (
              <button key={s || 'all'} type="button" aria-pressed={pressed} onClick={() => set('status')(s)} className={segmentClass(pressed)}>
                {s ? TICKET_STATUS_LABELS[s] : 'All'}
                <SegmentCount count={q.data ? (count ?? 0) : undefined} active={pressed} />
              </button>
            );
          })}
        </div>
        <div className="grid grid-cols-2 gap-3 lg:w-96">
          <SelectFilters filters={FILTERS} values={filters} onChange={(key, value) => set(key)(value)} />
        </div>
      </div>

      <QueriedTable
        query={q}
        what="support tickets"
        empty={empty}
        className="space-y-3"
        count={plural(items.length, 'ticket')}
        label="Support tickets"
        rows={items}
        rowKey={(t) => t.id}
        rowData={(t) => ({ 'data-ticket-id': t.id })}
        columns={columns}
        card={(t) => (
          <RowCard
            head={<p className="min-w-0 font-semibold break-words text-slate-900">{t.subject}</p>}
            aside={<TicketStatusBadge status={t.status} />}
            grid="grid-cols-2 gap-x-4 gap-y-3"
            fields={{
              Member: (
                <>
                  {t.userName} <span className="block font-mono text-xs font-normal text-slate-500">{t.userDisplayId}</span>
                </>
              ),
              'Assigned to': <Assignee t={t} />,
              Updated: <SubmittedAt value={t.updatedAt} />,
            }}
            actions={<ManageButton t={t} onOpen={setOpen} />}
          >
            <div className="flex flex-wrap gap-1.5">
              <Badge>{t.category}</Badge>
              <PriorityBadge priority={t.priority} />
            </div>
          </RowCard>
        )}
      />

      {open ? (
        // The ticket as the list now has it: a staff reply moves an Open ticket to In Progress, and the dialog shows that.
        <TicketDialog key={open.id} ticket={open} admins={admins} onClose={record.close} />
      ) : record.id && q.data && !q.isPlaceholderData && !filtered ? (
        <RecordNotFound what="support ticket" id={record.id} onClose={record.close} />
      ) : record.id && q.data && !q.isPlaceholderData && filtered ? (
        <RecordNotFound
          what="support ticket"
          id={record.id}
          onClose={record.close}
          hint="This ticket is not among the tickets of the chosen filters. Clear the filters to look for it in every ticket."
        />
      ) : null}
    </div>
  );
}
