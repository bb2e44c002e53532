import type { ComponentType, ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Briefcase, Gift, HandCoins, Percent, Wallet } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { apiGet } from '../../../lib/api';
import { formatCount, formatDateTimeUS, formatDateUS, formatINR, formatMoney } from '../format';
import { KEYS } from '../queries';
import type { DirectIncomeData, PayoutSummaryData } from '../types';
import { QueryStates } from '../ui/query-error';
import { SectionHeader } from '../ui/section-header';
import { CardField, TableFrame, Td, Th, Tr } from '../ui/table';

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

function Total({ label, value, sub }: { label: string; value: ReactNode; sub?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <p className="text-sm font-medium text-slate-500">{label}</p>
      <p className="mt-2 text-2xl font-bold tracking-tight text-slate-900 tabular-nums">{value}</p>
      {sub ? <p className="mt-1 text-xs text-slate-500">{sub}</p> : null}
    </div>
  );
}

function Member({ name, userId, email }: { name: string; userId: string; email: string }) {
  return (
    <div className="min-w-44">
      <p className="font-medium text-slate-900">{name}</p>
      <p className="text-xs text-slate-500">
        <span className="font-mono">{userId}</span> · {email}
      </p>
    </div>
  );
}

const WITHDRAWAL_TYPE: Record<string, string> = { bank: 'Bank Transfer', usdt: 'USDT' };

/** Payout Summary (decisions.md §11): approved withdrawals, with totals per currency. */
export function PayoutSummarySection() {
  const report = useQuery({ queryKey: [KEYS.payoutSummary], queryFn: () => apiGet<PayoutSummaryData>(KEYS.payoutSummary) });
  const items = report.data?.items ?? [];
  const totals = report.data?.totals ?? [];
  return (
    <div className="space-y-5">
      <SectionHeader eyebrow="Income Reports" title="Payout Summary" description="Withdrawals approved and paid out to members, newest first." />
      <QueryStates
        query={report}
        errorTitle="Failed to load the payout summary"
        loadingLabel="Loading payouts..."
        empty={items.length === 0 ? (
          <EmptyState icon={Wallet} title="No approved withdrawals yet" description="Each withdrawal an administrator approves is listed here with its payout reference." />
        ) : null}
      >
        <>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {totals.map((t) => (
              <Total key={t.currency} label={`Paid out in ${t.currency}`} value={formatMoney(t.amount, t.currency)} sub={`${formatCount(t.count)} ${t.count === 1 ? 'payout' : 'payouts'}`} />
            ))}
          </div>
          <TableFrame label="Payouts" className="hidden md:block">
            <thead>
              <tr>
                <Th>Processed</Th>
                <Th>Member</Th>
                <Th>Type</Th>
                <Th className="text-right">Amount</Th>
                <Th>Transaction ID</Th>
                <Th>Notes</Th>
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <Tr key={p.id}>
                  <Td className="whitespace-nowrap">{formatDateTimeUS(p.processedAt)}</Td>
                  <Td>
                    <Member name={p.userName} userId={p.userUserId} email={p.userEmail} />
                  </Td>
                  <Td className="whitespace-nowrap">{WITHDRAWAL_TYPE[p.type] ?? p.type}</Td>
                  <Td className="text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums">{formatMoney(p.amount, p.currency)}</Td>
                  <Td className="font-mono text-xs">{p.transactionId || '—'}</Td>
                  <Td className="max-w-64 text-slate-600">{p.adminNotes || '—'}</Td>
                </Tr>
              ))}
            </tbody>
          </TableFrame>
          <ul className="space-y-3 md:hidden" aria-label="Payouts">
            {items.map((p) => (
              <li key={p.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <Member name={p.userName} userId={p.userUserId} email={p.userEmail} />
                  <p className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">{formatMoney(p.amount, p.currency)}</p>
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-3 border-t border-slate-100 pt-3">
                  <CardField label="Processed">{formatDateUS(p.processedAt)}</CardField>
                  <CardField label="Type">{WITHDRAWAL_TYPE[p.type] ?? p.type}</CardField>
                  <CardField label="Transaction ID" wide>
                    <span className="font-mono text-xs">{p.transactionId || '—'}</span>
                  </CardField>
                  {p.adminNotes ? (
                    <CardField label="Notes" wide>
                      {p.adminNotes}
                    </CardField>
                  ) : null}
                </dl>
              </li>
            ))}
          </ul>
        </>
      </QueryStates>
    </div>
  );
}

