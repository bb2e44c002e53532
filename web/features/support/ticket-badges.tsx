import { Badge, type BadgeTone } from '../../components/ui/badge';
import { titleCase } from '../../lib/format';

/** Ticket badges for the member's Support page and the admin queue alike (doc 3 §3.3, doc 2 §2.13). */
type Look = { label: string; tone: BadgeTone };
const look = (map: Record<string, Look>, value: string): Look => map[value] ?? { label: titleCase(value), tone: 'neutral' };

const STATUS: Record<string, Look> = {
  open: { label: 'Open', tone: 'info' },
  in_progress: { label: 'In Progress', tone: 'warning' },
  resolved: { label: 'Resolved', tone: 'success' },
  closed: { label: 'Closed', tone: 'neutral' },
};
export const TICKET_STATUS_LABELS: Record<string, string> = Object.fromEntries(Object.entries(STATUS).map(([k, v]) => [k, v.label]));

/** Ticket and news priorities share the scale's words and colours (news also has Normal). */
const PRIORITY: Record<string, Look> = {
  low: { label: 'Low', tone: 'neutral' },
  normal: { label: 'Normal', tone: 'neutral' },
  medium: { label: 'Medium', tone: 'info' },
  high: { label: 'High', tone: 'warning' },
  urgent: { label: 'Urgent', tone: 'danger' },
};
export const priorityLabel = (p: string) => look(PRIORITY, p).label;

/** Open / In Progress / Resolved / Closed; screen readers hear "Status: Open" where no column header says it. */
export function TicketStatusBadge({ status }: { status: string }) {
  const l = look(STATUS, status);
  return (
    <Badge tone={l.tone}>
      <span className="sr-only">Status: </span>
      {l.label}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: string }) {
  const l = look(PRIORITY, priority);
  return (
    <Badge tone={l.tone}>
      <span className="sr-only">Priority: </span>
      {l.label}
    </Badge>
  );
}
