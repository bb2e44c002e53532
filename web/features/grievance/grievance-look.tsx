import { GRIEVANCE_EVENT_LABELS, GRIEVANCE_STATUS_LABELS, type GrievanceEvent, type GrievanceStatus } from '@contracts';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { cn } from '../../lib/cn';

const TONES: Record<GrievanceStatus, BadgeTone> = { received: 'info', acknowledged: 'brand', in_progress: 'warning', resolved: 'success', rejected: 'danger' };

export function GrievanceStatusBadge({ status }: { status: GrievanceStatus }) {
  return <Badge tone={TONES[status]}>{GRIEVANCE_STATUS_LABELS[status]}</Badge>;
}

export function OverdueBadge() {
  return <Badge tone="danger">Overdue</Badge>;
}

const IST = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const IST_DAY = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' });
/** An instant as people in India read it, with the zone said. */
export const istTime = (iso: string | null | undefined) => (iso ? `${IST.format(new Date(iso))} IST` : '—');
export const istDate = (iso: string | null | undefined) => (iso ? IST_DAY.format(new Date(iso)) : '—');

const DOTS: Record<GrievanceEvent['kind'], string> = {
  registered: 'bg-sky-500',
  acknowledged: 'bg-brand-600',
  action: 'bg-amber-500',
  resolved: 'bg-emerald-600',
  rejected: 'bg-red-600',
  delay: 'bg-orange-500',
  overdue: 'bg-red-500',
};

/** A complaint's history, oldest first. */
export function GrievanceTimeline({ events, className }: { events: GrievanceEvent[]; className?: string }) {
  return (
    <ol className={cn('space-y-4 border-l border-slate-200 pl-5', className)}>
      {events.map((e, i) => (
        <li key={`${e.at}-${i}`} className="relative">
          <span aria-hidden="true" className={cn('absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full ring-4 ring-white', DOTS[e.kind])} />
          <p className="text-sm font-medium text-slate-900">{GRIEVANCE_EVENT_LABELS[e.kind]}</p>
          <p className="text-xs text-slate-500">
            {istTime(e.at)}
            {e.by ? ` · ${e.by}` : ''}
          </p>
          {e.note ? <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{e.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
