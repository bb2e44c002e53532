import { useState } from 'react';
import { CheckCircle2, Eye, FileSearch, Hourglass, XCircle } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { cn } from '../../../lib/cn';
import { useKeptRecord, useRecordParam } from '../../../lib/record-param';
import { RecordNotFound } from '../../../components/ui/record-not-found';
import { formatDateUS, formatINR } from '../../../lib/admin/format';
import { RoleBadge } from '../../../components/admin/badges';
import { QueryStates } from '../../../components/ui/query-error';
import { SectionHeader } from '../../../components/admin/section-header';
import { SegmentCount, SegmentIcon, segmentClass, segmentGroupClass } from '../../../components/admin/segments';
import { DataTable, RowCard } from '../../../components/ui/table';
import { SubmittedAt } from '../../../components/admin/submitted-at';
import { useFranchiseRequests, type AdminFranchiseRequest, type FranchiseStatus } from './franchise-requests-api';
import { FranchiseStatusBadge } from './franchise-badges';
import { FranchiseReviewDialog } from './franchise-review-dialog';
import { ListRows } from '../../../components/admin/filter-bar';

const FILTERS: Array<{ id: FranchiseStatus; label: string; icon: typeof Hourglass; empty: string; hint: string }> = [
  { id: 'pending', label: 'Pending', icon: Hourglass, empty: 'No franchise request is waiting', hint: 'Members apply for a franchise from their portal; new applications appear here.' },
  { id: 'approved', label: 'Approved', icon: CheckCircle2, empty: 'No franchise request has been approved', hint: 'Approved requests stay here for reference.' },
  { id: 'rejected', label: 'Rejected', icon: XCircle, empty: 'No franchise request has been rejected', hint: 'Rejected requests stay here with the reason given.' },
];

function Applicant({ r }: { r: AdminFranchiseRequest }) {
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-1.5 font-medium text-slate-900">
        <span className="truncate">{r.userName}</span>
        <RoleBadge role={r.userRole} />
      </p>
      <p className="font-mono text-xs text-slate-500">{r.userDisplayId}</p>
      <p className="truncate text-xs text-slate-500" title={r.userEmail}>
        {r.userEmail}
      </p>
    </div>
  );
}

function ReviewButton({ r, onOpen }: { r: AdminFranchiseRequest; onOpen: (r: AdminFranchiseRequest) => void }) {
  const pending = r.status === 'pending';
  return (
    <Button size="sm" variant={pending ? 'primary' : 'outline'} onClick={() => onOpen(r)} aria-label={`${pending ? 'Review' : 'View'} the request of ${r.userName}`}>
      {pending ? <FileSearch aria-hidden="true" className="size-3.5" /> : <Eye aria-hidden="true" className="size-3.5" />}
      {pending ? 'Review' : 'View'}
    </Button>
  );
}

/** A16 Franchise Requests (doc 2 §2.2, doc 3 §5.2): members' applications, approved or rejected with notes. */
export function FranchiseRequestsSection() {
  const [status, setStatus] = useState<FranchiseStatus>('pending');
  const list = useFranchiseRequests(status);
  const current = FILTERS.find((f) => f.id === status)!;
  const rows = list.items;
  // The opened application is in the address (?id=): a reload or a shared link opens it again.
  const record = useRecordParam();
  const setOpen = (r: AdminFranchiseRequest) => record.open(r.id);
  const open = useKeptRecord(record.id, record.id ? rows.find((r) => r.id === record.id) : undefined);

  const empty = <EmptyState icon={current.icon} title={current.empty} description={current.hint} />;
  return (
    <div className="space-y-5">
      <SectionHeader
        eyebrow="Engagement"
        title="Franchise Requests"
        description="Members' applications for a franchise. Approving a Mini or Basic franchise gives the member that franchise role and its portal."
      />

      <div role="group" aria-label="Filter by status" className={cn('grid grid-cols-3 sm:inline-grid', segmentGroupClass)}>
        {FILTERS.map((f) => {
          const pressed = f.id === status;
          const count = list.data ? (list.counts[f.id] ?? 0) : undefined;
          return (
            <button key={f.id} type="button" aria-pressed={pressed} onClick={() => setStatus(f.id)} className={segmentClass(pressed)}>
              <SegmentIcon icon={f.icon} />
              {f.label}
              <SegmentCount count={count} active={pressed} />
            </button>
          );
        })}
      </div>

      <QueryStates query={list} what="franchise requests" empty={rows.length === 0 && empty}>
        <ListRows stale={list.isPlaceholderData} className="space-y-3">
          <DataTable
            rows={rows}
            rowKey={(r) => r.id}
            rowData={(r) => ({ 'data-request-id': r.id })}
            label={`Franchise requests: ${current.label}`}
            columns={[
              { header: 'Member', className: 'max-w-64 min-w-48', cell: (r) => <Applicant r={r} /> },
              { header: 'Franchise', cell: (r) => <Badge tone="brand">{r.franchiseType}</Badge> },
              {
                header: 'Investment',
                headerClassName: 'text-right',
                className: 'text-right font-medium whitespace-nowrap text-slate-900 tabular-nums',
                cell: (r) => (r.investmentAmount ? formatINR(r.investmentAmount) : '—'),
              },
              {
                header: 'Status',
                cell: (r) => (
                  <>
                    <FranchiseStatusBadge status={r.status} />
                    {r.reviewedAt ? <p className="mt-1 text-xs whitespace-nowrap text-slate-500">{formatDateUS(r.reviewedAt)}</p> : null}
                  </>
                ),
              },
              { header: 'Submitted', headerClassName: 'hidden lg:table-cell', className: 'hidden text-slate-600 lg:table-cell', cell: (r) => <SubmittedAt value={r.createdAt} /> },
              { header: 'Actions', stickyEnd: true, headerClassName: 'text-right', className: 'text-right', cell: (r) => <ReviewButton r={r} onOpen={setOpen} /> },
            ]}
            card={(r) => (
              <RowCard
                head={<Applicant r={r} />}
                aside={<FranchiseStatusBadge status={r.status} />}
                grid="grid-cols-2 gap-x-4 gap-y-3"
                fields={{
                  Franchise: r.franchiseType,
                  Investment: r.investmentAmount ? formatINR(r.investmentAmount) : '—',
                  Submitted: <SubmittedAt value={r.createdAt} />,
                  Reviewed: r.reviewedAt ? formatDateUS(r.reviewedAt) : undefined,
                }}
                actions={<ReviewButton r={r} onOpen={setOpen} />}
              />
            )}
          />
        </ListRows>
      </QueryStates>

      {open ? (
        <FranchiseReviewDialog key={open.id} request={open} onClose={record.close} />
      ) : record.id && list.data && !list.isPlaceholderData ? (
        <RecordNotFound
          what="franchise request"
          id={record.id}
          onClose={record.close}
          hint={`No franchise request with this id is among the ${current.label.toLowerCase()} requests. Choose another status to look for it there.`}
        />
      ) : null}
    </div>
  );
}
