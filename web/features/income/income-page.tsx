import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { Award, ChevronDown, Download, FileText, Gift, Layers, ReceiptText, Timer } from 'lucide-react';
import { compareMoney, ledgerTypeLabel } from '@contracts';
import { INCOME_MSG } from '../../../contracts/compensation';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { CardFooter, TitledCard } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { QueryError } from '../../components/ui/query-error';
import { InlineLoader } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useRecordParam } from '../../lib/record-param';
import { RecordNotFoundAlert } from '../../components/ui/record-not-found';
import { cycleKindLabel, formatCycleMonth, formatCyclePeriod } from '../../lib/cycles';
import { formatBV, formatMoney } from '../../lib/money';
import { statementHref, useIncome, useIncomeCycle, type IncomeCycle, type IncomeSummary } from './api';
import { SplitColumns } from '../../components/ui/columns';
import { Term, type TermLook } from '../../components/ui/term';

const FIGURE: TermLook = { term: 'text-slate-500', value: 'font-medium text-slate-800 tabular-nums' };

const rupees = (v: string | null | undefined) => formatMoney(v, { decimals: 2 });
const COUNT = new Intl.NumberFormat('en-IN');
/** A deduction with its minus sign; nothing taken reads "₹0.00", not "−₹0.00". */
const deducted = (v: string) => (Number(v) > 0 ? `−${rupees(v)}` : rupees(v));

function Figure({ label, value, hint, strong }: { label: string; value: ReactNode; hint?: ReactNode; strong?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className={cn('mt-0.5 text-lg font-bold break-words text-slate-900 tabular-nums', strong && 'text-emerald-700')}>{value}</dd>
      {hint ? <dd className="text-xs text-slate-500">{hint}</dd> : null}
    </div>
  );
}

const pending = (loading: boolean) => (loading ? '…' : '—');

/** A leg below zero (returned BV, docs/spec/returns.md §3) says why, under its figure. */
const owed = (carry: string | undefined) => (carry !== undefined && compareMoney(carry, '0') < 0 ? <span className="text-rose-700">{INCOME_MSG.negativeCarry}</span> : undefined);

function CarryCard({ data, loading }: { data: IncomeSummary | undefined; loading: boolean }) {
  return (
    <TitledCard id="income-carry-title" icon={Layers} title="Carry forward" description="BV on each leg waiting to pair in the next pairing cycle.">
      <dl className="grid grid-cols-2 gap-4">
        <Figure label="Left leg" value={data ? `${formatBV(data.carry.left)} BV` : pending(loading)} hint={owed(data?.carry.left)} />
        <Figure label="Right leg" value={data ? `${formatBV(data.carry.right)} BV` : pending(loading)} hint={owed(data?.carry.right)} />
      </dl>
    </TitledCard>
  );
}

function ThisCycleCard({ data, loading }: { data: IncomeSummary | undefined; loading: boolean }) {
  const c = data?.thisCycle;
  return (
    <TitledCard
      id="income-now-title"
      icon={Timer}
      title="This cycle so far"
      description={c ? `Pairing cycle ${formatCyclePeriod(c.startsAt, c.endsAt)}. The final figures are worked out when it closes.` : 'The pairing cycle that is open now.'}
    >
      {c ? (
        <dl className="grid grid-cols-2 gap-4">
          <Figure label="Left BV" value={formatBV(c.left)} hint="Added this cycle" />
          <Figure label="Right BV" value={formatBV(c.right)} hint="Added this cycle" />
          <Figure label="Projected pairs" value={COUNT.format(c.pairs)} />
          <Figure label="Projected amount" value={rupees(c.amount)} strong />
        </dl>
      ) : data ? (
        <p className="text-sm text-slate-500">No pairing cycle is open right now.</p>
      ) : (
        <p className="text-sm text-slate-500">{pending(loading)}</p>
      )}
    </TitledCard>
  );
}

