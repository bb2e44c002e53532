import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, Ban, Hourglass, Send, ShieldCheck } from 'lucide-react';
import { FUND_APPROVAL_MSG, type FundApprovalView } from '@contracts';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { apiGet } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useSignedInUser } from '../../account';
import { formatCount, formatDateTimeUS, formatINR } from '../format';
import { KEYS } from '../queries';
import { sectionHref } from '../sections';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { QueryStates } from '../ui/query-error';
import { SectionHeader } from '../ui/section-header';
import { SegmentCount, SegmentIcon, segmentClass, segmentGroupClass } from '../ui/segments';
import { useMoneyDecision } from './money-api';
import { RejectReasonDialog } from './reject-reason-dialog';

type Status = FundApprovalView['status'];
const STATUSES: { id: Status; label: string; icon: typeof Hourglass; empty: string; hint: string }[] = [
  { id: 'pending', label: 'Pending', icon: Hourglass, empty: 'No fund transactions awaiting approval', hint: 'Send Fund above the approval amount waits here for a second admin.' },
  { id: 'approved', label: 'Approved', icon: BadgeCheck, empty: 'No approved requests', hint: 'Approved requests are applied to the wallet and listed here.' },
  { id: 'rejected', label: 'Rejected', icon: Ban, empty: 'No rejected requests', hint: 'Rejected requests stay here with their reason; nothing was applied.' },
];

const useApprovals = (status: Status) =>
  useQuery({ queryKey: [KEYS.fundApprovals, status], queryFn: () => apiGet<FundApprovalView[]>(`${KEYS.fundApprovals}?status=${status}`) });

/** What a request would do, so the deciding admin sees it whole. */
function Summary({ a }: { a: FundApprovalView }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-xl border border-slate-200 bg-slate-50/70 p-3.5 text-sm">
      <dt className="text-slate-500">Member</dt>
      <dd className="min-w-0 font-medium text-slate-900">
        {a.member?.name ?? '—'} <span className="font-mono text-xs font-normal text-slate-500">{a.member?.userId}</span>
      </dd>
      <dt className="text-slate-500">{a.option === 'credit' ? 'Credit' : 'Debit'}</dt>
      <dd className={cn('font-semibold', a.option === 'credit' ? 'text-emerald-700' : 'text-red-600')}>
        {a.option === 'credit' ? '+' : '-'}
        {formatINR(a.amount)}
      </dd>
      <dt className="text-slate-500">Remarks</dt>
      <dd className="min-w-0 break-words text-slate-800">{a.remarks}</dd>
      <dt className="text-slate-500">Requested by</dt>
      <dd className="text-slate-800">
        {a.requestedBy?.name ?? '—'} · {formatDateTimeUS(a.createdAt)}
      </dd>
    </dl>
  );
}

/** POST /api/admin/fund-approvals/:id/{approve,reject} with its toasts. */
const useDecide = (a: FundApprovalView, decision: 'approve' | 'reject') =>
  useMoneyDecision(`${KEYS.fundApprovals}/${encodeURIComponent(a.id)}/${decision}`, decision === 'approve'
    ? { done: FUND_APPROVAL_MSG.approved, failed: 'Failed to approve the fund transaction' }
    : { done: FUND_APPROVAL_MSG.rejected, failed: 'Failed to reject the fund transaction' });

function ApproveDialog({ a, onClose }: { a: FundApprovalView; onClose: () => void }) {
  const decide = useDecide(a, 'approve');
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Approve Fund Transaction"
      description={`Apply this ${a.option} to the member's wallet now? It is recorded with you as the approving admin.`}
      confirmLabel={a.option === 'credit' ? 'Approve Credit' : 'Approve Debit'}
      confirmVariant={a.option === 'credit' ? 'primary' : 'destructive'}
      busy={busy}
      onConfirm={() => {
        setBusy(true);
        void decide().then((res) => {
          setBusy(false);
          if (res.ok) onClose();
        });
      }}
    >
      <Summary a={a} />
    </ConfirmDialog>
  );
}

function RejectDialog({ a, onClose }: { a: FundApprovalView; onClose: () => void }) {
  return (
    <RejectReasonDialog
      title="Reject Fund Transaction"
      description="Nothing is applied to the wallet. The requesting admin sees this reason."
      fieldId="fa-reason"
      placeholder="e.g. No approval on file for this bonus"
      summary={<Summary a={a} />}
      decide={useDecide(a, 'reject')}
      onClose={onClose}
    />
  );
}

