import { useDeferredValue, useState } from 'react';
import { Boxes, ClipboardList, IndianRupee, Store } from 'lucide-react';
import { Badge, StatusBadge } from '../../components/ui/badge';
import { TitledCard } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NameCell } from '../../components/ui/name-cell';
import { QueryStates } from '../../components/ui/query-error';
import { DataTable, type Column } from '../../components/ui/table';
import { formatMoney } from '../../lib/money';
import { USER_STATUS } from '../../lib/status-looks';
import { ROLE_LABELS } from '../account';
import { useFranchiseMaster, type FranchiseHolderView } from './founder-api';

const COUNT = new Intl.NumberFormat('en-IN');
const plural = (n: number, one: string) => `${COUNT.format(n)} ${one}${n === 1 ? '' : 's'}`;
const sales = (n: number, value: string) => `${COUNT.format(n)} · ${formatMoney(value)}`;

function Total({ icon: Icon, label, value }: { icon: typeof Store; label: string; value: string }) {
  return (
    <div role="group" aria-label={label} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-500">{label}</p>
        <Icon aria-hidden="true" className="size-4 text-brand-700" />
      </div>
      <p className="mt-2 text-xl font-bold tracking-tight text-slate-900 tabular-nums">{value}</p>
    </div>
  );
}

/** Franchise Master Control (doc 3 §2.6, issue 16): every franchise holder of your downline, read only. */
export function FranchiseMasterSection() {
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  const master = useFranchiseMaster(search);
  const d = master.data;
  const month = d ? new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date(d.monthStartsAt)) : '';
  const columns: Column<FranchiseHolderView>[] = [
    { header: 'Franchise', card: 'wide', cell: (f) => <NameCell name={f.name} sub={f.userId} mono /> },
    { header: 'Type', card: true, cell: (f) => <Badge tone="warning">{ROLE_LABELS[f.role]}</Badge> },
    { header: 'Status', card: true, cell: (f) => <StatusBadge map={USER_STATUS} value={f.status} /> },
    { header: 'Stock', card: 'wide', className: 'tabular-nums whitespace-nowrap', cell: (f) => `${plural(f.stockProducts, 'product')} · ${plural(f.stockUnits, 'unit')}` },
    { header: 'Sales this month', card: true, className: 'tabular-nums whitespace-nowrap', cell: (f) => sales(f.salesMonthCount, f.salesMonthValue) },
    { header: 'Sales in total', card: true, className: 'tabular-nums whitespace-nowrap', cell: (f) => sales(f.salesTotalCount, f.salesTotalValue) },
    { header: 'Open stock requests', card: true, className: 'tabular-nums', cell: (f) => COUNT.format(f.openStockRequests) },
  ];
  return (
    <section aria-labelledby="franchise-master" className="space-y-5">
      <div>
        <h1 id="franchise-master" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Franchise Master Control
        </h1>
        <p className="mt-1 text-sm text-slate-500">The franchise holders in your downline: their stock, local sales and stock requests.</p>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-busy={master.isPending}>
        <Total icon={Store} label="Franchise holders" value={COUNT.format(d?.totals.holders ?? 0)} />
        <Total icon={Boxes} label="Units in stock" value={COUNT.format(d?.totals.stockUnits ?? 0)} />
        <Total icon={IndianRupee} label={month ? `Local sales, ${month}` : 'Local sales this month'} value={formatMoney(d?.totals.salesMonthValue ?? '0')} />
        <Total icon={ClipboardList} label="Open stock requests" value={COUNT.format(d?.totals.openStockRequests ?? 0)} />
      </div>
      <TitledCard id="franchise-list" title="Franchise Holders" description={<>Local sales in total: {formatMoney(d?.totals.salesTotalValue ?? '0')}.</>} contentClassName="space-y-4">
        <FormField id="franchise-search" label="Search by name, user ID or email">
          <Input id="franchise-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} maxLength={60} />
        </FormField>
        <QueryStates query={master} errorTitle="Could not load the franchise holders" loadingLabel="Loading franchise holders...">
          {d?.franchises.length ? (
            <DataTable rows={d.franchises} rowKey={(f) => f.id} label="Franchise holders" breakpoint="lg" columns={columns} rowData={(f) => ({ 'data-franchise': f.userId })} />
          ) : (
            <EmptyState
              icon={Store}
              title={search ? 'No franchise holder matches' : 'No franchise holders in your downline'}
              description={search ? 'Try another name, user ID or email.' : 'Members of your tree who hold a Mini or Basic franchise appear here.'}
            />
          )}
        </QueryStates>
      </TitledCard>
    </section>
  );
}
