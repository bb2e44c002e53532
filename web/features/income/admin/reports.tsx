import type { ComponentProps, ComponentType, ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Briefcase, CalendarRange, Gift, HandCoins, Percent, Wallet } from 'lucide-react';
import { NOT_OFFERED_REPORTS, compareMoney, type NotOfferedReport } from '@contracts';
import { Badge } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { getRoute } from '../../../lib/api';
import { cycleKindLabel, formatCycleMonth, formatCyclePeriod } from '../../../lib/cycles';
import { plural } from '../../../lib/format-plural';
import { formatCount, formatDateTimeUS, formatDateUS, formatINR, formatMoney } from '../../../lib/admin/format';
import { KEYS } from '../../../lib/admin/queries';
import type { PayoutSummaryReport } from '../../../lib/admin/types';
import { QueryStates } from '../../../components/ui/query-error';
import { SectionHeader } from '../../../components/admin/section-header';
import { CardField, DataTable, type Column } from '../../../components/ui/table';

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

/** A report row on a phone: the member and the amount, then the row's fields. */
function MemberAmountCard({ row, children }: { row: { userName: string; userUserId: string; userEmail: string; amount: string }; children: ReactNode }) {
  return (
    <div>
      <div className="flex items-start justify-between gap-3">
        <Member name={row.userName} userId={row.userUserId} email={row.userEmail} />
        <p className="font-semibold whitespace-nowrap text-emerald-700 tabular-nums">{formatINR(row.amount)}</p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 border-t border-slate-100 pt-3">{children}</dl>
    </div>
  );
}

function Period({ kind, startsAt, endsAt }: { kind: string; startsAt: string; endsAt: string }) {
  return (
    <div className="min-w-36">
      <p className="font-medium text-slate-900">{formatCyclePeriod(startsAt, endsAt)}</p>
      <p className="text-xs text-slate-500">{cycleKindLabel(kind)} cycle</p>
    </div>
  );
}

function SubHeading({ title, description }: { title: string; description: string }) {
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-0.5 text-sm text-slate-500">{description}</p>
    </div>
  );
}

const WITHDRAWAL_TYPE: Record<string, string> = { bank: 'Bank Transfer', usdt: 'USDT' };

/** The withdrawals an administrator approved (docs/spec/decisions.md §11): money paid out of the wallets the cycles credit. */
function PaidWithdrawals({ data }: { data: PayoutSummaryReport['withdrawals'] }) {
  const { items, totals } = data;
  return (
    <section className="space-y-4" aria-labelledby="paid-withdrawals">
      <div id="paid-withdrawals">
        <SubHeading title="Withdrawals paid out" description="Withdrawals approved and paid out to members, newest first." />
      </div>
      {items.length === 0 ? (
        <EmptyState icon={Wallet} title="No approved withdrawals yet" description="Each withdrawal an administrator approves is listed here with its payout reference." />
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {totals.map((t) => (
              <Total key={t.currency} label={`Paid out in ${t.currency}`} value={formatMoney(t.amount, t.currency)} sub={plural(t.count, 'withdrawal')} />
            ))}
          </div>
          <DataTable
            rows={items}
            rowKey={(p) => p.id}
            label="Withdrawals paid out"
            columns={[
              { header: 'Processed', className: 'whitespace-nowrap', cell: (p) => formatDateTimeUS(p.processedAt) },
              { header: 'Member', cell: (p) => <Member name={p.userName} userId={p.userUserId} email={p.userEmail} /> },
              { header: 'Type', className: 'whitespace-nowrap', cell: (p) => WITHDRAWAL_TYPE[p.type] ?? p.type },
              { header: 'Amount', headerClassName: 'text-right', className: 'text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums', cell: (p) => formatMoney(p.amount, p.currency) },
              { header: 'Transaction ID', className: 'font-mono text-xs', cell: (p) => p.transactionId || '—' },
              { header: 'Notes', className: 'max-w-64 text-slate-600', cell: (p) => p.adminNotes || '—' },
            ]}
            card={(p) => (
              <div>
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
              </div>
            )}
          />
        </>
      )}
    </section>
  );
}

/**
 * Payout Summary (docs/spec/compensation.md §6): every posted cycle with its gross, deductions (admin charge, TDS), net and
 * members paid; below, the withdrawals approved (docs/spec/decisions.md §11).
 */
