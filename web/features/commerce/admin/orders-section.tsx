import { useState, type ReactNode } from 'react';
import { ReceiptText, RotateCcw, SquarePen } from 'lucide-react';
import { DELIVERY_STATUSES, PAYMENT_STATUSES } from '@contracts';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectFilters, type SelectFilterSpec } from '../../../components/admin/select-filter';
import { cn } from '../../../lib/cn';
import { useKeptRecord, useRecordParam, useSeekInPages } from '../../../lib/record-param';
import { RecordNotFound } from '../../../components/ui/record-not-found';
import { titleCase, shortId } from '../../../lib/format';
import { formatBV, formatDateUS, formatINR } from '../../../lib/admin/format';
import { SectionHeader } from '../../../components/admin/section-header';
import { ProductQty, type Column, RowCard } from '../../../components/ui/table';
import { DeliveryBadge, PaymentBadge, paymentStatusLabel } from './order-badges';
import { OrderDialog } from './order-dialog';
import { OrderInvoiceButton } from './order-invoice';
import { paymentMethodLabel, useAdminPurchases, type AdminPurchaseView, type OrderFilters } from './products-api';
import { QueriedTable } from '../../../components/admin/queried-list';

const orderId = (o: AdminPurchaseView) => shortId(o.id);

function Member({ o }: { o: AdminPurchaseView }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium text-slate-900">{o.userName || '—'}</p>
      <p className="truncate text-xs text-slate-500" title={o.userEmail}>
        <span className="font-mono">{o.userDisplayId}</span>
      </p>
    </div>
  );
}

const EMPTY: OrderFilters = { paymentStatus: '', deliveryStatus: '' };

const FILTERS: SelectFilterSpec<keyof OrderFilters>[] = [
  { key: 'paymentStatus', id: 'or-payment', label: 'Payment status', blank: 'All payments', values: PAYMENT_STATUSES, optionLabel: paymentStatusLabel },
  { key: 'deliveryStatus', id: 'or-delivery', label: 'Delivery status', blank: 'All deliveries', values: DELIVERY_STATUSES, optionLabel: titleCase },
];

/** A15 Orders: every purchase, its payment and delivery, and the Update Order dialog. */
const columns = (update: (o: AdminPurchaseView) => ReactNode): Column<AdminPurchaseView>[] => [
  {
    header: 'Order ID',
    className: 'whitespace-nowrap',
    cell: (o) => (
      <>
        <p className="font-mono text-xs font-semibold text-slate-900" title={o.id}>
          {orderId(o)}
        </p>
        <p className="text-xs text-slate-500">{formatDateUS(o.createdAt)}</p>
      </>
    ),
  },
  { header: 'Member', className: 'max-w-44 min-w-32', cell: (o) => <Member o={o} /> },
  {
    header: 'Product',
    className: 'max-w-52 min-w-32',
    cell: (o) => <ProductQty name={o.productName} quantity={o.quantity} />,
  },
  {
    header: 'Amount and BV',
    headerClassName: 'text-right',
    className: 'text-right whitespace-nowrap tabular-nums',
    cell: (o) => (
      <>
        <p className="font-semibold text-slate-900">{formatINR(o.totalAmount)}</p>
        <p className="text-xs text-slate-500">
          {paymentMethodLabel(o.paymentMethod)} · {formatBV(o.totalBV, { unit: true })}
        </p>
      </>
    ),
  },
  {
    header: 'Status',
    className: 'min-w-28',
    cell: (o) => (
      <>
        <div className="flex flex-wrap gap-1">
          <PaymentBadge status={o.paymentStatus} />
          <DeliveryBadge status={o.deliveryStatus} />
        </div>
        {o.trackingId ? (
          <p className="mt-1 font-mono text-xs text-slate-600">
            <span className="sr-only">Tracking ID: </span>
            {o.trackingId}
          </p>
        ) : null}
      </>
    ),
  },
  { header: 'Actions', stickyEnd: true, headerClassName: 'text-right', className: 'text-right', cell: (o) => update(o) },
];

