import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Eye, Undo2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { QueryStates } from '../../components/ui/query-error';
import { RecordNotFound } from '../../components/ui/record-not-found';
import { DataTable, ProductQty, type Column } from '../../components/ui/table';
import { routeUrl } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { isNotFound, RECORD_PARAM, useRecordParam } from '../../lib/record-param';
import { buyerOf } from './labels';
import { CreditNoteButton, ReturnDialogFrame, ReturnFacts, ReturnStatusBadge, ReturnTimeline } from './return-details';
import { useOwnReturn, useOwnReturns, type ReturnItem } from './returns-api';

export interface RecordLink {
  id: string | null;
  open: (id: string) => void;
  close: () => void;
  /** The address of a record, for its link (kept with the page's other parameters). */
  href: (id: string) => string;
}

/** The return in the address as `?id=` (My Purchases' Returns tab, web/lib/record-param.ts). */
export function useReturnRecordParam(): RecordLink {
  const record = useRecordParam();
  const [params] = useSearchParams();
  const href = useCallback(
    (id: string) => {
      const n = new URLSearchParams(params);
      n.set(RECORD_PARAM, id);
      return `?${n.toString()}`;
    },
    [params],
  );
  return { id: record.id, open: record.open, close: record.close, href };
}

/** The return in the address as `?return=` (a page whose `?id=` is another record's, the franchise portal's customers). */
export function useReturnParam(name = 'return'): RecordLink {
  const [params, setParams] = useSearchParams();
  const id = params.get(name) || null;
  const set = useCallback(
    (next: string | null, replace: boolean) =>
      setParams(
        (p) => {
          const n = new URLSearchParams(p);
          if (next) n.set(name, next);
          else n.delete(name);
          return n;
        },
        { replace },
      ),
    [name, setParams],
  );
  const href = useCallback(
    (rid: string) => {
      const n = new URLSearchParams(params);
      n.set(name, rid);
      return `?${n.toString()}`;
    },
    [name, params],
  );
  return { id, open: (rid) => set(rid, false), close: () => set(null, true), href };
}

function ReturnNumber({ r, record }: { r: ReturnItem; record: RecordLink }) {
  return (
    <Link
      to={{ search: record.href(r.id) }}
      className="font-mono text-sm font-semibold whitespace-nowrap text-slate-900 underline-offset-2 hover:underline"
      aria-label={`Return ${r.number}, link to this return`}
    >
      {r.number}
    </Link>
  );
}

const columns = (record: RecordLink, withBuyer: boolean): Column<ReturnItem>[] => [
  {
    header: 'Return',
    className: 'whitespace-nowrap',
    cell: (r) => (
      <>
        <ReturnNumber r={r} record={record} />
        <p className="text-xs text-slate-500">{formatDate(r.requestedAt)}</p>
      </>
    ),
    card: 'wide',
  },
  ...(withBuyer ? [{ header: 'Buyer', card: true as const, cell: (r: ReturnItem) => buyerOf(r) }] : []),
  {
    header: 'Product',
    className: 'min-w-40',
    card: 'wide',
    cell: (r) => <ProductQty name={r.productName} quantity={r.quantity} />,
  },
  {
    header: 'Refund',
    headerClassName: 'text-right',
    className: 'text-right whitespace-nowrap font-semibold text-slate-900 tabular-nums',
    card: true,
    cell: (r) => formatMoney(r.refundAmount, { decimals: 2 }),
  },
  { header: 'Status', card: true, cell: (r) => <ReturnStatusBadge status={r.status} /> },
  {
    header: 'Actions',
    headerClassName: 'text-right',
    className: 'text-right',
    stickyEnd: true,
    card: 'after',
    cell: (r) => (
      <div className="flex flex-wrap justify-end gap-2 max-md:mt-3 max-md:justify-start max-md:border-t max-md:border-slate-100 max-md:pt-3">
        <Button size="sm" variant="outline" onClick={() => record.open(r.id)} aria-label={`View return ${r.number}`}>
          <Eye aria-hidden="true" className="size-3.5" /> View
        </Button>
        <CreditNoteButton r={r} href={routeUrl('GET /api/returns/:id/credit-note', { params: { id: r.id } })} />
      </div>
    ),
  },
];

/** One own return, read by its id (a link to it survives a reload): what it is, its history and its credit note. */
function OwnReturnDialog({ id, fallback, onClose }: { id: string; fallback: ReturnItem | undefined; onClose: () => void }) {
  const q = useOwnReturn(id);
  const r = q.data ?? fallback;
  if (!r && q.isError && isNotFound(q.error)) return <RecordNotFound what="return" id={id} onClose={onClose} />;
  return (
    <ReturnDialogFrame r={r} q={q} description={(r) => `${r.productName} × ${r.quantity}`} onClose={onClose}>
      {(r) => (
        <div className="space-y-5">
          <ReturnFacts r={r} />
          <section aria-labelledby="return-history" className="space-y-3">
            <h3 id="return-history" className="text-sm font-semibold text-slate-900">
              History
            </h3>
            <ReturnTimeline events={r.events} showBy={false} />
          </section>
          {r.creditNote ? (
            <div className="flex flex-col gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-emerald-900">
                Credit note <span className="font-mono font-semibold">{r.creditNote.number}</span> issued {formatDate(r.creditNote.issuedAt)}
              </p>
              <CreditNoteButton r={r} href={routeUrl('GET /api/returns/:id/credit-note', { params: { id: r.id } })} className="bg-white" />
            </div>
          ) : null}
        </div>
      )}
    </ReturnDialogFrame>
  );
}

/**
 * Own returns (a member's; a franchise holder's counter-sale returns too): number, product, units, refund and status;
 * View opens the return with its history at its own address, and a refunded one's credit note downloads.
 */
export function OwnReturnsList({ record, withBuyer = false, label = 'My returns', emptyHint }: { record: RecordLink; withBuyer?: boolean; label?: string; emptyHint?: string }) {
  const q = useOwnReturns();
  const items = q.data?.items ?? [];
  const empty = (
    <EmptyState
      icon={Undo2}
      title="No returns yet"
      description={emptyHint ?? `Changed your mind or something arrived wrong? Use Return on an order within ${q.data?.coolingOffDays ?? 30} days of delivery.`}
      className="bg-white"
    />
  );
  return (
    <>
      <QueryStates query={q} what="your returns" empty={q.data && items.length === 0 && empty}>
        <DataTable label={label} rows={items} rowKey={(r) => r.id} rowData={(r) => ({ 'data-return-id': r.id })} columns={columns(record, withBuyer)} />
      </QueryStates>
      {record.id ? <OwnReturnDialog key={record.id} id={record.id} fallback={items.find((r) => r.id === record.id)} onClose={record.close} /> : null}
    </>
  );
}
