import { useSearchParams } from 'react-router';
import { CheckCircle2, LifeBuoy, MessagesSquare, UserRound } from 'lucide-react';
import type { TicketView } from '@contracts';
import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { QueryStates } from '../../components/ui/query-error';
import { formatDate, formatDateTime, formatRelative } from '../../lib/format';
import { useRecordParam } from '../../lib/record-param';
import { RecordNotFound } from '../../components/ui/record-not-found';
import { useTickets } from './api';
import { PriorityBadge, TicketStatusBadge } from './ticket-badges';
import { ConversationDialog } from './conversation-dialog';

function TicketItem({ ticket, onOpen }: { ticket: TicketView; onOpen: () => void }) {
  return (
    <li aria-label={ticket.subject} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold break-words text-slate-900">{ticket.subject}</h3>
          <p className="mt-0.5 text-xs text-slate-500">
            <span className="font-mono">#{ticket.id.slice(0, 8)}</span> · {ticket.category} · Opened{' '}
            <time dateTime={ticket.createdAt} title={formatDateTime(ticket.createdAt)}>
              {formatDate(ticket.createdAt)}
            </time>
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-1.5">
          <TicketStatusBadge status={ticket.status} />
          <PriorityBadge priority={ticket.priority} />
        </div>
      </div>
      <p className="line-clamp-3 text-sm whitespace-pre-line text-slate-600">{ticket.description}</p>
      {ticket.resolution ? (
        <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
          <p className="flex items-center gap-1.5 font-semibold">
            <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-600" /> Resolution
            {ticket.resolvedAt ? <span className="font-normal text-emerald-800">· {formatDate(ticket.resolvedAt)}</span> : null}
          </p>
          <p className="mt-1 whitespace-pre-line">{ticket.resolution}</p>
        </div>
      ) : null}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
        <span>
          Updated{' '}
          <time dateTime={ticket.updatedAt} title={formatDateTime(ticket.updatedAt)}>
            {formatRelative(ticket.updatedAt)}
          </time>
        </span>
        {ticket.assignedToName ? (
          <span className="inline-flex items-center gap-1">
            <UserRound aria-hidden="true" className="size-3.5" /> Handled by {ticket.assignedToName}
          </span>
        ) : null}
      </p>
      <Button variant="outline" size="sm" onClick={onOpen} aria-label={`Open the conversation: ${ticket.subject}`} icon={MessagesSquare}>
        Conversation
      </Button>
    </li>
  );
}

/** The member's tickets with status, priority, resolution and dates. */
export function TicketList() {
  const tickets = useTickets();
  const data = tickets.data;
  const open = data?.filter((t) => t.status === 'open' || t.status === 'in_progress').length ?? 0;
  // The opened ticket's thread is in the address (?id=, issue 30); a staff reply's mail links to /support?ticket=<id>,
  // which opens the same way.
  const [params, setParams] = useSearchParams();
  const record = useRecordParam();
  const openId = record.id ?? params.get('ticket');
  const opened = data?.find((t) => t.id === openId);
  const close = () => {
    if (params.has('ticket')) setParams((p) => (p.delete('ticket'), p.delete('id'), p), { replace: true });
    else record.close();
  };
  const setOpenId = (id: string) => record.open(id);
  const empty = <EmptyState icon={LifeBuoy} title="No support tickets yet" description="Open a ticket and our support team will answer you here." />;
  return (
    <TitledCard
      id="tickets-title"
      title="My Tickets"
      description={data && data.length > 0 ? `${data.length} in total · ${open} awaiting an answer` : 'Follow the answers to your requests.'}
      contentClassName="pt-3"
    >
      <QueryStates query={tickets} errorTitle="Could not load your tickets" loadingLabel="Loading your tickets..." empty={data?.length === 0 && empty}>
        <ul aria-label="Support tickets" className="space-y-3">
          {data?.map((t) => (
            <TicketItem key={t.id} ticket={t} onOpen={() => setOpenId(t.id)} />
          ))}
        </ul>
      </QueryStates>
      {opened ? <ConversationDialog ticket={opened} onClose={close} /> : null}
      {openId && data && !opened ? <RecordNotFound what="ticket" id={openId} onClose={close} hint="None of your tickets has this id. The link may be wrong or meant for another account." /> : null}
    </TitledCard>
  );
}