function FinancialYearCard({ data, loading }: { data: IncomeSummary | undefined; loading: boolean }) {
  const fy = data?.financialYear;
  return (
    <TitledCard
      id="income-fy-title"
      className="flex flex-col md:col-span-2 xl:col-span-1"
      icon={FileText}
      title={`Financial year ${fy?.label ?? ''}`}
      description="Income posted since April, and the tax deducted at source from it."
      contentClassName="flex-1"
      footer={
        <CardFooter>
          <span className="text-sm font-medium text-slate-700">Download statement</span>
          <div className="flex gap-2">
            {fy ? (
              <>
                <Button asChild size="sm" variant="outline">
                  <a href={statementHref(fy.label, 'csv')} download>
                    <Download aria-hidden="true" className="size-3.5" /> <span className="sr-only">Download the {fy.label} statement as</span> CSV
                  </a>
                </Button>
                <Button asChild size="sm" variant="outline">
                  <a href={statementHref(fy.label, 'pdf')} download>
                    <Download aria-hidden="true" className="size-3.5" /> <span className="sr-only">Download the {fy.label} statement as</span> PDF
                  </a>
                </Button>
              </>
            ) : (
              <>
                <Button size="sm" variant="outline" disabled>
                  <Download aria-hidden="true" className="size-3.5" /> CSV
                </Button>
                <Button size="sm" variant="outline" disabled>
                  <Download aria-hidden="true" className="size-3.5" /> PDF
                </Button>
              </>
            )}
          </div>
        </CardFooter>
      }
    >
      <dl className="grid grid-cols-2 gap-4">
        <Figure label="Gross income" value={fy ? rupees(fy.gross) : pending(loading)} />
        <Figure label="TDS deducted" value={fy ? rupees(fy.tds) : pending(loading)} />
      </dl>
    </TitledCard>
  );
}

/** The lines of one posted cycle: label, amount and how it was worked out, then the deductions. */
function CycleLines({ id }: { id: string }) {
  const { data, isPending, isError, error, refetch, isFetching } = useIncomeCycle(id, true);
  if (isPending) return <InlineLoader label="Loading the cycle's lines..." />;
  if (isError) return <QueryError title="Could not load this cycle's lines" error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  return (
    <div className="space-y-3">
      {data.lines.length === 0 ? (
        <p className="text-sm text-slate-500">No income lines in this cycle.</p>
      ) : (
        <ul className="space-y-2" aria-label="Income lines">
          {data.lines.map((l, i) => (
            <li key={`${l.type}-${i}`} className="rounded-xl border border-slate-200 bg-white p-3">
              <div className="flex items-baseline justify-between gap-3">
                <p className="font-medium text-slate-900">{l.label || ledgerTypeLabel(l.type)}</p>
                <p className={cn('shrink-0 font-semibold whitespace-nowrap tabular-nums', compareMoney(l.amount, '0') < 0 ? 'text-rose-700' : 'text-emerald-700')}>{rupees(l.amount)}</p>
              </div>
              <p className="mt-1 text-sm break-words text-slate-600">{l.explanation?.text}</p>
            </li>
          ))}
        </ul>
      )}
      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-white p-3 text-sm sm:grid-cols-4">
        <Figure label="Gross" value={rupees(data.gross)} />
        <Figure label="Admin charge" value={deducted(data.adminCharge)} />
        <Figure label="TDS" value={deducted(data.tds)} />
        <Figure label="Net credited" value={rupees(data.net)} strong />
      </dl>
      <Settlement c={data} />
    </div>
  );
}

/**
 * What a cycle took back or left for later (docs/spec/returns.md §5), each only when it happened: the recovery of
 * earlier cycles taken from these lines, the balance still to recover, and TDS carried to later cycles.
 */
