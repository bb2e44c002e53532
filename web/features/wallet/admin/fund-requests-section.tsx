import { useState } from 'react';
import { BadgeCheck, Check, FileText, Hourglass, Landmark, Search, X } from 'lucide-react';
import { FUND_REQUEST_METHOD_LABELS, FUND_REQUEST_STATUSES } from '@contracts';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/input';
import { QueryStates } from '../../../components/ui/query-error';
import { CardField, DataTable, type Column, RowCard } from '../../../components/ui/table';
import { plural } from '../../../lib/format-plural';
import { useKeptRecord, useRecordParam } from '../../../lib/record-param';
import { RecordNotFound } from '../../../components/ui/record-not-found';
import { formatDateTimeIN, formatINR } from '../../../lib/admin/format';
import { DecisionDialog } from '../../../components/admin/confirm-dialog';
import { SectionHeader } from '../../../components/admin/section-header';
import { SectionLinks, type SectionLinkDef } from '../../../components/admin/segments';
import { RejectReasonDialog } from '../../../components/admin/reject-reason-dialog';
import { useAdminFundRequests, useDecideFundRequest, type AdminFundRequest, type FundRequestFilter } from './fund-requests-api';
import { FilterBar } from '../../../components/admin/filter-bar';
import { SearchBox } from '../../../components/admin/search-box';

type View = 'manage' | 'pending';
const LINKS: SectionLinkDef<View>[] = [
  { id: 'pending', label: 'Pending', section: 'pending-fund-requests', icon: Hourglass },
  { id: 'manage', label: 'All requests', section: 'manage-fund', icon: Landmark },
];
const STATUS_TONE: Record<string, BadgeTone> = { pending: 'warning', approved: 'success', rejected: 'danger' };
const STATUS_LABEL: Record<string, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/** Name over "ID · email" (the email cut to the cell). */
function Member({ r }: { r: AdminFundRequest }) {
  return (
    <div className="min-w-0 space-y-0.5">
      <p className="truncate font-medium text-slate-900">{r.userName || r.userDisplayId}</p>
      <p className="truncate text-xs text-slate-500" title={`${r.userDisplayId} · ${r.userEmail}`}>
        <span className="font-mono">{r.userDisplayId}</span> · {r.userEmail}
      </p>
    </div>
  );
}

/** The reference and a link to the proof (opens in a sandboxed tab). */
function Payment({ r }: { r: AdminFundRequest }) {
  return (
    <div className="space-y-1 text-sm">
      <p className="text-slate-700">
        {FUND_REQUEST_METHOD_LABELS[r.method]} · <span className="font-mono">{r.reference}</span>
      </p>
      <a href={r.proofUrl} target="_blank" rel="noopener" className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2">
        <FileText aria-hidden="true" className="size-3.5" /> View proof<span className="sr-only"> of {r.reference}</span>
      </a>
    </div>
  );
}

function Outcome({ r }: { r: AdminFundRequest }) {
  return (
    <div className="space-y-1 text-xs">
      <Badge tone={STATUS_TONE[r.status]}>{STATUS_LABEL[r.status]}</Badge>
      {r.rejectionReason ? <p className="text-red-700">{r.rejectionReason}</p> : null}
      {r.processedAt ? (
        <p className="text-slate-500">
          {r.processedBy ? `${r.processedBy} · ` : ''}
          {formatDateTimeIN(r.processedAt)}
        </p>
      ) : null}
    </div>
  );
}

function Actions({ r, onAction }: { r: AdminFundRequest; onAction: (r: AdminFundRequest, a: 'approve' | 'reject') => void }) {
  if (r.status !== 'pending') return null;
  const who = `${r.userName || r.userDisplayId} (${formatINR(r.amount)})`;
  return (
    <div className="flex justify-end gap-2">
      <Button size="sm" onClick={() => onAction(r, 'approve')} aria-label={`Approve the top-up of ${who}`}>
        <Check aria-hidden="true" className="size-3.5" /> Approve
      </Button>
      <Button
        size="sm"
        variant="outline"
        className="border-red-200! text-red-700! hover:border-red-300! hover:bg-red-50!"
        onClick={() => onAction(r, 'reject')}
        aria-label={`Reject the top-up of ${who}`}
      >
        <X aria-hidden="true" className="size-3.5" /> Reject
      </Button>
    </div>
  );
}

/** What the decision is about, in the dialogs. */
function Summary({ r }: { r: AdminFundRequest }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-xl border border-slate-200 bg-slate-50/70 p-3.5">
      <CardField label="Member" wide>
        <Member r={r} />
      </CardField>
      <CardField label="Amount">{formatINR(r.amount)}</CardField>
      <CardField label="Requested">{formatDateTimeIN(r.createdAt)}</CardField>
      <CardField label="Payment" wide>
        <Payment r={r} />
      </CardField>
    </dl>
  );
}

function ApproveDialog({ r, onClose }: { r: AdminFundRequest; onClose: () => void }) {
  const decide = useDecideFundRequest(r, 'approve');
  return (
    <DecisionDialog
      decide={decide}
      onClose={onClose}
      title="Approve fund request"
      description="Approve only after the payment has arrived in the company's account. The amount is credited to the member's wallet at once."
      confirmLabel="Approve and credit"
    >
      <Summary r={r} />
    </DecisionDialog>
  );
}

function RejectDialog({ r, onClose }: { r: AdminFundRequest; onClose: () => void }) {
  const decide = useDecideFundRequest(r, 'reject');
  return (
    <RejectReasonDialog
      title="Reject fund request"
      description="Nothing is credited. The member sees the reason."
      fieldId="fund-request-reason"
      placeholder="e.g. No payment with this reference arrived"
      summary={<Summary r={r} />}
      decide={decide}
      onClose={onClose}
    />
  );
}

