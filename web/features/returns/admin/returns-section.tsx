import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BarChart3, Eye, ListChecks, Undo2 } from 'lucide-react';
import { RETURN_STATUSES, RETURN_STATUS_LABELS, type ReturnStatus } from '@contracts/returns';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { RowCard, type Column } from '../../../components/ui/table';
import { SectionHeader } from '../../../components/admin/section-header';
import { SearchBox } from '../../../components/admin/search-box';
import { segmentClass, segmentGroupClass, TabLinks } from '../../../components/admin/segments';
import { QueriedTable } from '../../../components/admin/queried-list';
import { cn } from '../../../lib/cn';
import { formatDateUS } from '../../../lib/admin/format';
import { formatMoney } from '../../../lib/money';
import { useRecordParam } from '../../../lib/record-param';
import { buyerOf, reasonLabel } from '../labels';
import { ReturnStatusBadge } from '../return-details';
import { AdminReturnDialog } from './return-dialog';
import { NewReturnButton } from './new-return-dialog';
import { ReturnsReport } from './returns-report';
import { type AdminReturn, type ReturnFilters, useAdminReturns } from './returns-admin-api';

const STATUS_FILTERS = ['', ...RETURN_STATUSES] as const;

function Buyer({ r }: { r: AdminReturn }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium text-slate-900">{buyerOf(r)}</p>
      <p className="truncate text-xs text-slate-500">{r.member ? <span className="font-mono">{r.member.userId}</span> : r.franchise ? `Customer of ${r.franchise.name}` : 'Customer'}</p>
    </div>
  );
}

function OpenButton({ r, onOpen }: { r: AdminReturn; onOpen: (r: AdminReturn) => void }) {
  const todo = r.status === 'requested' || r.status === 'approved' || r.status === 'received';
  return (
    <Button
      size="sm"
      variant={todo && !r.awaitingSecondAdmin ? 'primary' : 'outline'}
      onClick={() => onOpen(r)}
      aria-label={`${todo && !r.awaitingSecondAdmin ? 'Review' : 'View'} return ${r.number}`}
    >
      <Eye aria-hidden="true" className="size-3.5" /> {todo && !r.awaitingSecondAdmin ? 'Review' : 'View'}
    </Button>
  );
}

const columns = (onOpen: (r: AdminReturn) => void): Column<AdminReturn>[] => [
  {
    header: 'Return',
    className: 'whitespace-nowrap',
    cell: (r) => (
      <>
        <p className="font-mono text-xs font-semibold text-slate-900">{r.number}</p>
        <p className="text-xs text-slate-500">{formatDateUS(r.requestedAt)}</p>
      </>
    ),
  },
  { header: 'Member or customer', className: 'max-w-44 min-w-32', cell: (r) => <Buyer r={r} /> },
  {
    header: 'Product',
    className: 'max-w-52 min-w-32',
    cell: (r) => (
      <>
        <p className="text-slate-800">{r.productName}</p>
        <p className="text-xs text-slate-500">
          Qty {r.quantity} of {r.boughtQuantity}
        </p>
      </>
    ),
  },
  { header: 'Refund', headerClassName: 'text-right', className: 'text-right whitespace-nowrap font-semibold text-slate-900 tabular-nums', cell: (r) => formatMoney(r.refundAmount, { decimals: 2 }) },
  { header: 'Reason', headerClassName: 'hidden lg:table-cell', className: 'hidden lg:table-cell', cell: (r) => reasonLabel(r.reason) },
  {
    header: 'Status',
    cell: (r) => (
      <>
        <ReturnStatusBadge status={r.status} />
        {r.awaitingSecondAdmin ? <p className="mt-1 text-xs text-sky-700">Awaiting second admin</p> : null}
      </>
    ),
  },
  { header: 'Actions', stickyEnd: true, headerClassName: 'text-right', className: 'text-right', cell: (r) => <OpenButton r={r} onOpen={onOpen} /> },
];

