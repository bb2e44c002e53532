import { useState } from 'react';
import { Boxes, Check, PackageOpen, Truck, X } from 'lucide-react';
import type { StockRequestView } from '@contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryStates } from '../../../components/ui/query-error';
import { DataTable, type Column } from '../../../components/ui/table';
import { formatDateTimeIN } from '../../../lib/admin/format';
import { SectionHeader } from '../../../components/admin/section-header';
import { RejectReasonDialog } from '../../../components/admin/reject-reason-dialog';
import { useAdminFranchiseStock, useStockDecision } from './franchise-stock-api';
import { STOCK_STATUS_LOOK, stockRequestLines } from '../../../lib/stock';
import { useKeptRecord, useRecordParam } from '../../../lib/record-param';
import { RecordNotFound } from '../../../components/ui/record-not-found';

function Actions({ r, onReject }: { r: StockRequestView; onReject: (r: StockRequestView) => void }) {
  const approve = useStockDecision(r.id, 'approve');
  const dispatch = useStockDecision(r.id, 'dispatch');
  const [busy, setBusy] = useState(false);
  const act = async (run: () => Promise<unknown>) => {
    setBusy(true);
    await run();
    setBusy(false);
  };
  const who = `${r.franchiseName}: ${stockRequestLines(r)}`;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {r.status === 'requested' ? (
        <Button size="sm" loading={busy} onClick={() => void act(() => approve({}))} aria-label={`Approve as requested, ${who}`}>
          <Check aria-hidden="true" className="size-3.5" /> Approve
        </Button>
      ) : null}
      {r.status === 'approved' ? (
        <Button size="sm" loading={busy} onClick={() => void act(() => dispatch())} aria-label={`Mark dispatched, ${who}`}>
          <Truck aria-hidden="true" className="size-3.5" /> Dispatch
        </Button>
      ) : null}
      {r.status === 'requested' || r.status === 'approved' ? (
        <Button size="sm" variant="outline" className="border-red-200! text-red-700!" onClick={() => onReject(r)} aria-label={`Reject, ${who}`}>
          <X aria-hidden="true" className="size-3.5" /> Reject
        </Button>
      ) : null}
    </div>
  );
}

function RejectDialog({ r, onClose }: { r: StockRequestView; onClose: () => void }) {
  const decide = useStockDecision(r.id, 'reject');
  return (
    <RejectReasonDialog
      title="Reject stock request"
      description="Nothing is dispatched. The franchise sees the reason."
      fieldId="stock-reject-reason"
      placeholder="e.g. Out of stock at the depot"
      summary={<p className="text-sm text-slate-700">{`${r.franchiseName} (${r.franchiseUserId}): ${stockRequestLines(r)}`}</p>}
      decide={decide}
      onClose={onClose}
    />
  );
}

/** Franchise Stock (issue 16): every franchise's stock, and the stock requests to approve (as requested), dispatch or reject. */
export function FranchiseStockSection() {
  const query = useAdminFranchiseStock();
  const data = query.data;
  // The request being rejected is in the address (?id=&action=reject): a reload or a shared link opens it again.
  const record = useRecordParam<'reject'>();
  const setRejecting = (r: StockRequestView) => record.open(r.id, 'reject');
  const found = useKeptRecord(record.id, record.id ? data?.requests.find((r) => r.id === record.id) : undefined);
  const rejecting = found && record.action === 'reject' ? found : null;
  const columns: Column<StockRequestView>[] = [
    {
      header: 'Franchise',
      card: 'wide',
      className: 'min-w-40',
      cell: (r) => (
        <>
          <p className="font-medium text-slate-900">{r.franchiseName}</p>
          <p className="font-mono text-xs text-slate-500">{r.franchiseUserId}</p>
        </>
      ),
    },
    {
      header: 'Products',
      card: 'wide',
      className: 'min-w-48',
      cell: (r) => (
        <>
          {stockRequestLines(r)}
          {r.note ? <p className="text-xs text-slate-500">{r.note}</p> : null}
        </>
      ),
    },
    { header: 'Requested', card: true, className: 'whitespace-nowrap text-slate-600', cell: (r) => formatDateTimeIN(r.createdAt) },
    { header: 'Status', card: true, cell: (r) => <Badge tone={STOCK_STATUS_LOOK[r.status].tone}>{STOCK_STATUS_LOOK[r.status].label}</Badge> },
    { header: <span className="sr-only">Actions</span>, card: 'after', cell: (r) => <Actions r={r} onReject={setRejecting} /> },
  ];
  return (
    <div className="space-y-5">
      <SectionHeader
        eyebrow="Franchise"
        title="Franchise Stock"
        description="Stock requests from franchise holders, and every franchise's stock. Stock enters a franchise's stock when the franchise confirms the delivery."
      />
      <QueryStates query={query} what="franchise stock">
        {data ? (
          <div className="space-y-6">
            {data.requests.length === 0 ? (
              <EmptyState icon={PackageOpen} title="No stock requests" description="Franchise holders request stock from their portal." />
            ) : (
              <DataTable rows={data.requests} rowKey={(r) => r.id} label="Stock requests" columns={columns} rowData={(r) => ({ 'data-stock-request-id': r.id })} />
            )}
            <h2 className="text-lg font-semibold text-slate-900">Stock by franchise</h2>
            {data.stock.length === 0 ? (
              <EmptyState icon={Boxes} title="No franchise holds stock yet" description="Stock appears here once a franchise receives a dispatched request." />
            ) : (
              <DataTable
                rows={data.stock}
                rowKey={(s) => `${s.franchiseId}:${s.productId}`}
                label="Stock by franchise"
                columns={[
                  { header: 'Franchise', card: 'wide', cell: (s) => `${s.franchiseName} (${s.franchiseUserId})` },
                  { header: 'Product', card: true, cell: (s) => s.productName },
                  { header: 'Quantity', card: true, className: 'text-right font-semibold tabular-nums', headerClassName: 'text-right', cell: (s) => s.quantity },
                ]}
              />
            )}
          </div>
        ) : null}
      </QueryStates>
      {rejecting ? <RejectDialog r={rejecting} onClose={record.close} /> : null}
      {record.id && data && !found ? <RecordNotFound what="stock request" id={record.id} onClose={record.close} /> : null}
    </div>
  );
}