export function PayoutSummarySection() {
  const report = useQuery({ queryKey: [KEYS.payoutSummary], queryFn: () => getRoute('GET /api/admin/reports/payout-summary') });
  const cycles = report.data?.cycles ?? [];
  const totals = report.data?.totals;
  return (
    <div className="space-y-5">
      <SectionHeader eyebrow="Income Reports" title="Payout Summary" description="Income posted to members' wallets, cycle by cycle, with its deductions; then the withdrawals paid out." />
      <QueryStates query={report} errorTitle="Failed to load the payout summary" loadingLabel="Loading payouts...">
        {report.data ? (
          <>
            {cycles.length === 0 ? (
              <EmptyState
                icon={CalendarRange}
                title="No cycle has been posted yet"
                description="Each pairing or monthly cycle appears here once an administrator posts it to the members' wallets."
                className="bg-white"
              />
            ) : (
              <section className="space-y-4" aria-labelledby="posted-cycles">
                <div id="posted-cycles">
                  <SubHeading title="Posted cycles" description="Last posted first. Net is the gross less the admin charge and TDS: what reached the wallets." />
                </div>
                <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
                  <Total label="Gross income" value={formatINR(totals?.gross)} sub={plural(totals?.cycles, 'posted cycle')} />
                  <Total label="Admin charge" value={formatINR(totals?.adminCharge)} sub="Deducted at posting" />
                  <Total label="TDS" value={formatINR(totals?.tds)} sub="Tax deducted at source" />
                  <Total label="Net paid" value={formatINR(totals?.net)} sub={plural(totals?.membersPaid, 'member paid', 'members paid')} />
                </div>
                {totals && compareMoney(totals.recovered, '0') > 0 ? (
                  <p className="text-sm text-slate-600">Gross is after {formatINR(totals.recovered)} of earlier clawbacks was recovered from the members' lines.</p>
                ) : null}
                <DataTable
                  rows={cycles}
                  rowKey={(c) => c.id}
                  label="Posted cycles"
                  columns={[
                    { header: 'Cycle', cell: (c) => <Period kind={c.kind} startsAt={c.startsAt} endsAt={c.endsAt} /> },
                    { header: 'Posted', className: 'whitespace-nowrap', cell: (c) => formatDateTimeUS(c.postedAt) },
                    { header: 'Gross', headerClassName: 'text-right', className: 'text-right whitespace-nowrap tabular-nums', cell: (c) => formatINR(c.gross) },
                    { header: 'Admin charge', headerClassName: 'text-right', className: 'text-right whitespace-nowrap text-slate-600 tabular-nums', cell: (c) => formatINR(c.adminCharge) },
                    { header: 'TDS', headerClassName: 'text-right', className: 'text-right whitespace-nowrap text-slate-600 tabular-nums', cell: (c) => <Tds c={c} /> },
                    { header: 'Net', headerClassName: 'text-right', className: 'text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums', cell: (c) => formatINR(c.net) },
                    { header: 'Members paid', headerClassName: 'text-right', className: 'text-right tabular-nums', cell: (c) => formatCount(c.membersPaid) },
                  ]}
                  card={(c) => (
                    <div>
                      <div className="flex items-start justify-between gap-3">
                        <Period kind={c.kind} startsAt={c.startsAt} endsAt={c.endsAt} />
                        <div className="text-right">
                          <p className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">{formatINR(c.net)}</p>
                          <p className="text-xs text-slate-500">net</p>
                        </div>
                      </div>
                      <dl className="mt-3 grid grid-cols-2 gap-3 border-t border-slate-100 pt-3">
                        <CardField label="Gross">{formatINR(c.gross)}</CardField>
                        <CardField label="Members paid">{formatCount(c.membersPaid)}</CardField>
                        <CardField label="Admin charge">{formatINR(c.adminCharge)}</CardField>
                        <CardField label="TDS">
                          <Tds c={c} />
                        </CardField>
                        <CardField label="Posted" wide>
                          {formatDateTimeUS(c.postedAt)}
                        </CardField>
                      </dl>
                    </div>
                  )}
                />
              </section>
            )}
            <PaidWithdrawals data={report.data.withdrawals} />
          </>
        ) : null}
      </QueryStates>
    </div>
  );
}

/**
 * A report of member lines (Direct Income, Holiday Reward Summary): its header, a total, and the lines as a table with
 * a card per line on a phone.
 */
function MemberLinesReport<R extends { id: string }>({
  report,
  title,
  description,
  states,
  empty,
  total,
  label,
  columns,
  card,
}: {
  report: UseQueryResult<{ items: R[] }>;
  title: string;
  description: string;
  states: Pick<ComponentProps<typeof QueryStates>, 'what' | 'errorTitle' | 'loadingLabel'>;
  empty: ReactNode;
  total: ReactNode;
  label: string;
  columns: Column<R>[];
  card: (row: R) => ReactNode;
}) {
  const items = report.data?.items ?? [];
  return (
    <div className="space-y-5">
      <SectionHeader eyebrow="Income Reports" title={title} description={description} />
      <QueryStates query={report} {...states} empty={items.length === 0 && empty}>
        <>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{total}</div>
          <DataTable rows={items} rowKey={(r) => r.id} label={label} columns={columns} card={card} />
        </>
      </QueryStates>
    </div>
  );
}