function ReturnsList() {
  const [filters, setFilters] = useState<ReturnFilters>({ status: '', q: '' });
  const [text, setText] = useState('');
  const record = useRecordParam();
  const q = useAdminReturns(filters);
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  const open = (r: AdminReturn) => record.open(r.id);
  const filtered = Boolean(filters.status || filters.q);
  const empty = (
    <EmptyState
      icon={Undo2}
      title={filtered ? 'No returns match' : 'No returns yet'}
      description={filtered ? 'Choose another status or clear the search.' : 'Returns members and franchises ask for appear here to approve, receive and refund.'}
    />
  );
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 xl:flex-row xl:items-center xl:justify-between">
        <div role="group" aria-label="Filter by status" className={cn('grid grid-cols-3 min-[560px]:grid-cols-6 xl:inline-grid', segmentGroupClass)}>
          {STATUS_FILTERS.map((s) => {
            const pressed = filters.status === s;
            return (
              <button key={s || 'all'} type="button" aria-pressed={pressed} onClick={() => setFilters((f) => ({ ...f, status: s as ReturnStatus | '' }))} className={segmentClass(pressed)}>
                {s ? RETURN_STATUS_LABELS[s] : 'All'}
              </button>
            );
          })}
        </div>
        <form
          role="search"
          className="xl:w-80"
          onSubmit={(e) => {
            e.preventDefault();
            setFilters((f) => ({ ...f, q: text.trim() }));
          }}
        >
          <label htmlFor="returns-search" className="sr-only">
            Search returns
          </label>
          <SearchBox
            id="returns-search"
            placeholder="Number, member or product"
            value={text}
            maxLength={60}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value === '') setFilters((f) => ({ ...f, q: '' }));
            }}
          />
        </form>
      </div>
      <QueriedTable
        query={q}
        what="returns"
        empty={empty}
        label="Returns"
        rows={items}
        rowKey={(r) => r.id}
        rowData={(r) => ({ 'data-return-id': r.id })}
        columns={columns(open)}
        card={(r) => (
          <RowCard
            head={
              <div className="min-w-0">
                <p className="font-mono text-xs font-semibold text-slate-500">{r.number}</p>
                <p className="font-semibold text-slate-900">
                  {r.productName} <span className="font-normal text-slate-500">× {r.quantity}</span>
                </p>
              </div>
            }
            aside={<p className="shrink-0 text-base font-semibold text-slate-900 tabular-nums">{formatMoney(r.refundAmount, { decimals: 2 })}</p>}
            fields={{ 'Member or customer': <Buyer r={r} />, Reason: reasonLabel(r.reason), Requested: formatDateUS(r.requestedAt) }}
            actions={<OpenButton r={r} onOpen={open} />}
          >
            <div className="flex flex-wrap items-center gap-1.5">
              <ReturnStatusBadge status={r.status} />
              {r.awaitingSecondAdmin ? <span className="text-xs text-sky-700">Awaiting second admin</span> : null}
            </div>
          </RowCard>
        )}
      />
      {record.id ? <AdminReturnDialog key={record.id} id={record.id} onClose={record.close} /> : null}
    </div>
  );
}

type Tab = 'list' | 'report';
const TABS = [
  { id: 'list' as const, label: 'Returns', icon: ListChecks },
  { id: 'report' as const, label: 'Report', icon: BarChart3 },
];

/** Returns (issue 32): every return with its actions by status, an admin's own returns, and the returns report. */
export function ReturnsSection() {
  const [params] = useSearchParams();
  const tab: Tab = params.get('tab') === 'report' ? 'report' : 'list';
  const record = useRecordParam();
  const hrefOf = (next: Tab) => {
    const n = new URLSearchParams(params);
    n.delete('id');
    n.delete('action');
    if (next === 'list') n.delete('tab');
    else n.set('tab', next);
    return `?${n.toString()}`;
  };
  return (
    <div className="space-y-5">
      <SectionHeader
        eyebrow="Products & Orders"
        title="Returns"
        description="Goods coming back: approve or reject a request, mark the goods received and refund with a GST credit note."
        actions={<NewReturnButton onCreated={(id) => (tab === 'list' ? record.open(id) : undefined)} />}
      />
      <TabLinks label="Returns views" tabs={TABS} current={tab} hrefOf={hrefOf} />
      {tab === 'list' ? <ReturnsList /> : <ReturnsReport />}
    </div>
  );
}
