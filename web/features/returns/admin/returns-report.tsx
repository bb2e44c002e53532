import { type ReactNode, useState } from 'react';
import { Boxes, PackageX, Percent, Undo2 } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { QueryStates } from '../../../components/ui/query-error';
import { StatCard } from '../../../components/ui/stat-card';
import { type Column, DataTable } from '../../../components/ui/table';
import { formatCount } from '../../../lib/admin/format';
import { formatMoney } from '../../../lib/money';
import { reasonLabel } from '../labels';
import { type ReturnsReport as Report, useReturnsReport } from './returns-admin-api';

const percent = (v: string) => `${v}%`;
type ByProduct = Report['byProduct'][number];
type ByReason = Report['byReason'][number];

/** A right-aligned figure of the report's tables. */
const figure = <T,>(header: string, cell: (row: T) => string): Column<T> => ({ header, card: true, headerClassName: 'text-right', className: 'text-right tabular-nums', cell });

/** One part of the report: its heading, then its table (cards on phones), or `empty` when it has no rows. */
function ReportPart<T>({
  id,
  title,
  label,
  rows,
  rowKey,
  columns,
  empty,
}: {
  id: string;
  title: string;
  label: string;
  rows: T[];
  rowKey: (row: T) => string;
  columns: Column<T>[];
  empty: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {rows.length ? <DataTable<T> label={label} rows={rows} rowKey={rowKey} cards="divided" columns={columns} /> : empty}
    </section>
  );
}

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
              <ReportPart
                id="rr-products"
                title="By product"
                label="Returns by product"
                rows={d.byProduct}
                rowKey={(p) => p.productId}
                columns={[
                  { header: 'Product', card: 'wide', className: 'min-w-40 font-medium text-slate-900', cell: (p) => p.productName },
                  figure<ByProduct>('Sold', (p) => formatCount(p.sold)),
                  figure<ByProduct>('Returned', (p) => formatCount(p.returned)),
                  figure<ByProduct>('Rate', (p) => percent(p.rate)),
                  { header: 'Refunded', card: true, headerClassName: 'text-right', className: 'text-right whitespace-nowrap tabular-nums', cell: (p) => formatMoney(p.refunded) },
                ]}
                empty={<EmptyState icon={Boxes} title="No sales in this period" description="Choose other dates to compare sales and returns." className="bg-white" />}
              />
              <ReportPart
                id="rr-reasons"
                title="By reason"
                label="Returns by reason"
                rows={d.byReason}
                rowKey={(r) => r.reason}
                columns={[
                  { header: 'Reason', card: 'wide', className: 'font-medium text-slate-900', cell: (r) => reasonLabel(r.reason) },
                  figure<ByReason>('Returns', (r) => formatCount(r.returns)),
                  figure<ByReason>('Units', (r) => formatCount(r.units)),
                ]}
                empty={<EmptyState icon={Undo2} title="No returns in this period" description="Returns members ask for are counted here by their reason." className="bg-white" />}
              />
            </div>
          </>
        ) : null}
      </QueryStates>
    </div>
  );
}
