import { Hourglass } from 'lucide-react';
import type { PendingRecruitStatus, TeamPendingRecruit } from '@contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { relativeTime } from '../format';

const STATUS: Record<PendingRecruitStatus, { label: string; tone: BadgeTone }> = {
  awaiting_upline: { label: 'Awaiting upline decision', tone: 'warning' },
  awaiting_admin: { label: 'Awaiting admin approval', tone: 'info' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
};

/** The yellow 'Pending Recruits (n)' panel of the Direct tab (doc 3 §2.4). */
export function PendingRecruitsPanel({ recruits }: { recruits: TeamPendingRecruit[] }) {
  if (recruits.length === 0) return null;
  return (
    <section aria-labelledby="pending-recruits-title" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:p-5">
      <h3 id="pending-recruits-title" className="flex items-center gap-2 font-semibold text-amber-900">
        <Hourglass aria-hidden="true" className="size-4 text-amber-600" /> Pending Recruits ({recruits.length})
      </h3>
      <p className="mt-1 text-sm text-amber-800">The admin will process these registrations and send login credentials once approved.</p>
      <ul className="mt-3 space-y-2">
        {recruits.map((r) => {
          const status = STATUS[r.status] ?? { label: r.status, tone: 'neutral' as const };
          return (
            <li key={r.id} className="flex flex-col gap-2 rounded-xl border border-amber-200/70 bg-white/80 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{r.fullName}</p>
                <p className="text-sm break-all text-slate-600">
                  {r.email}
                  {r.mobile ? <> · {r.mobile}</> : null}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2 sm:justify-end">
                <Badge tone={status.tone}>{status.label}</Badge>
                <span className="text-xs text-slate-500">Submitted {relativeTime(r.createdAt)}</span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
