import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { titleCase } from '../../../lib/format';

type Look = { label: string; tone: BadgeTone };
const look = (map: Record<string, Look>, value: string): Look => map[value] ?? { label: titleCase(value), tone: 'neutral' };

const FRANCHISE_STATUS: Record<string, Look> = {
  pending: { label: 'Pending', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
};
export function FranchiseStatusBadge({ status }: { status: string }) {
  const l = look(FRANCHISE_STATUS, status);
  return <Badge tone={l.tone}>{l.label}</Badge>;
}

/** Ticket statuses as the admin reads them (Open / In Progress / Resolved / Closed). */
export const TICKET_STATUS_LABELS: Record<string, string> = { open: 'Open', in_progress: 'In Progress', resolved: 'Resolved', closed: 'Closed' };
const TICKET_STATUS: Record<string, Look> = {
  open: { label: 'Open', tone: 'info' },
  in_progress: { label: 'In Progress', tone: 'warning' },
  resolved: { label: 'Resolved', tone: 'success' },
  closed: { label: 'Closed', tone: 'neutral' },
};
export function TicketStatusBadge({ status }: { status: string }) {
  const l = look(TICKET_STATUS, status);
  return <Badge tone={l.tone}>{l.label}</Badge>;
}

const PRIORITY: Record<string, Look> = {
  low: { label: 'Low', tone: 'neutral' },
  normal: { label: 'Normal', tone: 'neutral' },
  medium: { label: 'Medium', tone: 'info' },
  high: { label: 'High', tone: 'warning' },
  urgent: { label: 'Urgent', tone: 'danger' },
};
/** Ticket and news priorities share the scale's words and colours. */
export function PriorityBadge({ priority }: { priority: string }) {
  const l = look(PRIORITY, priority);
  return (
    <Badge tone={l.tone}>
      <span className="sr-only">Priority: </span>
      {l.label}
    </Badge>
  );
}
export const priorityLabel = (p: string) => look(PRIORITY, p).label;