function Settlement({ c }: { c: { recovered: string; recovery: string; tdsCarried: string } }) {
  const notes = [
    compareMoney(c.recovered, '0') > 0 && `${rupees(c.recovered)} owed from earlier cycles was taken from these lines before the deductions.`,
    compareMoney(c.recovery, '0') > 0 && `${rupees(c.recovery)} is still to be recovered from your next income. It is never taken from your wallet.`,
    compareMoney(c.tdsCarried, '0') > 0 && `${rupees(c.tdsCarried)} of TDS due could not be deducted from this cycle and will be deducted from your next income.`,
  ].filter((n): n is string => Boolean(n));
  if (!notes.length) return null;
  return (
    <ul className="space-y-1 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" aria-label="Carried to later cycles">
      {notes.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}

function PeriodLabel({ c }: { c: IncomeCycle }) {
  return (
    <span className="min-w-0 text-left">
      <span className="block font-medium text-slate-900">{formatCyclePeriod(c.startsAt, c.endsAt)}</span>
      <span className="mt-0.5 block">
        <Badge tone={c.kind === 'monthly' ? 'info' : 'brand'}>{cycleKindLabel(c.kind)}</Badge>
      </span>
    </span>
  );
}

function Toggle({ c, open, onToggle, controls, children, className }: { c: IncomeCycle; open: boolean; onToggle: () => void; controls: string; children?: ReactNode; className?: string }) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className={cn('flex w-full cursor-pointer items-start gap-2 rounded-lg text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500', className)}
    >
      <ChevronDown aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0 text-slate-500 transition-transform', !open && '-rotate-90')} />
      <span className="sr-only">Lines of the cycle </span>
      <PeriodLabel c={c} />
      {children}
    </button>
  );
}

const th = 'border-b border-slate-200 bg-slate-50 px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase';
const td = 'border-b border-slate-100 px-4 py-3 align-top text-slate-700';

