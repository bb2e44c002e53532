import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, BadgeCheck, Ban, Hourglass, Send, ShieldCheck } from 'lucide-react';
import { APPROVAL_KIND_LABELS, APPROVAL_KINDS, type ApprovalKind, type ApprovalStatus, type ApprovalView } from '@contracts';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { getRoute } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useKeptRecord, useRecordParam } from '../../../lib/record-param';
import { RecordNotFound } from '../../../components/ui/record-not-found';
import { useSignedInUser } from '../../account';
import { formatCount, formatDateTimeUS } from '../../../lib/admin/format';
import { KEYS } from '../../../lib/admin/queries';
import { DecisionDialog } from '../../../components/admin/confirm-dialog';
import { QueryStates } from '../../../components/ui/query-error';
import { SectionHeader, SectionLinkButton } from '../../../components/admin/section-header';
import { SegmentCount, SegmentIcon, segmentClass, segmentGroupClass } from '../../../components/admin/segments';
import { useMoneyDecision } from '../../../lib/admin/money-writes';
import { RejectReasonDialog } from '../../../components/admin/reject-reason-dialog';

type Kind = ApprovalKind | 'all';
const STATUSES: { id: ApprovalStatus; label: string; icon: typeof Hourglass; empty: string; hint: string }[] = [
  { id: 'pending', label: 'Pending', icon: Hourglass, empty: 'Nothing is waiting for approval', hint: 'Requests another admin made wait here for you, and yours wait here for another admin.' },
  { id: 'approved', label: 'Approved', icon: BadgeCheck, empty: 'No approved requests', hint: 'Approved requests were applied when they were approved and are listed here.' },
  { id: 'rejected', label: 'Rejected', icon: Ban, empty: 'No rejected requests', hint: 'Rejected requests stay here with their reason; nothing was applied.' },
];
const KINDS: Kind[] = ['all', ...APPROVAL_KINDS];
const kindLabel = (k: Kind) => (k === 'all' ? 'All' : APPROVAL_KIND_LABELS[k]);
const KIND_TONE: Record<ApprovalKind, BadgeTone> = {
  send_fund: 'success',
  payout_details: 'warning',
  role_change: 'brand',
  admin_invite: 'info',
  credential_change: 'danger',
  comp_adjustment: 'warning',
  return_approval: 'warning',
};

const useApprovals = (kind: Kind, status: ApprovalStatus) =>
  useQuery({
    queryKey: [KEYS.approvals, kind, status],
    queryFn: () => getRoute('GET /api/admin/approvals', { query: { status, kind: kind === 'all' ? undefined : kind } }),
  });

const fundTone = (a: ApprovalView) => (a.fund?.option === 'debit' ? 'text-red-600' : 'text-emerald-700');

/**
 * A value that describes the change in words rather than showing it: a sign-in change never shows a password, PIN or
 * code, only what happens ("A temporary password (changed at the next sign-in)"). Read as a sentence, not as data.
 */
const describedInWords = (a: ApprovalView, field: string) => a.kind === 'credential_change' && field !== 'email';