/**
 * Fund Management (doc 2 §2.2; issue 16): Pending Fund Requests is the queue of members' top-ups waiting for a check of
 * the payment; Manage Fund lists every request with its outcome, by status and member or reference.
 */
export function FundRequestsSection({ view }: { view: View }) {
  const [status, setStatus] = useState<FundRequestFilter>('all');
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const list = useAdminFundRequests(view === 'pending' ? 'pending' : status, view === 'pending' ? '' : search);
  const data = list.data;
  const rows = data?.items ?? [];
  // The request and its dialog are in the address (?id=&action=): a reload or a shared link opens them again.
  const record = useRecordParam<'approve' | 'reject'>();
  const onAction = (r: AdminFundRequest, action: 'approve' | 'reject') => record.open(r.id, action);
  const found = useKeptRecord(record.id, record.id ? rows.find((r) => r.id === record.id) : undefined);
  // Only a pending request has a decision to make.
  const open = found && found.status === 'pending' ? { r: found, action: record.action === 'reject' ? ('reject' as const) : ('approve' as const) } : null;

  const columns: Column<AdminFundRequest>[] = [
    { header: 'Member', className: 'max-w-52 min-w-40', cell: (r) => <Member r={r} /> },
    {
      header: 'Amount and date',
      className: 'whitespace-nowrap',
      cell: (r) => (
        <>
          <p className="font-semibold text-slate-900 tabular-nums">{formatINR(r.amount)}</p>
          <p className="text-xs text-slate-500">{formatDateTimeIN(r.createdAt)}</p>
        </>
      ),
    },
    { header: 'Payment', className: 'min-w-44', cell: (r) => <Payment r={r} /> },
    { header: 'Status', className: 'max-w-52 min-w-32', cell: (r) => <Outcome r={r} /> },
    { header: <span className="sr-only">Actions</span>, stickyEnd: true, cell: (r) => <Actions r={r} onAction={onAction} /> },
  ];
  const title = view === 'pending' ? 'Pending Fund Requests' : 'Manage Fund';

  return (
    <div className="space-y-5">
      <SectionHeader
        eyebrow="Fund Management"
        title={title}
        description={
          view === 'pending'
            ? 'Members’ wallet top-ups by bank transfer or UPI. Check the payment against its reference and proof, then approve to credit the wallet or reject with a reason.'
            : 'Every top-up request with its outcome. Approved requests are credited to the wallet through the ledger (Fund History, type Wallet Top-up).'
        }
      />
      <SectionLinks
        label="Fund requests"
        links={LINKS}
        current={view}
        counts={{ pending: data?.counts.pending, manage: data ? data.counts.pending + data.counts.approved + data.counts.rejected : undefined }}
      />
      {data ? (
        <Alert tone="info" role="status" title="Limits">
          A request may be at most {formatINR(data.limits.maxPerRequest)}, and a member may request at most {formatINR(data.limits.dailyLimit)} a day, as the server is configured.{' '}
          {plural(data.counts.pending, 'request')} pending, {formatINR(data.pendingTotal)} in total.
        </Alert>
      ) : null}
      {view === 'manage' ? (
        <FilterBar
          label="Filter fund requests"
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(typed.trim());
          }}
        >
          <FormField id="fr-search" label="Member or reference" className="flex-1">
            <SearchBox id="fr-search" placeholder="User ID, name, email or reference" value={typed} onChange={(e) => setTyped(e.target.value)} />
          </FormField>
          <FormField id="fr-status" label="Status" className="sm:w-48">
            <Select id="fr-status" value={status} onChange={(e) => setStatus(e.target.value as FundRequestFilter)}>
              <option value="all">All statuses</option>
              {FUND_REQUEST_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABEL[s]}
                </option>
              ))}
            </Select>
          </FormField>
          <Button type="submit" icon={Search}>
            Search
          </Button>
        </FilterBar>
      ) : null}
      <QueryStates
        query={list}
        what="fund requests"
        empty={
          rows.length === 0 ? (
            <EmptyState
              icon={view === 'pending' ? BadgeCheck : Landmark}
              title={view === 'pending' ? 'No pending fund requests' : 'No fund requests'}
              description={view === 'pending' ? 'When a member asks to top up the wallet, the request waits here.' : 'Members ask for top-ups from their wallet page.'}
            />
          ) : null
        }
      >
        <DataTable
          rows={rows}
          rowKey={(r) => r.id}
          label={title}
          columns={columns}
          rowData={(r) => ({ 'data-fund-request-id': r.id })}
          card={(r) => (
            <RowCard
              head={<Member r={r} />}
              aside={<span className="shrink-0 text-base font-semibold text-slate-900 tabular-nums">{formatINR(r.amount)}</span>}
              grid="grid-cols-2 gap-x-4 gap-y-3"
              fields={{ Payment: <Payment r={r} />, Requested: formatDateTimeIN(r.createdAt), Status: <Outcome r={r} /> }}
              wide={['Payment']}
              after={<Actions r={r} onAction={onAction} />}
            />
          )}
        />
      </QueryStates>
      {record.id && data && !list.isPlaceholderData && !found ? (
        <RecordNotFound
          what="fund request"
          id={record.id}
          onClose={record.close}
          hint={
            view === 'pending'
              ? 'No pending fund request has this id. A decided request is listed under Manage Fund.'
              : search || status !== 'all'
                ? 'This request is not among the requests of the chosen status and search.'
                : undefined
          }
        />
      ) : null}
      {open?.action === 'approve' ? <ApproveDialog r={open.r} onClose={record.close} /> : null}
      {open?.action === 'reject' ? <RejectDialog r={open.r} onClose={record.close} /> : null}
    </div>
  );
}
