import type { ReactNode } from 'react';
import { ArrowLeft, Building2, IndianRupee, ScrollText, Users, UserX, Wallet } from 'lucide-react';
import { DISCLOSURE_MSG, type CompanyDetails, type Disclosures, type IncomeDisclosure, type PlanSection } from '@contracts';
import { PublicHeader } from '../../components/layout/public-header';
import { Alert } from '../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { LinkButton } from '../../components/ui/link-button';
import { QueryStates } from '../../components/ui/query-error';
import { StatCard } from '../../components/ui/stat-card';
import { DataTable, type Column } from '../../components/ui/table';
import { termOf } from '../../components/ui/term';
import { useDocumentTitle } from '../../lib/branding';
import { formatDate } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { useDisclosures } from './api';

const rupees = (v: string) => formatMoney(v, { decimals: 2 });
const count = (n: number) => n.toLocaleString('en-IN');
const CompanyTerm = termOf({
  row: 'grid gap-1 border-b border-slate-100 py-3 last:border-0 sm:grid-cols-[14rem_1fr] sm:gap-4',
  term: 'text-sm font-medium text-slate-500',
  value: 'text-sm text-slate-900 break-words',
});
const FigureTerm = termOf({ row: 'rounded-xl border border-slate-200 bg-slate-50 px-4 py-3', term: 'text-xs font-medium text-slate-500', value: 'mt-1 text-lg font-bold text-slate-900 tabular-nums' });

