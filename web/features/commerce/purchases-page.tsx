import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2, IndianRupee, Package, ReceiptText, ShoppingBag, Sparkles, Undo2 } from 'lucide-react';
import type { PurchaseView } from '@contracts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { DownloadButton } from '../../components/ui/download-button';
import { EmptyState } from '../../components/ui/empty-state';
import { ProductImage } from '../../components/ui/product-image';
import { QueryError } from '../../components/ui/query-error';
import { InlineLoader } from '../../components/ui/spinner';
import { StatCard } from '../../components/ui/stat-card';
import { termOf } from '../../components/ui/term';
import { routeUrl } from '../../lib/api';
import { cn } from '../../lib/cn';
import { RECORD_PARAM, useRecordParam } from '../../lib/record-param';
import { RecordNotFoundAlert } from '../../components/ui/record-not-found';
import { formatDate, shortId } from '../../lib/format';
import { formatBV, formatMoney, sumMoney } from '../../lib/money';
import { TabLinks } from '../../components/admin/segments';
import { formatDate as formatDay } from '../../lib/format';
import { OwnReturnsList, ReturnRequestDialog, useOwnReturns, useReturnRecordParam, type ReturnableItem } from '../returns';
import { usePurchases } from './api';
import { paymentMethodLabel } from './labels';
import { StatusBadge } from './status-badge';

const COLUMNS = ['Order ID', 'Date', 'Amount', 'BV Earned', 'Payment', 'Delivery', 'Status', 'Invoice and return'] as const;
const paid = (p: PurchaseView) => p.paymentStatus === 'completed';
const orderId = (p: PurchaseView) => shortId(p.id);

/** The first 8 characters of the order id and the quantity (doc 3 §2.3, §9). */
/** The order number, a link to the order's own address (/my-purchases?id=<order>, issue 30). */
function OrderId({ p }: { p: PurchaseView }) {
  return (
    <p className="whitespace-nowrap">
      <Link
        to={{ search: `?${RECORD_PARAM}=${encodeURIComponent(p.id)}` }}
        className="font-mono font-semibold text-slate-900 underline-offset-2 hover:underline"
        aria-label={`Order #${orderId(p)}, link to this order`}
      >
        #{orderId(p)}
      </Link>
      <span className="ml-2 text-xs font-medium text-slate-500">Qty: {p.quantity}</span>
    </p>
  );
}

/** BV counts once the payment is completed (decisions §5); until then it is what the order will earn. */
function OrderBV({ p }: { p: PurchaseView }) {
  return (
    <>
      <span className="tabular-nums">{formatBV(p.totalBV)}</span>
      {paid(p) ? null : <span className="block text-xs font-normal text-slate-500">On payment</span>}
    </>
  );
}

/** The GST tax invoice of a completed purchase (issue 15, ADR 0013), drawn by the server as a PDF. */
function Invoice({ p }: { p: PurchaseView }) {
  if (!paid(p)) return <span className="text-xs text-slate-500">After payment</span>;
  // Issued by the volume applier seconds after payment; the list asks again until it is there (api.ts usePurchases).
  if (!p.invoiceNumber) return <span className="text-xs whitespace-nowrap text-slate-500">Being prepared…</span>;
  return (
    <DownloadButton
      href={routeUrl('GET /api/purchases/:id/invoice', { params: { id: p.id }, query: { download: '1' } })}
      fileName={`invoice-${orderId(p)}.pdf`}
      label="Download invoice"
      aria-label={`Download invoice for order ${orderId(p)}`}
      errorTitle="Invoice not available"
      className="whitespace-nowrap"
    />
  );
}

/** What of an order can still be returned (GET /api/returns `returnable`), by order id. */
type ReturnableOf = (p: PurchaseView) => ReturnableItem | undefined;

/** Return: on an order that can still be returned, until the last day of its window (docs/spec/returns.md §2). */
function ReturnAction({ p, returnableOf, onReturn, className }: { p: PurchaseView; returnableOf: ReturnableOf; onReturn: (r: ReturnableItem) => void; className?: string }) {
  const r = returnableOf(p);
  if (!r) return null;
  return (
    <div className={className}>
      <Button size="sm" variant="outline" onClick={() => onReturn(r)} aria-label={`Return order ${orderId(p)}`} className="whitespace-nowrap">
        <Undo2 aria-hidden="true" className="size-4" /> Return
      </Button>
      <p className="mt-1 text-xs whitespace-nowrap text-slate-500">Until {formatDay(r.until)}</p>
    </div>
  );
}

function ActiveLabel({ p }: { p: PurchaseView }) {
  return <Badge tone={paid(p) ? 'success' : 'warning'}>{paid(p) ? 'Active' : 'Pending'}</Badge>;
}

