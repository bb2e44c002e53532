import { PackageOpen } from 'lucide-react';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { TitledCard } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { formatDate, titleCase, shortId } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import type { FranchiseDashboard } from './franchise-api';

type Order = FranchiseDashboard['recentOrders'][number];

const PAYMENT_TONE: Record<string, BadgeTone> = { completed: 'success', pending: 'warning', processing: 'info', failed: 'danger', cancelled: 'neutral' };
const Payment = ({ status }: { status: string }) => <Badge tone={PAYMENT_TONE[status] ?? 'neutral'}>{titleCase(status)}</Badge>;

/** The newest orders of the holder and their team. */
export function RecentOrders({ orders }: { orders: Order[] }) {
  return (
    <TitledCard id="recent-orders" title="Recent Orders" description="The latest purchases by you and your team.">
      {orders.length === 0 ? (
        <EmptyState icon={PackageOpen} title="No orders yet" description="Purchases by you and your team will be listed here." />
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-xl border border-slate-200 md:block" role="region" aria-label="Recent orders" tabIndex={0}>
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
                <tr>
                  {['Order', 'Date', 'Buyer', 'Product', 'Qty', 'Amount', 'Payment'].map((h) => (
                    <th key={h} scope="col" className={`px-4 py-3 font-semibold ${h === 'Qty' || h === 'Amount' ? 'text-right' : ''}`}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {orders.map((o) => (
                  <tr key={o.id} data-order-id={o.id}>
                    <td className="px-4 py-3 font-mono text-xs text-slate-600">{shortId(o.id)}</td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatDate(o.createdAt)}</td>
                    <td className="px-4 py-3 text-slate-800">{o.buyerName}</td>
                    <td className="px-4 py-3 text-slate-800">{o.productName}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{o.quantity}</td>
                    <td className="px-4 py-3 text-right font-medium whitespace-nowrap text-slate-900 tabular-nums">{formatMoney(o.totalAmount)}</td>
                    <td className="px-4 py-3">
                      <Payment status={o.paymentStatus} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-3 md:hidden" aria-label="Recent orders">
            {orders.map((o) => (
              <li key={o.id} data-order-id={o.id} className="rounded-xl border border-slate-200 p-3">
                <div className="flex items-start justify-between gap-3">
                  <p className="min-w-0 font-medium text-slate-900">
                    {o.productName} <span className="text-slate-500">× {o.quantity}</span>
                  </p>
                  <Payment status={o.paymentStatus} />
                </div>
                <div className="mt-1 flex items-baseline justify-between gap-3 text-sm">
                  <span className="text-slate-500">
                    {o.buyerName} · {formatDate(o.createdAt)}
                  </span>
                  <span className="font-semibold text-slate-900 tabular-nums">{formatMoney(o.totalAmount)}</span>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </TitledCard>
  );
}
