import { useState } from 'react';
import { Link } from 'react-router';
import { ScrollText, Search, Send, WalletCards } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormField } from '../../../components/ui/form-field';
import { cn } from '../../../lib/cn';
import { formatDateTimeUS, formatDateUS, formatINR } from '../../../lib/admin/format';
import { sectionHref } from '../../../lib/admin/sections';
import { MemberCell } from '../../../components/admin/member-cell';
import { SectionHeader } from '../../../components/admin/section-header';
import { type Column, RowCard } from '../../../components/ui/table';
import { QueriedTable } from '../../../components/admin/queried-list';
import { useWalletBalances, type WalletBalanceRow } from './money-api';
import { FilterBar, applyOrRefetch } from '../../../components/admin/filter-bar';
import { SearchBox } from '../../../components/admin/search-box';

const sendHref = (userId: string) => `${sectionHref('send-fund')}&userId=${encodeURIComponent(userId)}`;
const historyHref = (userId: string) => `${sectionHref('fund-history')}&search=${encodeURIComponent(userId)}`;

function Actions({ r, className }: { r: WalletBalanceRow; className?: string }) {
  return (
    <div className={cn('flex gap-2', className)}>
      <Button asChild size="sm" variant="outline">
        <Link to={sendHref(r.userDisplayId)} aria-label={`Send fund to ${r.userName || r.userDisplayId}`}>
          <Send aria-hidden="true" className="size-3.5" /> Send Fund
        </Link>
      </Button>
      <Button asChild size="sm" variant="ghost">
        <Link to={historyHref(r.userDisplayId)} aria-label={`Fund history of ${r.userName || r.userDisplayId}`}>
          <ScrollText aria-hidden="true" className="size-3.5" /> History
        </Link>
      </Button>
    </div>
  );
}

/** Wallet Balances (doc 2 §7 GET /api/admin/wallet-balances): one wallet per member. */
const columns: Column<WalletBalanceRow>[] = [
  {
    header: 'Member',
    className: 'max-w-64 min-w-44',
    cell: (r) => (
      <>
        <p className="truncate font-medium text-slate-900">{r.userName || '—'}</p>
        <p className="truncate text-xs text-slate-500" title={r.userEmail}>
          <span className="font-mono">{r.userDisplayId}</span> · {r.userEmail}
        </p>
      </>
    ),
  },
  { header: 'Balance', headerClassName: 'text-right', className: 'text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums', cell: (r) => formatINR(r.balance) },
  { header: 'Total earnings', headerClassName: 'text-right', className: 'text-right whitespace-nowrap text-emerald-700 tabular-nums', cell: (r) => formatINR(r.totalEarnings) },
  { header: 'Total withdrawals', headerClassName: 'text-right', className: 'text-right whitespace-nowrap text-slate-600 tabular-nums', cell: (r) => formatINR(r.totalWithdrawals) },
  // The date and time may wrap, and the actions stack: the table fits 1280 px with no column under the sticky Actions (issue 30).
  { header: 'Updated', className: 'min-w-28 text-slate-600', cell: (r) => formatDateTimeUS(r.updatedAt) },
  { header: 'Actions', headerClassName: 'text-right', stickyEnd: true, cell: (r) => <Actions r={r} className="flex-col items-stretch" /> },
];

export function WalletBalancesSection() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const wallets = useWalletBalances(search);
  const items = wallets.data?.pages.flatMap((p) => p.items) ?? [];

  const empty = <EmptyState icon={WalletCards} title="No wallets found" description={search ? 'No member matches this search.' : 'A wallet appears once a member receives or spends money.'} />;
  return (
    <div className="space-y-5">
      <SectionHeader eyebrow="Fund Management" title="Wallet Balances" description="The wallet of each member: balance, total earnings and total withdrawals." />

      <FilterBar
        label="Search wallets"
        onSubmit={(e) => {
          e.preventDefault();
          applyOrRefetch(text.trim(), search, setSearch, wallets.refetch);
        }}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        <FormField id="wb-search" label="Member" className="flex-1">
          <SearchBox id="wb-search" value={text} onChange={(e) => setText(e.target.value)} placeholder="User ID, name or email" />
        </FormField>
        <Button type="submit" icon={Search}>
          Search
        </Button>
      </FilterBar>

      <QueriedTable
        query={wallets}
        errorTitle="Failed to load wallet balances"
        loadingLabel="Loading wallets..."
        empty={empty}
        label="Wallet balances"
        rows={items}
        rowKey={(r) => r.userId}
        rowData={(r) => ({ 'data-user-id': r.userDisplayId })}
        columns={columns}
        card={(r) => (
          <RowCard
            head={<MemberCell row={r} strong />}
            aside={<p className="shrink-0 text-base font-semibold text-slate-900 tabular-nums">{formatINR(r.balance)}</p>}
            fields={{ 'Total earnings': formatINR(r.totalEarnings), 'Total withdrawals': formatINR(r.totalWithdrawals), Updated: formatDateUS(r.updatedAt) }}
            wide={['Updated']}
            after={<Actions r={r} className="border-t border-slate-100 pt-3 [&>a]:flex-1" />}
          />
        )}
      />
    </div>
  );
}
