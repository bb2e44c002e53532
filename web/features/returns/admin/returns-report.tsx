import { useState } from 'react';
import { Boxes, PackageX, Percent, Undo2 } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { QueryStates } from '../../../components/ui/query-error';
import { StatCard } from '../../../components/ui/stat-card';
import { DataTable } from '../../../components/ui/table';
import { formatCount } from '../../../lib/admin/format';
import { formatMoney } from '../../../lib/money';
import { reasonLabel } from '../labels';
import { type ReturnsReport as Report, useReturnsReport } from './returns-admin-api';

const percent = (v: string) => `${v}%`;

/** Returns report: units sold and returned, the rate of returns, by product and by reason, for a period or all time. */
export function ReturnsReport() {
  const [range, setRange] = useState({ from: '', to: '' });
  const q = useReturnsReport(range);
  const d = q.data;
  return (
    <div className="space-y-5">
      <div role="group" aria-label="Period" className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end">
        <div className="space-y-1.5 sm:w-48">
          <Label htmlFor="rr-from">From</Label>
          <Input id="rr-from" type="date" value={range.from} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} />
        </div>
        <div className="space-y-1.5 sm:w-48">
          <Label htmlFor="rr-to">To</Label>
          <Input id="rr-to" type="date" value={range.to} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} />
        </div>
        <p className="text-sm text-slate-500 sm:pb-2">{range.from || range.to ? 'Sales and returns of the period.' : 'All time.'}</p>
      </div>
      <QueryStates query={q} what="the returns report">
        {d ? (
          <>
            <div className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
              <StatCard label="Units sold" value={formatCount(d.sales.units)} icon={Boxes} hint={`${formatCount(d.sales.orders)} orders`} />
              <StatCard label="Units returned" value={formatCount(d.returned.units)} icon={Undo2} tone="sky" hint={`${formatCount(d.returned.returns)} returns`} />
              <StatCard label="Rate of returns" value={percent(d.rate)} icon={Percent} tone="violet" hint="Of units sold" />
              <StatCard label="Refunded" value={formatMoney(d.returned.refunded)} icon={PackageX} tone="emerald" />
            </div>
            <div className="grid gap-5 xl:grid-cols-[3fr_2fr]">
              <section aria-labelledby="rr-products" className="space-y-2">
                <h2 id="rr-products" className="text-base font-semibold text-slate-900">
                  By product
                </h2>
                {d.byProduct.length ? (
                  <DataTable<Report['byProduct'][number]>
                    label="Returns by product"
                    rows={d.byProduct}
                    rowKey={(p) => p.productId}
                    cards="divided"
                    columns={[
                      { header: 'Product', card: 'wide', className: 'min-w-40 font-medium text-slate-900', cell: (p) => p.productName },
                      { header: 'Sold', card: true, headerClassName: 'text-right', className: 'text-right tabular-nums', cell: (p) => formatCount(p.sold) },
                      { header: 'Returned', card: true, headerClassName: 'text-right', className: 'text-right tabular-nums', cell: (p) => formatCount(p.returned) },
                      { header: 'Rate', card: true, headerClassName: 'text-right', className: 'text-right tabular-nums', cell: (p) => percent(p.rate) },
                      { header: 'Refunded', card: true, headerClassName: 'text-right', className: 'text-right whitespace-nowrap tabular-nums', cell: (p) => formatMoney(p.refunded) },
                    ]}
                  />
                ) : (
                  <EmptyState icon={Boxes} title="No sales in this period" description="Choose other dates to compare sales and returns." className="bg-white" />
                )}
              </section>
              <section aria-labelledby="rr-reasons" className="space-y-2">
                <h2 id="rr-reasons" className="text-base font-semibold text-slate-900">
                  By reason
                </h2>
                {d.byReason.length ? (
                  <DataTable<Report['byReason'][number]>
                    label="Returns by reason"
                    rows={d.byReason}
                    rowKey={(r) => r.reason}
                    cards="divided"
                    columns={[
                      { header: 'Reason', card: 'wide', className: 'font-medium text-slate-900', cell: (r) => reasonLabel(r.reason) },
                      { header: 'Returns', card: true, headerClassName: 'text-right', className: 'text-right tabular-nums', cell: (r) => formatCount(r.returns) },
                      { header: 'Units', card: true, headerClassName: 'text-right', className: 'text-right tabular-nums', cell: (r) => formatCount(r.units) },
                    ]}
                  />
                ) : (
                  <EmptyState icon={Undo2} title="No returns in this period" description="Returns members ask for are counted here by their reason." className="bg-white" />
                )}
              </section>
            </div>
          </>
        ) : null}
      </QueryStates>
    </div>
  );
}
