import { Check, Clock, Eye, Mail, Phone, X } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { DataTable, type Column } from '../../../components/ui/table';
import { RecruitBadges } from './recruit-badges';
import type { AdminPendingRecruit } from './recruits-api';
import { SubmittedAt } from '../../../components/admin/submitted-at';

export type RecruitAction = 'details' | 'approve' | 'reject';
type OnAction = (recruit: AdminPendingRecruit, action: RecruitAction) => void;

/** Who brought the recruit in and, while the side is open, who decides it. */
function Origin({ recruit }: { recruit: AdminPendingRecruit }) {
  return (
    <div className="space-y-0.5 text-xs text-slate-500">
      {recruit.recruiterName ? (
        <p className="truncate">
          Recruiter: <span className="font-medium text-slate-700">{recruit.recruiterName}</span>
          {recruit.recruiterUserId ? <span className="font-mono"> · {recruit.recruiterUserId}</span> : null}
        </p>
      ) : (
        <p>No recruiter (auto placement)</p>
      )}
      {recruit.status === 'awaiting_upline' && recruit.uplineName ? (
        <p className="truncate">
          Waiting for <span className="font-medium text-slate-700">{recruit.uplineName}</span> to choose a side
        </p>
      ) : null}
    </div>
  );
}

function Actions({ recruit, onAction, className }: { recruit: AdminPendingRecruit; onAction: OnAction; className: string }) {
  const name = recruit.fullName;
  return (
    <div className={cn('flex gap-2', className)}>
      <Button size="sm" variant="outline" onClick={() => onAction(recruit, 'details')} aria-label={`Details for ${name}`}>
        <Eye aria-hidden="true" className="size-3.5" /> Details
      </Button>
      {recruit.status === 'rejected' ? (
        <Badge tone="danger" className="h-8 rounded-md px-3">
          Already Rejected
        </Badge>
      ) : recruit.status === 'approved' ? null : (
        <>
          <Button
            size="sm"
            variant={recruit.status === 'awaiting_admin' ? 'primary' : 'secondary'}
            onClick={() => onAction(recruit, 'approve')}
            aria-label={`Approve ${name}`}
            title={recruit.status === 'awaiting_upline' ? 'The upline has not chosen a side: approving decides it for them' : undefined}
          >
            <Check aria-hidden="true" className="size-3.5" /> Approve
          </Button>
          <Button size="sm" variant="outline" className="border-red-200 text-red-700 hover:border-red-300 hover:bg-red-50" onClick={() => onAction(recruit, 'reject')} aria-label={`Reject ${name}`}>
            <X aria-hidden="true" className="size-3.5" /> Reject
          </Button>
        </>
      )}
    </div>
  );
}

function Contact({ recruit }: { recruit: AdminPendingRecruit }) {
  return (
    <div className="min-w-0 space-y-0.5 text-xs text-slate-500">
      <p className="flex min-w-0 items-center gap-1.5" title={recruit.email}>
        <Mail aria-hidden="true" className="size-3.5 shrink-0" />
        <span className="sr-only">Email: </span>
        <span className="truncate">{recruit.email}</span>
      </p>
      <p className="flex items-center gap-1.5">
        <Phone aria-hidden="true" className="size-3.5 shrink-0" />
        <span className="sr-only">Mobile: </span>
        {recruit.mobile || 'No mobile'}
      </p>
    </div>
  );
}

/** The queue: a table from 768 px, cards below. */
export function RecruitList({ rows, label, onAction }: { rows: AdminPendingRecruit[]; label: string; onAction: OnAction }) {
  const columns: Column<AdminPendingRecruit>[] = [
    {
      header: 'Recruit',
      className: 'max-w-64 min-w-48',
      cell: (r) => (
        <>
          <p className="truncate font-medium text-slate-900">{r.fullName}</p>
          <Contact recruit={r} />
          <p className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-500 2xl:hidden">
            <Clock aria-hidden="true" className="size-3.5 shrink-0" />
            <span>
              Submitted <SubmittedAt value={r.createdAt} />
            </span>
          </p>
        </>
      ),
    },
    {
      header: 'Status',
      className: 'min-w-56',
      cell: (r) => (
        <>
          <RecruitBadges recruit={r} />
          <div className="mt-1.5 max-w-64 2xl:hidden">
            <Origin recruit={r} />
          </div>
        </>
      ),
    },
    { header: 'Origin', headerClassName: 'hidden 2xl:table-cell', className: 'hidden max-w-60 min-w-44 2xl:table-cell', cell: (r) => <Origin recruit={r} /> },
    { header: 'Submitted', headerClassName: 'hidden 2xl:table-cell', className: 'hidden text-slate-600 2xl:table-cell', cell: (r) => <SubmittedAt value={r.createdAt} /> },
    { header: 'Actions', stickyEnd: true, headerClassName: 'text-right', cell: (r) => <Actions recruit={r} onAction={onAction} className="justify-end" /> },
  ];
  return (
    <DataTable
      rows={rows}
      rowKey={(r) => r.id}
      rowData={(r) => ({ 'data-recruit-id': r.id })}
      label={label}
      columns={columns}
      card={(r) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <p className="min-w-0 truncate font-semibold text-slate-900">{r.fullName}</p>
            <SubmittedAt value={r.createdAt} className="shrink-0 pt-0.5 text-xs text-slate-500" />
          </div>
          <Contact recruit={r} />
          <RecruitBadges recruit={r} />
          <Origin recruit={r} />
          <Actions recruit={r} onAction={onAction} className="flex-wrap border-t border-slate-100 pt-3" />
        </>
      )}
    />
  );
}