function Delivery({ p }: { p: PurchaseView }) {
  return (
    <div className="space-y-1">
      <StatusBadge status={p.deliveryStatus} />
      {p.trackingId ? <p className="font-mono text-xs text-slate-500">Tracking: {p.trackingId}</p> : null}
    </div>
  );
}

function Summary({ rows, failed }: { rows: PurchaseView[] | undefined; failed: boolean }) {
  const done = rows?.filter(paid) ?? [];
  const show = (v: ReactNode) => (rows ? v : failed ? '—' : '…');
  return (
    <div className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
      <StatCard label="Total Orders" value={show(rows?.length ?? 0)} icon={ShoppingBag} />
      <StatCard label="Total Spent" value={show(formatMoney(sumMoney(done.map((p) => p.totalAmount)), { decimals: 2 }))} icon={IndianRupee} tone="sky" hint="Completed payments" />
      <StatCard label="Total BV Earned" value={show(formatBV(sumMoney(done.map((p) => p.totalBV))))} icon={Sparkles} tone="violet" hint="BV of completed orders" />
      <StatCard label="Completed Orders" value={show(done.length)} icon={CheckCircle2} tone="emerald" />
    </div>
  );
}

function Td({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <td className={`border-b border-slate-100 px-4 py-3 align-top text-slate-700 group-last:border-b-0 ${className}`}>{children}</td>;
}

function PurchasesTable({ rows, linked, returnableOf, onReturn }: { rows: PurchaseView[]; linked: string | null; returnableOf: ReturnableOf; onReturn: (r: ReturnableItem) => void }) {
  return (
    <div className="hidden overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
      <div className="overflow-x-auto" role="region" aria-label="Purchases" tabIndex={0}>
        <table className="w-full border-separate border-spacing-0 text-left text-sm">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className="border-b border-slate-200 bg-slate-50 px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.id} data-order-id={p.id} aria-current={p.id === linked ? 'true' : undefined} className={cn('group hover:bg-slate-50', p.id === linked && 'bg-brand-50')}>
                <Td>
                  <div className="flex items-center gap-3">
                    <OrderThumb p={p} />
                    <div className="min-w-0">
                      <OrderId p={p} />
                      <p className="text-xs text-slate-500">{p.productName}</p>
                    </div>
                  </div>
                </Td>
                <Td className="whitespace-nowrap">{formatDate(p.createdAt)}</Td>
                <Td className="whitespace-nowrap">
                  <p className="font-semibold text-slate-900 tabular-nums">{formatMoney(p.totalAmount, { decimals: 2 })}</p>
                  <p className="text-xs text-slate-500">{paymentMethodLabel(p.paymentMethod)}</p>
                </Td>
                <Td className="whitespace-nowrap">
                  <OrderBV p={p} />
                </Td>
                <Td>
                  <StatusBadge status={p.paymentStatus} />
                </Td>
                <Td>
                  <Delivery p={p} />
                </Td>
                <Td>
                  <ActiveLabel p={p} />
                </Td>
                <Td>
                  <div className="flex flex-col items-start gap-2">
                    <Invoice p={p} />
                    <ReturnAction p={p} returnableOf={returnableOf} onReturn={onReturn} />
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The product's primary image (or its category's artwork). */
function OrderThumb({ p }: { p: PurchaseView }) {
  return <ProductImage name={p.productName} category={p.productCategory} image={p.productImage} sizes="48px" className="size-12 shrink-0 rounded-lg ring-1 ring-slate-200" iconClassName="size-5" />;
}

const Field = termOf({ row: 'min-w-0', term: 'text-xs text-slate-500', value: 'mt-0.5 font-medium text-slate-800' });

/** Phones and small tablets: one card per order with the table's fields. */
function PurchaseCards({ rows, linked, returnableOf, onReturn }: { rows: PurchaseView[]; linked: string | null; returnableOf: ReturnableOf; onReturn: (r: ReturnableItem) => void }) {
  return (
    <ul aria-label="Purchases" className="space-y-3 md:hidden">
      {rows.map((p) => (
        <li
          key={p.id}
          data-order-id={p.id}
          aria-current={p.id === linked ? 'true' : undefined}
          aria-label={`Order ${orderId(p)}`}
          className={cn('rounded-xl border bg-white p-4 shadow-xs', p.id === linked ? 'border-brand-300 ring-2 ring-brand-200' : 'border-slate-200')}
        >
          <div className="flex items-start justify-between gap-3">
            <OrderThumb p={p} />
            <div className="min-w-0 flex-1">
              <OrderId p={p} />
              <p className="truncate text-sm text-slate-500">{p.productName}</p>
            </div>
            <ActiveLabel p={p} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-3 text-sm">
            <Field term="Amount">
              <span className="tabular-nums">{formatMoney(p.totalAmount, { decimals: 2 })}</span>
              <span className="block text-xs font-normal text-slate-500">{paymentMethodLabel(p.paymentMethod)}</span>
            </Field>
            <Field term="BV Earned">
              <OrderBV p={p} />
            </Field>
            <Field term="Date">{formatDate(p.createdAt)}</Field>
            <Field term="Payment">
              <StatusBadge status={p.paymentStatus} />
            </Field>
            <Field term="Delivery">
              <Delivery p={p} />
            </Field>
          </dl>
          {paid(p) ? (
            <div className="mt-3 flex flex-wrap items-start justify-between gap-3 border-t border-slate-100 pt-3">
              <Invoice p={p} />
              <ReturnAction p={p} returnableOf={returnableOf} onReturn={onReturn} className="text-right" />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

type Tab = 'orders' | 'returns';
const TABS = [
  { id: 'orders' as const, label: 'Orders', icon: ReceiptText },
  { id: 'returns' as const, label: 'Returns', icon: Undo2 },
];

/** The orders: a table on wide screens and cards on phones, the linked one (?id=) standing out. */
function Orders({ onReturn }: { onReturn: (r: ReturnableItem) => void }) {
  const { data, isPending, isError, error, refetch, isFetching } = usePurchases();
  const returns = useOwnReturns();
  const returnableOf: ReturnableOf = (p) => returns.data?.returnable.find((r) => r.purchaseId === p.id && r.quantity > 0);
  // A linked order (?id=) stands out and is scrolled to; an id none of the orders has says so.
  const record = useRecordParam();
  const linked = record.id && data?.some((p) => p.id === record.id) ? record.id : null;
  useEffect(() => {
    if (!linked) return;
    [...document.querySelectorAll<HTMLElement>(`[data-order-id="${CSS.escape(linked)}"]`)].find((el) => el.offsetParent !== null)?.scrollIntoView?.({ block: 'center' });
  }, [linked]);
  return (
    <div className="space-y-6">
      <Summary rows={data} failed={isError} />
      {isPending ? (
        <InlineLoader label="Loading purchases..." />
      ) : isError ? (
        <QueryError title="Could not load your purchases" error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : data.length === 0 ? (
        <EmptyState icon={ShoppingBag} title="No purchases yet" description="Start shopping to see your purchase history here." className="bg-white" />
      ) : (
        <>
          {record.id && !linked ? <RecordNotFoundAlert title="Order not found" mine="orders" id={record.id} showAll="Show all orders" onClose={record.close} /> : null}
          <PurchaseCards rows={data} linked={linked} returnableOf={returnableOf} onReturn={onReturn} />
          <PurchasesTable rows={data} linked={linked} returnableOf={returnableOf} onReturn={onReturn} />
        </>
      )}
    </div>
  );
}

/** My Returns: every return asked for, its status, history and credit note; a return's link is ?tab=returns&id=<return>. */
function Returns() {
  const record = useReturnRecordParam();
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-500">Returns you asked for, with their status. A refund goes back the way you paid, with a GST credit note.</p>
      <OwnReturnsList record={record} />
    </div>
  );
}

/** M9 My Purchases (doc 3 §2.3): summary cards and the orders, and the member's returns (issue 32) in a second tab. */
export function PurchasesPage() {
  const [params] = useSearchParams();
  const tab: Tab = params.get('tab') === 'returns' ? 'returns' : 'orders';
  const [returning, setReturning] = useState<ReturnableItem | null>(null);
  const returns = useOwnReturns();
  // Returns still on their way (not refunded or rejected): counted on the tab.
  const open = returns.data?.items.filter((r) => r.status !== 'refunded' && r.status !== 'rejected').length ?? 0;
  const hrefOf = (next: Tab) => {
    const n = new URLSearchParams(params);
    n.delete(RECORD_PARAM);
    n.delete('action');
    if (next === 'orders') n.delete('tab');
    else n.set('tab', next);
    const text = n.toString();
    return text ? `?${text}` : '';
  };
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">My Purchases</h1>
          <p className="mt-1 text-sm text-slate-500">Your orders with their payment and delivery status, and your returns.</p>
        </div>
        <LinkButton to="/products" icon={Package} variant="outline">
          Browse Products
        </LinkButton>
      </div>
      <TabLinks
        label="Orders and returns"
        tabs={TABS}
        current={tab}
        hrefOf={hrefOf}
        badge={(id) => (id === 'returns' && open ? <span className="rounded-full bg-amber-100 px-1.5 text-xs text-amber-800 tabular-nums">{open}</span> : null)}
      />
      {tab === 'orders' ? <Orders onReturn={setReturning} /> : <Returns />}
      {returning ? <ReturnRequestDialog key={returning.purchaseId ?? returning.localSaleId} item={returning} onClose={() => setReturning(null)} /> : null}
    </div>
  );
}