function CyclesCard({ cycles }: { cycles: IncomeCycle[] }) {
  const [local, setLocal] = useState<Set<string>>(new Set());
  // The last cycle opened is in the address (?id=, issue 30): a reload or a shared link opens its statement again.
  const record = useRecordParam();
  const open = { has: (id: string) => local.has(id) || record.id === id };
  const toggle = (id: string) => {
    if (record.id === id) return record.close();
    if (local.has(id)) return setLocal((s) => new Set([...s].filter((x) => x !== id)));
    // The cycle that had the address stays open below the new one.
    if (record.id) setLocal((s) => new Set(s).add(record.id!));
    record.open(id);
  };
  const linked = record.id ? cycles.find((c) => c.id === record.id) : undefined;
  // A linked cycle is scrolled to once the page has it.
  useEffect(() => {
    if (!linked) return;
    const rows = [document.getElementById(`income-cycle-${linked.id}`), document.getElementById(`income-cycle-m-${linked.id}`)];
    rows.find((el) => el && el.offsetParent !== null)?.scrollIntoView?.({ block: 'center' });
  }, [linked]);
  return (
    <TitledCard
      id="income-cycles-title"
      title="Posted cycles"
      description="Each cycle credited to your wallet, newest first. Open one to see every line and how it was worked out."
      contentClassName="pt-3"
    >
      {record.id && !linked ? <RecordNotFoundAlert title="Cycle not found" mine="posted cycles" id={record.id} showAll="Show all cycles" onClose={record.close} className="mb-4" /> : null}
      {cycles.length === 0 ? (
        <EmptyState icon={ReceiptText} title="No income has been posted yet." description="When a cycle with income for you is posted, it is listed here with each line and how it was worked out." />
      ) : (
        <div className="-mx-5 sm:-mx-6">
          {/* Phones: one row per cycle with the net; the figures and lines open below. */}
          <ul className="divide-y divide-slate-100 border-y border-slate-100 md:hidden" aria-label="Posted cycles">
            {cycles.map((c) => {
              const isOpen = open.has(c.id);
              const panel = `income-cycle-m-${c.id}`;
              return (
                <li key={c.id} className="px-5 py-3">
                  <Toggle c={c} open={isOpen} onToggle={() => toggle(c.id)} controls={panel}>
                    <span className="ml-auto shrink-0 text-right">
                      <span className="block font-semibold whitespace-nowrap text-emerald-700 tabular-nums">{rupees(c.net)}</span>
                      <span className="block text-xs text-slate-500">net</span>
                    </span>
                  </Toggle>
                  <dl className="mt-2 grid grid-cols-3 gap-2 pl-6 text-xs">
                    <Term look={FIGURE} term="Gross">
                      {rupees(c.gross)}
                    </Term>
                    <Term look={FIGURE} term="Admin charge">
                      {rupees(c.adminCharge)}
                    </Term>
                    <Term look={FIGURE} term="TDS">
                      {rupees(c.tds)}
                    </Term>
                  </dl>
                  <div id={panel} hidden={!isOpen} className="mt-3 rounded-xl bg-slate-50 p-3">
                    {isOpen ? <CycleLines id={c.id} /> : null}
                  </div>
                </li>
              );
            })}
          </ul>

          <div className="hidden overflow-x-auto md:block" role="region" aria-label="Posted cycles" tabIndex={0}>
            <table className="w-full border-separate border-spacing-0 text-left text-sm">
              <thead>
                <tr>
                  <th scope="col" className={cn(th, 'pl-6')}>
                    Period
                  </th>
                  <th scope="col" className={cn(th, 'text-right')}>
                    Gross
                  </th>
                  <th scope="col" className={cn(th, 'text-right')}>
                    Admin charge
                  </th>
                  <th scope="col" className={cn(th, 'text-right')}>
                    TDS
                  </th>
                  <th scope="col" className={cn(th, 'pr-6 text-right')}>
                    Net
                  </th>
                </tr>
              </thead>
              <tbody>
                {cycles.map((c) => {
                  const isOpen = open.has(c.id);
                  const panel = `income-cycle-${c.id}`;
                  return (
                    <Fragment key={c.id}>
                      <tr className={cn('hover:bg-slate-50', isOpen && 'bg-slate-50')}>
                        <td className={cn(td, 'min-w-44 pl-6')}>
                          <Toggle c={c} open={isOpen} onToggle={() => toggle(c.id)} controls={panel} />
                        </td>
                        <td className={cn(td, 'text-right whitespace-nowrap tabular-nums')}>{rupees(c.gross)}</td>
                        <td className={cn(td, 'text-right whitespace-nowrap tabular-nums')}>{rupees(c.adminCharge)}</td>
                        <td className={cn(td, 'text-right whitespace-nowrap tabular-nums')}>{rupees(c.tds)}</td>
                        <td className={cn(td, 'pr-6 text-right font-semibold whitespace-nowrap text-emerald-700 tabular-nums')}>{rupees(c.net)}</td>
                      </tr>
                      <tr id={panel} hidden={!isOpen}>
                        <td colSpan={5} className="border-b border-slate-100 bg-slate-50 px-6 py-4">
                          {isOpen ? <CycleLines id={c.id} /> : null}
                        </td>
                      </tr>
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </TitledCard>
  );
}

function PoolAwardsCard({ awards }: { awards: IncomeSummary['poolAwards'] }) {
  return (
    <TitledCard id="income-pools-title" icon={Award} title="Pool awards" description="Your shares of the monthly pools, newest first." contentClassName="pt-3">
      {awards.length === 0 ? (
        <EmptyState icon={Gift} title="No pool awards yet." description="Pools are shared each month among members who hold the rank a pool asks for." />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Pool awards">
          {awards.map((a, i) => (
            <li key={`${a.type}-${a.periodDate}-${i}`} className="flex items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{a.label || ledgerTypeLabel(a.type)}</p>
                <p className="text-xs text-slate-500">{formatCycleMonth(a.periodDate)}</p>
              </div>
              <p className="shrink-0 font-semibold whitespace-nowrap text-emerald-700 tabular-nums">{rupees(a.amount)}</p>
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}

/** Income (docs/spec/compensation.md §6): carry per leg, this cycle so far, the financial year with its statement, posted cycles and pool awards. */
export function IncomePage() {
  const { data, isPending, isError, error, refetch, isFetching } = useIncome();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Income</h1>
        <p className="mt-1 text-sm text-slate-500">What you earned in each cycle and how, what is waiting to pair, and your statement for the year.</p>
      </div>

      {isError ? <QueryError title="Could not load your income" error={error} onRetry={() => void refetch()} retrying={isFetching} /> : null}

      <div className="grid items-stretch gap-4 md:grid-cols-2 xl:grid-cols-3">
        <CarryCard data={data} loading={isPending} />
        <ThisCycleCard data={data} loading={isPending} />
        <FinancialYearCard data={data} loading={isPending} />
      </div>

      {isPending ? <InlineLoader label="Loading your income..." /> : data ? <SplitColumns left={<CyclesCard cycles={data.cycles} />} right={<PoolAwardsCard awards={data.poolAwards} />} /> : null}
    </div>
  );
}
