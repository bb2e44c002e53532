import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { ScrollText } from 'lucide-react';
import { TRANSACTION_TYPES, ledgerTypeLabel } from '@contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormField } from '../../../components/ui/form-field';
import { Select, Options } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { formatDateTimeIN, formatINR, formatSignedINR } from '../../../lib/admin/format';
import { MemberCell } from '../../../components/admin/member-cell';
import { SectionHeader } from '../../../components/admin/section-header';
import { FilterActions } from '../../../components/admin/list-filters';
import { FilterBar, applyOrRefetch } from '../../../components/admin/filter-bar';
import { SearchBox } from '../../../components/admin/search-box';
import { type Column, RowCard } from '../../../components/ui/table';
import { QueriedTable } from '../../../components/admin/queried-list';
import { useFundHistory, type FundHistoryRecord } from './money-api';

/** The registry's label (contracts/income-types.ts), the same the member's statement shows. */
const typeLabel = ledgerTypeLabel;
const typeTone = (type: string): BadgeTone =>
  type === 'admin_credit' ? 'success' : type === 'admin_debit' ? 'danger' : type.startsWith('withdrawal') ? 'warning' : type === 'purchase' ? 'info' : 'brand';

/** Signed amount: negative in red with a minus sign (doc 2 §2.13). */
function SignedAmount({ value, className }: { value: string; className?: string }) {
  const negative = Number(value) < 0;
  return (
    <span className={cn('font-semibold whitespace-nowrap tabular-nums', negative ? 'text-red-600' : 'text-emerald-700', className)} data-negative={negative || undefined}>
      {formatSignedINR(value)}
    </span>
  );
}

const Member = ({ r }: { r: FundHistoryRecord }) => <MemberCell row={r} />;

/** en-IN date over time: "22 Nov 2026" / "07:46 pm" (doc 2 §9). */
function WhenIN({ value }: { value: string }) {
  const text = formatDateTimeIN(value);
  const cut = text.lastIndexOf(', ');
  return (
    <time dateTime={value} title={text}>
      <span className="block">{cut > 0 ? text.slice(0, cut) : text}</span>
      {cut > 0 ? <span className="block text-xs text-slate-500">{text.slice(cut + 2)}</span> : null}
    </time>
  );
}

type Values = { search: string; type: string };

/** A13 Fund History (doc 2 §2.13): every wallet movement, newest first, dates in en-IN. */
export function FundHistorySection() {
  const [params] = useSearchParams();
  const initial: Values = { search: params.get('search') ?? '', type: '' };
  const [filters, setFilters] = useState<Values>(initial);
  const form = useForm<Values>({ defaultValues: initial });
  const history = useFundHistory({ search: filters.search.trim() || undefined, type: filters.type || undefined });
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(filters.search.trim() || filters.type);

  const columns: Column<FundHistoryRecord>[] = [
    { header: 'Date', className: 'whitespace-nowrap text-slate-600', cell: (r) => <WhenIN value={r.createdAt} /> },
    { header: 'Member', className: 'max-w-52 min-w-40', cell: (r) => <Member r={r} /> },
    {
      header: 'Type and description',
      className: 'max-w-80 min-w-48',
      cell: (r) => (
        <>
          <Badge tone={typeTone(r.type)}>{typeLabel(r.type)}</Badge>
          <p className="mt-1 break-words text-slate-700">{r.description || '—'}</p>
        </>
      ),
    },
    { header: 'Amount', headerClassName: 'text-right', className: 'text-right', cell: (r) => <SignedAmount value={r.amount} /> },
    {
      header: 'Balance before / after',
      headerClassName: 'text-right',
      className: 'text-right whitespace-nowrap tabular-nums',
      cell: (r) => (
        <>
          <p className="text-xs text-slate-500">
            <span className="sr-only">Before: </span>
            {formatINR(r.balanceBefore)}
          </p>
          <p className="font-medium text-slate-900">
            <span className="sr-only">After: </span>
            {formatINR(r.balanceAfter)}
          </p>
        </>
      ),
    },
  ];

  const empty = (
    <EmptyState
      icon={ScrollText}
      title="No transactions found"
      description={filtered ? 'Try another member or type, or clear the filters.' : 'Credits, debits, withdrawals and purchases will be listed here.'}
    />
  );
  return (
    <div className="space-y-5">
      <SectionHeader eyebrow="Fund Management" title="Fund History" description="Every wallet movement of every member, newest first, with the balance before and after." />

      <FilterBar label="Filter fund history" onSubmit={(e) => void form.handleSubmit((v) => applyOrRefetch(v, filters, setFilters, history.refetch))(e)}>
        <FormField id="fh-search" label="Member" className="flex-1">
          <SearchBox id="fh-search" placeholder="User ID, name or email" {...form.register('search')} />
        </FormField>
        <FormField id="fh-type" label="Type" className="sm:w-56">
          <Select id="fh-type" {...form.register('type')}>
            <Options blank="All types" values={TRANSACTION_TYPES} label={typeLabel} />
          </Select>
        </FormField>
        <FilterActions
          filtered={filtered}
          onClear={() => {
            form.reset({ search: '', type: '' });
            setFilters({ search: '', type: '' });
          }}
        />
      </FilterBar>

      <QueriedTable
        query={history}
        errorTitle="Failed to load the fund history"
        loadingLabel="Loading transactions..."
        empty={empty}
        label="Fund history"
        rows={items}
        rowKey={(r) => r.id}
        rowData={(r) => ({ 'data-transaction-id': r.id })}
        columns={columns}
        card={(r) => (
          <RowCard
            head={<Member r={r} />}
            aside={<SignedAmount value={r.amount} className="shrink-0 text-base" />}
            fields={{ 'Balance before': formatINR(r.balanceBefore), 'Balance after': formatINR(r.balanceAfter) }}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Badge tone={typeTone(r.type)}>{typeLabel(r.type)}</Badge>
              <span className="text-xs text-slate-500">{formatDateTimeIN(r.createdAt)}</span>
            </div>
            {r.description ? <p className="text-sm break-words text-slate-600">{r.description}</p> : null}
          </RowCard>
        )}
      />
    </div>
  );
}