/** What a request would change: each field's value now and the value asked for (account numbers arrive masked). */
function Changes({ a }: { a: ApprovalView }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {a.changes.map((c) => {
        const words = describedInWords(a, c.field);
        return (
          <div key={c.field} className="contents">
            <dt className="text-slate-500">{c.label}</dt>
            <dd className={cn('flex min-w-0 flex-wrap items-center gap-1.5', words ? 'break-words' : 'break-all')}>
              {a.kind === 'send_fund' || (words && !c.from) ? null : (
                <>
                  <span className={cn(words ? 'text-slate-500' : 'font-mono text-xs', c.from ? 'text-slate-500 line-through decoration-slate-300' : 'text-slate-400')}>{c.from ?? '—'}</span>
                  <ArrowRight aria-label="becomes" className="size-3.5 shrink-0 text-slate-400" />
                </>
              )}
              <span className={cn('font-medium', a.kind === 'send_fund' ? fundTone(a) : words ? 'min-w-0 text-slate-900' : 'font-mono text-xs text-slate-900')}>
                {a.kind === 'send_fund' ? `${a.fund?.option === 'debit' ? '-' : '+'}${c.to}` : (c.to ?? '— (cleared)')}
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** The request whole, for the deciding admin's dialog. */
function Summary({ a }: { a: ApprovalView }) {
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-slate-50/70 p-3.5 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
        <dt className="text-slate-500">{a.kind === 'admin_invite' ? 'Request' : a.kind === 'credential_change' ? 'Account' : 'Member'}</dt>
        <dd className="min-w-0 font-medium text-slate-900">
          {a.member ? (
            <>
              {a.member.name} <span className="font-mono text-xs font-normal text-slate-500">{a.member.userId}</span>
            </>
          ) : (
            a.summary
          )}
        </dd>
        {a.remarks ? (
          <>
            <dt className="text-slate-500">Remarks</dt>
            <dd className="min-w-0 break-words text-slate-800">{a.remarks}</dd>
          </>
        ) : null}
        <dt className="text-slate-500">Requested by</dt>
        <dd className="text-slate-800">
          {a.requestedBy?.name ?? '—'} · {formatDateTimeUS(a.createdAt)}
        </dd>
      </dl>
      <Changes a={a} />
    </div>
  );
}

const APPROVE_TEXT: Record<ApprovalKind, (a: ApprovalView) => { title: string; description: string; confirm: string }> = {
  send_fund: (a) => ({
    title: 'Approve Fund Transaction',
    description: `Apply this ${a.fund?.option ?? 'transaction'} to the member's wallet now? It is recorded with you as the approving admin.`,
    confirm: a.fund?.option === 'debit' ? 'Approve Debit' : 'Approve Credit',
  }),
  payout_details: () => ({
    title: 'Approve Payout Details',
    description: "Change where this member's withdrawals go? The member is told by notification and mail, and withdrawals to the new details wait 24 hours.",
    confirm: 'Approve Change',
  }),
  role_change: () => ({
    title: 'Approve Role Change',
    description: 'Give this user the new role now? Their sessions end and they sign in again with it.',
    confirm: 'Approve Role',
  }),
  admin_invite: () => ({
    title: 'Approve New Admin',
    description: 'Create this admin account and email the invitation now? It is recorded with you as the approving admin.',
    confirm: 'Approve Admin',
  }),
  credential_change: () => ({
    title: 'Approve Sign-in Change',
    description: 'Change how this administrator or founder signs in now? Their sessions end, and they and the requester are told. You cannot approve a change to your own account.',
    confirm: 'Approve Change',
  }),
  comp_adjustment: (a) => ({
    title: 'Approve Income Adjustment',
    description: `Add this adjustment (${a.summary.toLowerCase()}) to the next cycle that is calculated? It is recorded with you as the approving admin.`,
    confirm: 'Approve Adjustment',
  }),
  return_approval: (a) => ({
    title: 'Approve Return',
    description: `Approve this return (${a.summary.toLowerCase()})? Its BV leaves the upline's legs now and the refund can be paid. It is recorded with you as the approving admin.`,
    confirm: 'Approve Return',
  }),
};

/** POST /api/admin/approvals/:id/{approve,reject} with its toasts. */
const useDecide = (a: ApprovalView, decision: 'approve' | 'reject') =>
  useMoneyDecision(
    `${KEYS.approvals}/${encodeURIComponent(a.id)}/${decision}`,
    decision === 'approve' ? { done: 'Request approved and applied', failed: 'Failed to approve the request' } : { done: 'Request rejected', failed: 'Failed to reject the request' },
  );

function ApproveDialog({ a, onClose }: { a: ApprovalView; onClose: () => void }) {
  const text = APPROVE_TEXT[a.kind](a);
  return (
    <DecisionDialog
      decide={useDecide(a, 'approve')}
      onClose={onClose}
      title={text.title}
      description={text.description}
      confirmLabel={text.confirm}
      confirmVariant={a.fund?.option === 'debit' ? 'destructive' : 'primary'}
    >
      <Summary a={a} />
    </DecisionDialog>
  );
}

function RejectDialog({ a, mine, onClose }: { a: ApprovalView; mine: boolean; onClose: () => void }) {
  return (
    <RejectReasonDialog
      title={mine ? 'Withdraw Request' : `Reject ${APPROVAL_KIND_LABELS[a.kind]} Request`}
      description={mine ? 'Nothing is applied. The request is kept as rejected with your reason.' : 'Nothing is applied. The requesting admin sees this reason.'}
      fieldId="ap-reason"
      placeholder={a.kind === 'send_fund' ? 'e.g. No approval on file for this bonus' : 'e.g. The member did not ask for this change'}
      summary={<Summary a={a} />}
      decide={useDecide(a, 'reject')}
      onClose={onClose}
    />
  );
}

function ApprovalCard({ a, mine, onAction }: { a: ApprovalView; mine: boolean; onAction: (action: 'approve' | 'reject') => void }) {
  const aside = a.kind === 'send_fund' || a.status === 'pending';
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xs" aria-label={`${a.summary}${a.member ? ` for ${a.member.userId}` : ''}`}>
      {/* Phones: the request reads across the card's width, its amount and buttons under it; wider: beside it. */}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1 space-y-2">
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone={KIND_TONE[a.kind]}>{APPROVAL_KIND_LABELS[a.kind]}</Badge>
            {a.member ? (
              <>
                <span className="font-semibold text-slate-900">{a.member.name}</span>
                <span className="font-mono text-xs text-slate-500">{a.member.userId}</span>
              </>
            ) : (
              <span className="font-semibold text-slate-900">{a.summary}</span>
            )}
          </p>
          {a.kind === 'send_fund' ? null : <Changes a={a} />}
          {a.remarks ? <p className="break-words text-sm text-slate-600">{a.remarks}</p> : null}
          <p className="text-xs text-slate-500">
            Requested by {a.requestedBy?.name ?? '—'} · {formatDateTimeUS(a.createdAt)}
            {a.reviewedBy ? ` · ${a.status === 'approved' ? 'approved' : 'rejected'} by ${a.reviewedBy.name} · ${formatDateTimeUS(a.reviewedAt)}` : ''}
          </p>
          {a.rejectionReason ? <p className="text-sm text-red-700">Rejected because: {a.rejectionReason}</p> : null}
        </div>
        {aside ? (
          <div className="flex shrink-0 flex-wrap items-center justify-between gap-2 sm:flex-col sm:items-end">
            {a.kind === 'send_fund' ? (
              <p className={cn('text-lg font-semibold tabular-nums', fundTone(a))}>
                {a.fund?.option === 'debit' ? '-' : '+'}
                {a.changes[0]?.to}
              </p>
            ) : null}
            {a.status === 'pending' ? (
              <div className="ml-auto flex flex-wrap justify-end gap-2">
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
        ) : null}
      </div>
    </li>
  );
}

/**
 * Approvals (issue 13, maker-checker): Send Fund above the approval amount, an admin's change of a member's payout
 * details, a role change to admin and a new admin account, each decided by an admin other than the requester.
 */
export function ApprovalsSection() {
  const me = useSignedInUser();
  const [kind, setKind] = useState<Kind>('all');
  const [status, setStatus] = useState<ApprovalStatus>('pending');
  const lists = { pending: useApprovals(kind, 'pending'), approved: useApprovals(kind, 'approved'), rejected: useApprovals(kind, 'rejected') };
  const list = lists[status];
  const rows = list.data ?? [];
  const current = STATUSES.find((s) => s.id === status)!;
  // The request and its dialog are in the address (?id=&action=): a reload or a shared link opens them again.
  const record = useRecordParam<'approve' | 'reject'>();
  const setOpen = ({ a, action }: { a: ApprovalView; action: 'approve' | 'reject' }) => record.open(a.id, action);
  const loaded = STATUSES.every((s) => lists[s.id].data);
  const found = useKeptRecord(record.id, record.id ? STATUSES.map((s) => lists[s.id].data?.find((a) => a.id === record.id)).find(Boolean) : undefined);
  // A decided request has no dialog to open: its card in its list is the record.
  const open = found && found.status === 'pending' ? { a: found, action: record.action === 'reject' ? ('reject' as const) : ('approve' as const) } : null;
  const mine = (a: ApprovalView) => a.requestedBy?.userId === me.userId;

  return (
    <div className="space-y-5">
      <SectionHeader
        eyebrow="Maker-checker"
        title="Approvals"
        description="Large fund transactions, changes of members' payout details, new admin roles and admin accounts, and changes of an admin's or founder's sign-in wait here. An admin other than the one who asked approves or rejects them; a sign-in change, never the admin it is about."
        actions={
          <SectionLinkButton section="send-fund" icon={Send}>
            Send Fund
          </SectionLinkButton>
        }
      />
      <div className="flex flex-wrap gap-3">
        <div role="group" aria-label="Status" className={cn('grid grid-cols-3 sm:inline-grid', segmentGroupClass)}>
          {STATUSES.map((s) => (
            <button key={s.id} type="button" aria-pressed={s.id === status} className={segmentClass(s.id === status)} onClick={() => setStatus(s.id)}>
              <SegmentIcon icon={s.icon} />
              {s.label}
              <SegmentCount count={lists[s.id].data?.length} active={s.id === status} />
            </button>
          ))}
        </div>
        <div role="group" aria-label="Kind" className={cn('flex flex-wrap sm:inline-flex', segmentGroupClass)}>
          {KINDS.map((k) => (
            <button key={k} type="button" aria-pressed={k === kind} className={segmentClass(k === kind)} onClick={() => setKind(k)}>
              {kindLabel(k)}
            </button>
          ))}
        </div>
      </div>
      <QueryStates query={list} what="approvals" empty={rows.length === 0 ? <EmptyState icon={current.icon} title={current.empty} description={current.hint} /> : null}>
        <div className="space-y-3">
          <p className="text-sm text-slate-500" aria-live="polite">
            {rows.length === 1 ? '1 request' : `${formatCount(rows.length)} requests`}
          </p>
          {status === 'pending' && rows.some(mine) ? <Alert tone="info">Requests you made wait for another admin: you can withdraw them, not approve them.</Alert> : null}
          <ul className="space-y-3" aria-label={`${current.label} approvals`}>
            {rows.map((a) => (
              <ApprovalCard key={a.id} a={a} mine={mine(a)} onAction={(action) => setOpen({ a, action })} />
            ))}
          </ul>
        </div>
      </QueryStates>
      {record.id && loaded && !found ? (
        <RecordNotFound
          what="approval request"
          id={record.id}
          onClose={record.close}
          hint={kind === 'all' ? undefined : 'This request is not among the requests of the chosen kind. Choose All to look for it in every request.'}
        />
      ) : null}
      {open?.action === 'approve' ? <ApproveDialog a={open.a} onClose={record.close} /> : null}
      {open?.action === 'reject' ? <RejectDialog a={open.a} mine={mine(open.a)} onClose={record.close} /> : null}
    </div>
  );
}