/** Direct Income (decisions.md §11): the sponsor income ledger. */
export function DirectIncomeSection() {
  const report = useQuery({ queryKey: [KEYS.directIncome], queryFn: () => apiGet<DirectIncomeData>(KEYS.directIncome) });
  const items = report.data?.items ?? [];
  const totals = report.data?.totals;
  return (
    <div className="space-y-5">
      <SectionHeader eyebrow="Income Reports" title="Direct Income" description="Sponsor income credited to members' wallets, newest first." />
      <QueryStates
        query={report}
        errorTitle="Failed to load direct income"
        loadingLabel="Loading direct income..."
        empty={items.length === 0 ? (
          <EmptyState icon={HandCoins} title="No sponsor income has been credited yet" description="Sponsor income appears here as soon as it is credited to a member's wallet." />
        ) : null}
      >
        <>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <Total label="Total direct income" value={formatINR(totals?.amount)} sub={`${formatCount(totals?.count)} ${totals?.count === 1 ? 'credit' : 'credits'}`} />
          </div>
          <TableFrame label="Direct income" className="hidden md:block">
            <thead>
              <tr>
                <Th>Date</Th>
                <Th>Member</Th>
                <Th className="text-right">Amount</Th>
                <Th>Description</Th>
                <Th>Reference</Th>
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <Tr key={r.id}>
                  <Td className="whitespace-nowrap">{formatDateTimeUS(r.createdAt)}</Td>
                  <Td>
                    <Member name={r.userName} userId={r.userUserId} email={r.userEmail} />
                  </Td>
                  <Td className="text-right font-semibold whitespace-nowrap text-emerald-700 tabular-nums">{formatINR(r.amount)}</Td>
                  <Td className="max-w-72 text-slate-600">{r.description || '—'}</Td>
                  <Td className="font-mono text-xs">{r.referenceId || '—'}</Td>
                </Tr>
              ))}
            </tbody>
          </TableFrame>
          <ul className="space-y-3 md:hidden" aria-label="Direct income">
            {items.map((r) => (
              <li key={r.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <Member name={r.userName} userId={r.userUserId} email={r.userEmail} />
                  <p className="font-semibold whitespace-nowrap text-emerald-700 tabular-nums">{formatINR(r.amount)}</p>
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-3 border-t border-slate-100 pt-3">
                  <CardField label="Date">{formatDateUS(r.createdAt)}</CardField>
                  <CardField label="Reference">{r.referenceId || '—'}</CardField>
                  {r.description ? (
                    <CardField label="Description" wide>
                      {r.description}
                    </CardField>
                  ) : null}
                </dl>
              </li>
            ))}
          </ul>
        </>
      </QueryStates>
    </div>
  );
}

const NO_SOURCE: Record<'roi-income' | 'salary-income' | 'holiday-reward', { title: string; heading: string; icon: Icon; text: string }> = {
  'roi-income': {
    title: 'ROI Income',
    heading: 'No ROI income is configured on this platform.',
    icon: Percent,
    text: 'The wallet ledger has no return-on-investment income type, so there is nothing to report here.',
  },
  'salary-income': {
    title: 'Salary Income',
    heading: 'No salary income is configured on this platform.',
    icon: Briefcase,
    text: 'The wallet ledger has no salary income type, so there is nothing to report here.',
  },
  'holiday-reward': {
    title: 'Holiday Reward Summary',
    heading: 'No holiday rewards are configured on this platform.',
    icon: Gift,
    text: 'The wallet ledger has no holiday reward type, so there is nothing to report here.',
  },
};

/** Income reports with no data source (decisions.md §11): they say so plainly. */
export function NoSourceReport({ kind }: { kind: keyof typeof NO_SOURCE }) {
  const c = NO_SOURCE[kind];
  return (
    <div className="space-y-5">
      <SectionHeader eyebrow="Income Reports" title={c.title} />
      <EmptyState icon={c.icon} title={c.heading} description={`${c.text} Direct Income and Payout Summary show the income that is paid.`} className="bg-white" />
    </div>
  );
}
