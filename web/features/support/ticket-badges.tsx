import { Badge, type BadgeTone } from '../../components/ui/badge';
import { titleCase } from '../../lib/format';

type Look = { label: string; tone: BadgeTone };
const look = (map: Record<string, Look>, value: string): Look => map[value] ?? { label: titleCase(value), tone: 'neutral' };

const STATUS: Record<string, Look> = {
  open: { label: 'Open', tone: 'info' },
  in_progress: { label: 'In Progress', tone: 'warning' },
  resolved: { label: 'Resolved', tone: 'success' },
  closed: { label: 'Closed', tone: 'neutral' },
};

export const PRIORITY_LABELS: Record<string, string> = { low: 'Low', medium: 'Medium', high: 'High', urgent: 'Urgent' };
const PRIORITY: Record<string, Look> = {
  low: { label: 'Low', tone: 'neutral' },
  medium: { label: 'Medium', tone: 'info' },
  high: { label: 'High', tone: 'warning' },
  urgent: { label: 'Urgent', tone: 'danger' },
};

/** Open / In Progress / Resolved / Closed (doc 3 §3.3). */
export function TicketStatusBadge({ status }: { status: string }) {
  const l = look(STATUS, status);
  return (
    <Badge tone={l.tone}>
      <span className="sr-only">Status: </span>
      {l.label}
    </Badge>
  );
}

export function TicketPriorityBadge({ priority }: { priority: string }) {
  const l = look(PRIORITY, priority);
  return (
    <Badge tone={l.tone}>
      <span className="sr-only">Priority: </span>
      {l.label}
    </Badge>
  );
}