function Company({ company }: { company: CompanyDetails }) {
  const missing = <span className="text-slate-500">Not recorded</span>;
  return (
    <Card>
      <CardHeader>
        <CardTitle icon={Building2}>The company</CardTitle>
        <CardDescription>Who runs this direct selling business and how to reach it.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl>
          <CompanyTerm term="Legal name">{company.legalName}</CompanyTerm>
          {company.companyName !== company.legalName ? <CompanyTerm term="Trading as">{company.companyName}</CompanyTerm> : null}
          <CompanyTerm term="Corporate Identity Number (CIN)">{company.cin ? <span className="font-mono">{company.cin}</span> : missing}</CompanyTerm>
          <CompanyTerm term="GSTIN">{company.gstin ? <span className="font-mono">{company.gstin}</span> : missing}</CompanyTerm>
          <CompanyTerm term="Registered office">
            {company.registeredOffice.length ? (
              <address className="not-italic">
                {company.registeredOffice.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            ) : (
              missing
            )}
          </CompanyTerm>
          <CompanyTerm term="Email">
            {company.email ? (
              <a className="text-brand-700 underline underline-offset-2" href={`mailto:${company.email}`}>
                {company.email}
              </a>
            ) : (
              missing
            )}
          </CompanyTerm>
          <CompanyTerm term="Phone">
            {company.phone ? (
              <a className="text-brand-700 underline underline-offset-2" href={`tel:${company.phone.replace(/[^+\d]/g, '')}`}>
                {company.phone}
              </a>
            ) : (
              missing
            )}
          </CompanyTerm>
        </dl>
      </CardContent>
    </Card>
  );
}

function PlanPart({ section }: { section: PlanSection }) {
  return (
    <section aria-labelledby={`plan-${section.id}`} className="mb-4 break-inside-avoid rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 id={`plan-${section.id}`} className="text-base font-semibold text-slate-900">
        {section.title}
      </h3>
      <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm leading-relaxed text-slate-700 marker:text-slate-400">
        {section.sentences.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
    </section>
  );
}

type RankRow = IncomeDisclosure['byRank'][number];
const RANK_COLUMNS: Column<RankRow>[] = [
  { header: 'Rank', cell: (r) => <span className="font-medium text-slate-900">{r.rank}</span>, card: 'wide' },
  { header: 'Members', cell: (r) => count(r.members), className: 'tabular-nums', card: true },
  { header: 'Earned anything', cell: (r) => count(r.earners), className: 'tabular-nums', card: true },
  { header: 'Average income', cell: (r) => rupees(r.averageIncome), className: 'tabular-nums font-semibold text-slate-900', card: true },
];

function YearFigures({ year }: { year: IncomeDisclosure }) {
  const earnedShare = year.members ? Math.round((year.earnedNothing / year.members) * 1000) / 10 : 0;
  return (
    <div className="space-y-5">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Members counted" value={count(year.members)} icon={Users} hint={`${count(year.earners)} earned income`} />
        <StatCard label="Earned nothing" value={count(year.earnedNothing)} icon={UserX} tone="amber" hint={`${earnedShare}% of members`} />
        <StatCard label="Total income" value={rupees(year.totalIncome)} icon={IndianRupee} tone="emerald" hint="Before deductions" />
        <StatCard label="Total paid to wallets" value={rupees(year.totalPaid)} icon={Wallet} tone="sky" hint="After deductions" />
      </div>
      <div>
        <h4 className="mb-2 text-sm font-semibold text-slate-900">Income per member</h4>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <FigureTerm term="Average">{rupees(year.averageIncome)}</FigureTerm>
          <FigureTerm term="25th percentile">{rupees(year.percentiles.p25)}</FigureTerm>
          <FigureTerm term="Median">{rupees(year.percentiles.median)}</FigureTerm>
          <FigureTerm term="75th percentile">{rupees(year.percentiles.p75)}</FigureTerm>
          <FigureTerm term="90th percentile">{rupees(year.percentiles.p90)}</FigureTerm>
          <FigureTerm term="99th percentile">{rupees(year.percentiles.p99)}</FigureTerm>
        </dl>
        <p className="mt-2 text-xs text-slate-500">Half of the members earned at most the median; one in ten earned more than the 90th percentile; one in a hundred more than the 99th.</p>
      </div>
      {year.byRank.length ? (
        <div>
          <h4 className="mb-2 text-sm font-semibold text-slate-900">Average income by rank</h4>
          <DataTable rows={year.byRank} rowKey={(r) => r.rank} columns={RANK_COLUMNS} label={`Average income by rank, ${year.fy}`} cards="divided" />
        </div>
      ) : null}
    </div>
  );
}

function YearBlock({ year, children }: { year: IncomeDisclosure; children?: ReactNode }) {
  const title = year.completed ? `Financial year ${year.fy}` : `Financial year ${year.fy} to date`;
  return (
    <Card data-year={year.fy}>
      <CardHeader>
        <CardTitle icon={IndianRupee}>{title}</CardTitle>
        <CardDescription>
          {formatDate(year.from)} to {formatDate(year.to)} · {year.postedCycles === 1 ? '1 posted payout cycle' : `${count(year.postedCycles)} posted payout cycles`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {children}
        {year.postedCycles === 0 ? <Alert tone="info">{DISCLOSURE_MSG.noPostedCycles(year.fy)}</Alert> : <YearFigures year={year} />}
      </CardContent>
    </Card>
  );
}

function Income({ data }: { data: Disclosures }) {
  return (
    <div className="space-y-5">
      <YearBlock year={data.lastYear} />
      {data.yearToDate ? (
        <YearBlock year={data.yearToDate}>
          <Alert tone="warning">{DISCLOSURE_MSG.yearToDate(data.yearToDate.fy)}</Alert>
        </YearBlock>
      ) : null}
      <ul className="space-y-1 text-xs text-slate-500">
        <li>{DISCLOSURE_MSG.membersCounted}</li>
        <li>{DISCLOSURE_MSG.incomeMeans}</li>
        <li>{DISCLOSURE_MSG.rankMeans}</li>
        <li>Figures as computed on {formatDate(data.lastYear.computedAt)}; they are refreshed when a payout cycle is posted.</li>
      </ul>
    </div>
  );
}

const NAV = [
  ['company', 'Company'],
  ['plan', 'Compensation plan'],
  ['income', 'Income disclosure'],
] as const;

/** `/disclosures`: what the Consumer Protection (Direct Selling) Rules, 2021 ask a direct seller to publish. Public. */
export function DisclosuresPage() {
  useDocumentTitle('Disclosures');
  const disclosures = useDisclosures();
  const data = disclosures.data;
  return (
    <div className="min-h-dvh bg-slate-50">
      <PublicHeader className="max-w-5xl">
        <LinkButton to="/" icon={ArrowLeft} variant="outline" size="sm">
          <span className="sm:hidden">Portal</span>
          <span className="hidden sm:inline">Back to the portal</span>
        </LinkButton>
      </PublicHeader>
      <main className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6">
        <div>
          <p className="text-sm font-semibold text-brand-700">Public disclosures</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">About this business, its plan and what members earn</h1>
          <p className="mt-2 max-w-3xl text-sm text-slate-600">
            Published under the Consumer Protection (Direct Selling) Rules, 2021. Income in this business comes only from the sale of products; joining pays nothing, and most members earn little or
            nothing.
          </p>
          <nav aria-label="On this page" className="mt-4 flex flex-wrap gap-2">
            {NAV.map(([id, label]) => (
              <a key={id} href={`#${id}`} className="rounded-full border border-slate-200 bg-white px-3 py-1 text-sm font-medium text-slate-700 hover:border-brand-300 hover:text-brand-700">
                {label}
              </a>
            ))}
          </nav>
        </div>
        <QueryStates query={disclosures} errorTitle="Failed to load the disclosures" loadingLabel="Loading the disclosures...">
          {data ? (
            <>
              <section id="company" aria-label="Company" className="scroll-mt-4">
                <Company company={data.company} />
              </section>
              <section id="plan" aria-labelledby="plan-heading" className="scroll-mt-4 space-y-4">
                <div>
                  <h2 id="plan-heading" className="flex items-center gap-2 text-xl font-bold text-slate-900">
                    <ScrollText aria-hidden="true" className="size-5 text-brand-700" /> The compensation plan
                  </h2>
                  <p className="mt-1 text-sm text-slate-600">
                    Plan version {data.plan.version}, in force {data.plan.effectiveFrom ? `since ${formatDate(data.plan.effectiveFrom)}` : 'since the business started'}. Written from the plan the
                    payouts are calculated with.
                  </p>
                </div>
                <div className="gap-4 lg:columns-2">
                  {data.plan.sections.map((s) => (
                    <PlanPart key={s.id} section={s} />
                  ))}
                </div>
              </section>
              <section id="income" aria-labelledby="income-heading" className="scroll-mt-4 space-y-4">
                <div>
                  <h2 id="income-heading" className="flex items-center gap-2 text-xl font-bold text-slate-900">
                    <Users aria-hidden="true" className="size-5 text-brand-700" /> Income disclosure
                  </h2>
                  <p className="mt-1 text-sm text-slate-600">What members earned from the plan in the last completed financial year (April to March).</p>
                </div>
                <Income data={data} />
              </section>
            </>
          ) : null}
        </QueryStates>
      </main>
    </div>
  );
}