export function OrdersSection() {
  const [filters, setFilters] = useState<OrderFilters>(EMPTY);
  // The opened order is in the address (?id=). There is no read of one order: a linked order is looked for in the list's pages.
  const record = useRecordParam();
  const orders = useAdminPurchases(filters);
  const items = orders.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(filters.paymentStatus || filters.deliveryStatus);
  const open = useKeptRecord(record.id, record.id ? items.find((o) => o.id === record.id) : undefined);
  const seeking = useSeekInPages(record.id, Boolean(open), orders);
  const setOpen = (o: AdminPurchaseView) => record.open(o.id);

  const update = (o: AdminPurchaseView, className?: string) => (
    <div className={cn('flex justify-end gap-2', className && 'flex-col')}>
      <OrderInvoiceButton order={o} className={className} />
      <Button size="sm" variant={o.paymentStatus === 'pending' ? 'primary' : 'outline'} className={className} onClick={() => setOpen(o)} aria-label={`Update order ${orderId(o)}`}>
        <SquarePen aria-hidden="true" className="size-3.5" /> Update
      </Button>
    </div>
  );

  const empty = (
    <EmptyState icon={ReceiptText} title="No orders found" description={filtered ? 'No order has these statuses. Clear the filters to see all.' : 'Purchases made by members will be listed here.'} />
  );
  return (
    <div className="space-y-5">
      <SectionHeader
        eyebrow="Products & Orders"
        title="Orders"
        description="Member purchases, newest first. Orders paid by UPI, bank transfer or card stay pending until you mark them paid; BV is credited then."
      />

      <div role="group" aria-label="Filter orders" className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end">
        <SelectFilters filters={FILTERS} values={filters} onChange={(key, value) => setFilters((f) => ({ ...f, [key]: value }))} className="sm:w-56" />
        {filtered ? (
          <Button variant="ghost" onClick={() => setFilters(EMPTY)}>
            <RotateCcw aria-hidden="true" className="size-4" /> Clear
          </Button>
        ) : null}
      </div>

      <QueriedTable
        query={orders}
        what="orders"
        empty={empty}
        label="Orders"
        rows={items}
        rowKey={(o) => o.id}
        rowData={(o) => ({ 'data-order-id': o.id })}
        columns={columns(update)}
        card={(o) => (
          <RowCard
            head={
              <div className="min-w-0">
                <p className="font-mono text-xs font-semibold text-slate-500">#{orderId(o)}</p>
                <p className="font-semibold text-slate-900">
                  {o.productName} <span className="font-normal text-slate-500">× {o.quantity}</span>
                </p>
              </div>
            }
            aside={<p className="shrink-0 text-base font-semibold text-slate-900 tabular-nums">{formatINR(o.totalAmount)}</p>}
            fields={{
              Member: <Member o={o} />,
              Date: formatDateUS(o.createdAt),
              Method: paymentMethodLabel(o.paymentMethod),
              BV: formatBV(o.totalBV),
              'Tracking ID': <span className="font-mono text-xs">{o.trackingId || '—'}</span>,
            }}
            wide={['Tracking ID']}
            actions={update(o, 'w-full')}
          >
            <div className="flex flex-wrap gap-1.5">
              <PaymentBadge status={o.paymentStatus} />
              <DeliveryBadge status={o.deliveryStatus} />
            </div>
          </RowCard>
        )}
      />

      {open ? (
        <OrderDialog key={open.id} order={open} onClose={record.close} />
      ) : record.id && !seeking && !orders.isPlaceholderData && !orders.isError ? (
        <RecordNotFound
          what="order"
          id={record.id}
          onClose={record.close}
          hint={filtered ? 'This order is not among the orders of the chosen statuses. Clear the filters to look for it in every order.' : undefined}
        />
      ) : null}
    </div>
  );
}
