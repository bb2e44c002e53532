import { format, isValid, parseISO } from 'date-fns';
import type { LedgerEntry } from '@contracts';
import { ArrowDownLeft, ArrowUpRight, ReceiptText } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { cn } from '../../lib/cn';
import { formatDate, formatDateTime } from '../../lib/format';
import { formatMoney, toPaise } from '../../lib/money';
import { useLedger } from './api';
import { transactionTypeLabel } from './labels';
import { WalletListCard } from './wallet-list-card';

/** "14:30" */
function formatTime(iso: string): string {
  const d = parseISO(iso);
  return isValid(d) ? format(d, 'HH:mm') : '';
}

const isDebit = (e: LedgerEntry) => (toPaise(e.amount) ?? 0n) < 0n;

/** "+₹5,000" in green or "−₹1,200" in red; the sign is also spoken ("credit", "debit"). */
function SignedAmount({ entry, className }: { entry: LedgerEntry; className?: string }) {
  const debit = isDebit(entry);
  return (
    <span className={cn('font-semibold whitespace-nowrap tabular-nums', debit ? 'text-red-600' : 'text-emerald-700', className)}>
      <span aria-hidden="true">{debit ? '−' : '+'}</span>
      <span className="sr-only">{debit ? 'debit ' : 'credit '}</span>
      {formatMoney(entry.amount.replace(/^-/, ''), { decimals: 2 })}
    </span>
  );
}

function TypeCell({ entry }: { entry: LedgerEntry }) {
  const debit = isDebit(entry);
  const Icon = debit ? ArrowUpRight : ArrowDownLeft;
  return (
    <span className="flex items-center gap-2 font-medium text-slate-900">
      <span className={cn('flex size-7 shrink-0 items-center justify-center rounded-full', debit ? 'bg-red-50 text-red-600' : 'bg-emerald-50 text-emerald-700')}>
        <Icon aria-hidden="true" className="size-3.5" />
      </span>
      {transactionTypeLabel(entry.type)}
    </span>
  );
}

function LedgerTable({ rows }: { rows: LedgerEntry[] }) {
  return (
    <div className="hidden overflow-x-auto sm:block" role="region" aria-label="Wallet transactions" tabIndex={0}>
      <table className="w-full border-separate border-spacing-0 text-left text-sm">
        <thead>
          <tr>
            {['Date', 'Type', 'Description', 'Amount', 'Balance After'].map((c, i) => (
              <th
                key={c}
                scope="col"
                className={cn(
                  'border-b border-slate-200 bg-slate-50 px-3 py-2.5 first:pl-6 last:pr-6 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase',
                  i >= 3 && 'text-right',
                )}
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.id} className="group hover:bg-slate-50">
              <td className="border-b border-slate-100 px-3 py-3 first:pl-6 last:pr-6 whitespace-nowrap text-slate-700 group-last:border-b-0">
                {formatDate(e.createdAt)}
                <span className="block text-xs text-slate-500">{formatTime(e.createdAt)}</span>
              </td>
              <td className="border-b border-slate-100 px-3 py-3 first:pl-6 last:pr-6 whitespace-nowrap group-last:border-b-0">
                <TypeCell entry={e} />
              </td>
              <td className="border-b border-slate-100 px-3 py-3 first:pl-6 last:pr-6 text-slate-600 group-last:border-b-0">{e.description || '—'}</td>
              <td className="border-b border-slate-100 px-3 py-3 first:pl-6 last:pr-6 text-right group-last:border-b-0">
                <SignedAmount entry={e} />
              </td>
              <td className="border-b border-slate-100 px-3 py-3 first:pl-6 last:pr-6 text-right whitespace-nowrap text-slate-700 tabular-nums group-last:border-b-0">
                {formatMoney(e.balanceAfter, { decimals: 2 })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one row per entry with the same figures. */
function LedgerList({ rows }: { rows: LedgerEntry[] }) {
  return (
    <ul aria-label="Wallet transactions" className="divide-y divide-slate-100 sm:hidden">
      {rows.map((e) => (
        <li key={e.id} className="space-y-1 py-3">
          <div className="flex items-start justify-between gap-3">
            <TypeCell entry={e} />
            <SignedAmount entry={e} />
          </div>
          {e.description ? <p className="pl-9 text-sm text-slate-600">{e.description}</p> : null}
          <p className="flex justify-between gap-3 pl-9 text-xs text-slate-500">
            <span>{formatDateTime(e.createdAt)}</span>
            <span className="tabular-nums">Balance {formatMoney(e.balanceAfter, { decimals: 2 })}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The ledger (decisions §6): every balance change, newest first, 'Load more' for older pages. */
export function LedgerCard() {
  const ledger = useLedger();
  const { hasNextPage, fetchNextPage, isFetchingNextPage } = ledger;
  const rows = ledger.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <WalletListCard
      title="Transactions"
      description="Every credit and debit of your wallet, newest first."
      query={ledger}
      loadingLabel="Loading transactions..."
      errorTitle="Could not load your transactions"
      empty={rows.length === 0 && <EmptyState icon={ReceiptText} title="No transactions yet" description="Credits, purchases and withdrawals appear here as they happen." />}
    >
      <div className="-mx-5 sm:-mx-6">
        <div className="px-5 sm:px-0">
          <LedgerList rows={rows} />
        </div>
        <LedgerTable rows={rows} />
        {hasNextPage ? (
          <div className="flex justify-center border-t border-slate-100 px-5 pt-4 sm:px-6">
            <Button variant="outline" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
              Load more
            </Button>
          </div>
        ) : null}
      </div>
    </WalletListCard>
  );
}