function ApprovalCard({ a, mine, onAction }: { a: FundApprovalView; mine: boolean; onAction: (action: 'approve' | 'reject') => void }) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xs" aria-label={`${a.option === 'credit' ? 'Credit' : 'Debit'} of ${formatINR(a.amount)} for ${a.member?.userId ?? 'a member'}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">{a.member?.name ?? '—'}</span>
            <span className="font-mono text-xs text-slate-500">{a.member?.userId}</span>
            <Badge tone={a.option === 'credit' ? 'success' : 'danger'}>{a.option === 'credit' ? 'Credit' : 'Debit'}</Badge>
          </p>
          <p className="break-words text-sm text-slate-600">{a.remarks}</p>
          <p className="text-xs text-slate-500">
            Requested by {a.requestedBy?.name ?? '—'} · {formatDateTimeUS(a.createdAt)}
            {a.reviewedBy ? ` · ${a.status === 'approved' ? 'approved' : 'rejected'} by ${a.reviewedBy.name} · ${formatDateTimeUS(a.reviewedAt)}` : ''}
          </p>
          {a.rejectionReason ? <p className="text-sm text-red-700">Rejected because: {a.rejectionReason}</p> : null}
        </div>
        <div className="flex flex-col items-end gap-2">
          <p className={cn('text-lg font-semibold tabular-nums', a.option === 'credit' ? 'text-emerald-700' : 'text-red-600')}>
            {a.option === 'credit' ? '+' : '-'}
            {formatINR(a.amount)}
          </p>
          {a.status === 'pending' ? (
            <div className="flex flex-wrap justify-end gap-2">
              {mine ? (
                <span className="rounded-lg bg-amber-50 px-2.5 py-1.5 text-xs font-medium text-amber-800">Waiting for another admin</span>
              ) : (
                <Button size="sm" onClick={() => onAction('approve')}>
                  <ShieldCheck aria-hidden="true" className="size-4" /> Approve
                </Button>
              )}
              <Button size="sm" variant="outline" onClick={() => onAction('reject')}>
                {mine ? 'Withdraw request' : 'Reject'}
              </Button>
            </div>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** Fund Approvals (issue 13): Send Fund above the approval amount, decided by an admin other than the requester. */
export function FundApprovalsSection() {
  const me = useSignedInUser();
  const [status, setStatus] = useState<Status>('pending');
  const lists = { pending: useApprovals('pending'), approved: useApprovals('approved'), rejected: useApprovals('rejected') };
  const list = lists[status];
  const rows = list.data ?? [];
  const current = STATUSES.find((s) => s.id === status)!;
  const [open, setOpen] = useState<{ a: FundApprovalView; action: 'approve' | 'reject' } | null>(null);

  return (
    <div className="space-y-5">
      <SectionHeader
        eyebrow="Fund Management"
        title="Fund Approvals"
        description="Credits and debits above the approval amount wait here. Another admin than the one who asked approves or rejects them."
        actions={
          <Button asChild variant="outline">
            <Link to={sectionHref('send-fund')}>
              <Send aria-hidden="true" className="size-4" /> Send Fund
            </Link>
          </Button>
        }
      />
      <div role="group" aria-label="Status" className={cn('grid grid-cols-3 sm:inline-grid', segmentGroupClass)}>
        {STATUSES.map((s) => (
          <button key={s.id} type="button" aria-pressed={s.id === status} className={segmentClass(s.id === status)} onClick={() => setStatus(s.id)}>
            <SegmentIcon icon={s.icon} />
            {s.label}
            <SegmentCount count={lists[s.id].data?.length} active={s.id === status} />
          </button>
        ))}
      </div>
      <QueryStates
        query={list}
        errorTitle="Failed to load fund approvals"
        loadingLabel="Loading fund approvals..."
        empty={rows.length === 0 ? <EmptyState icon={current.icon} title={current.empty} description={current.hint} /> : null}
      >
        <div className="space-y-3">
          <p className="text-sm text-slate-500" aria-live="polite">
            {rows.length === 1 ? '1 request' : `${formatCount(rows.length)} requests`}
          </p>
          {status === 'pending' && rows.some((a) => a.requestedBy?.userId === me.userId) ? (
            <Alert tone="info">Requests you made wait for another admin: you can withdraw them, not approve them.</Alert>
          ) : null}
          <ul className="space-y-3" aria-label={`${current.label} fund approvals`}>
            {rows.map((a) => (
              <ApprovalCard key={a.id} a={a} mine={a.requestedBy?.userId === me.userId} onAction={(action) => setOpen({ a, action })} />
            ))}
          </ul>
        </div>
      </QueryStates>
      {open?.action === 'approve' ? <ApproveDialog a={open.a} onClose={() => setOpen(null)} /> : null}
      {open?.action === 'reject' ? <RejectDialog a={open.a} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
