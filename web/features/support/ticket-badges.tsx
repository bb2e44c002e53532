import { StatusBadge } from '../../components/ui/badge';
import { labelOf, PRIORITY, TICKET_STATUS } from '../../lib/status-looks';

/** Ticket badges for the member's Support page and the admin queue alike (doc 3 §3.3, doc 2 §2.13). */
export const TICKET_STATUS_LABELS: Record<string, string> = Object.fromEntries(Object.entries(TICKET_STATUS).map(([k, v]) => [k, v.label]));

export const priorityLabel = (p: string) => labelOf(PRIORITY, p);

/** Open / In Progress / Resolved / Closed; screen readers hear "Status: Open" where no column header says it. */
export function TicketStatusBadge({ status }: { status: string }) {
  return <StatusBadge map={TICKET_STATUS} value={status} prefix="Status" />;
}

export function PriorityBadge({ priority }: { priority: string }) {
  return <StatusBadge map={PRIORITY} value={priority} prefix="Priority" />;
}
