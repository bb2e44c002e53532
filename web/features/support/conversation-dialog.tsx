import type { TicketView } from '@contracts';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { formatDateTime, shortId } from '../../lib/format';
import { PriorityBadge, TicketStatusBadge } from './ticket-badges';
import { TicketConversation } from './ticket-conversation';

/** The member's ticket as a conversation: what they wrote first, then the thread and the reply box. */
export function ConversationDialog({ ticket, onClose }: { ticket: TicketView; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent title={ticket.subject} description={`Ticket #${shortId(ticket.id)} · ${ticket.category}`} className="sm:max-w-2xl">
        <div className="space-y-4">
          <p className="flex flex-wrap gap-1.5">
            <TicketStatusBadge status={ticket.status} /> <PriorityBadge priority={ticket.priority} />
          </p>
          <div className="rounded-2xl bg-brand-50 px-4 py-3 ring-1 ring-brand-100">
            <p className="text-xs text-slate-600">
              <span className="font-semibold text-slate-800">You</span> · opened {formatDateTime(ticket.createdAt)}
            </p>
            <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">{ticket.description}</p>
          </div>
          <TicketConversation side="member" ticketId={ticket.id} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