/** Direct Income (docs/spec/compensation.md §6): the sponsor income lines of posted cycles, with their explanations. */
export function DirectIncomeSection() {
  const report = useQuery({ queryKey: [KEYS.directIncome], queryFn: () => getRoute('GET /api/admin/reports/direct-income') });
  const totals = report.data?.totals;
  return (
    <MemberLinesReport
      report={report}
      title="Direct Income"
      description="Sponsor income of posted cycles: a percent of the BV bought by the members each member sponsored. Last posted cycle first."
      states={{ what: 'direct income' }}
      empty={
        <EmptyState icon={HandCoins} title="No direct income has been posted yet" description="Sponsor income appears here once the pairing cycle it was earned in is posted." className="bg-white" />
      }
      total={<Total label="Total direct income" value={formatINR(totals?.amount)} sub={`${plural(totals?.count, 'line')} · ${plural(totals?.members, 'member')}`} />}
      label="Direct income"
      columns={[
        { header: 'Cycle', cell: (r) => <Period kind={r.cycleKind} startsAt={r.cycleStartsAt} endsAt={r.cycleEndsAt} /> },
        { header: 'Member', cell: (r) => <Member name={r.userName} userId={r.userUserId} email={r.userEmail} /> },
        { header: 'Amount', headerClassName: 'text-right', className: 'text-right font-semibold whitespace-nowrap text-emerald-700 tabular-nums', cell: (r) => formatINR(r.amount) },
        {
          header: 'How it was earned',
          className: 'max-w-96 min-w-64 text-slate-600',
          cell: (r) => (
            <>
              {r.explanation || '—'}
              <span className="mt-0.5 block text-xs text-slate-500">Plan v{r.planVersion}</span>
            </>
          ),
        },
      ]}
      card={(r) => (
        <MemberAmountCard row={r}>
          <CardField label="Cycle">{formatCyclePeriod(r.cycleStartsAt, r.cycleEndsAt)}</CardField>
          <CardField label="Plan">v{r.planVersion}</CardField>
          {r.explanation ? (
            <CardField label="How it was earned" wide>
              {r.explanation}
            </CardField>
          ) : null}
        </MemberAmountCard>
      )}
    />
  );
}

const place = (n: number | null) => (n === null ? null : `#${n}`);

/** Holiday Reward Summary (docs/spec/compensation.md §4, §6): the travel fund's awards, month by month. */
export function HolidayRewardSection() {
  const report = useQuery({ queryKey: [KEYS.holidayReward], queryFn: () => getRoute('GET /api/admin/reports/holiday-reward') });
  const totals = report.data?.totals;
  return (
    <MemberLinesReport
      report={report}
      title="Holiday Reward Summary"
      description="Travel fund awards of posted monthly cycles: each qualifying member's share of the month's pool, newest month first."
      states={{ errorTitle: 'Failed to load the holiday rewards', loadingLabel: 'Loading holiday rewards...' }}
      empty={
        <EmptyState icon={Gift} title="No holiday rewards have been awarded yet" description="Travel fund shares appear here once the monthly cycle that awards them is posted." className="bg-white" />
      }
      total={<Total label="Total holiday rewards" value={formatINR(totals?.amount)} sub={`${plural(totals?.count, 'award')} · ${plural(totals?.members, 'member')}`} />}
      label="Holiday rewards"
      columns={[
        { header: 'Month', className: 'whitespace-nowrap', cell: (r) => formatCycleMonth(r.periodDate) },
        { header: 'Place', cell: (r) => (r.position !== null ? <Badge tone="info">{place(r.position)}</Badge> : '—') },
        { header: 'Member', cell: (r) => <Member name={r.userName} userId={r.userUserId} email={r.userEmail} /> },
        { header: 'Points', headerClassName: 'text-right', className: 'text-right tabular-nums', cell: (r) => r.points ?? '—' },
        { header: 'Amount', headerClassName: 'text-right', className: 'text-right font-semibold whitespace-nowrap text-emerald-700 tabular-nums', cell: (r) => formatINR(r.amount) },
      ]}
      card={(r) => (
        <MemberAmountCard row={r}>
          <CardField label="Month" wide>
            {formatCycleMonth(r.periodDate)}
          </CardField>
          <CardField label="Place">{place(r.position) ?? '—'}</CardField>
          <CardField label="Points">{r.points ?? '—'}</CardField>
        </MemberAmountCard>
      )}
    />
  );
}

const NOT_OFFERED: Record<NotOfferedReport, { title: string; icon: Icon }> = {
  'roi-income': { title: 'ROI Income', icon: Percent },
  'salary-income': { title: 'Salary Income', icon: Briefcase },
};

/** ROI and Salary Income are not offered (docs/spec/compensation.md §1): the report says why, in one sentence. */
export function NotOfferedReportSection({ kind }: { kind: NotOfferedReport }) {
  const c = NOT_OFFERED[kind];
  return (
    <div className="space-y-5">
      <SectionHeader eyebrow="Income Reports" title={c.title} />
      <EmptyState icon={c.icon} title={<span className="block max-w-xl font-medium text-slate-700">{NOT_OFFERED_REPORTS[kind]}</span>} className="bg-white" />
    </div>
  );
}

/** A cycle's TDS, with what it carried to later cycles when it could not bear all that was due (docs/spec/returns.md §5). */
function Tds({ c }: { c: { tds: string; tdsCarried: string } }) {
  return (
    <>
      {formatINR(c.tds)}
      {compareMoney(c.tdsCarried, '0') > 0 ? <span className="block text-xs font-normal text-amber-800">{formatINR(c.tdsCarried)} carried</span> : null}
    </>
  );
}
