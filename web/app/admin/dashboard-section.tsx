import { useDeferredValue, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Activity, ArrowRight, BadgeIndianRupee, CheckCircle2, ClipboardCheck, FileClock, Handshake, ShoppingBag, Store, TrendingUp, UserCheck, Users, Wallet } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { getRoute } from '../../lib/api';
import { cn } from '../../lib/cn';
import { browserTimeZone, formatBV, formatCount, formatINR } from '../../lib/admin/format';
import { KEYS } from '../../lib/admin/keys';
import { sectionById, sectionHref } from './sections';
import type { AdminStats } from '../../lib/admin/types';
import { QueryError } from '../../components/ui/query-error';
import { SectionHeader } from '../../components/admin/section-header';
import { AdminCharts } from '../../features/charts/admin-charts';
import { AfterFirstPaint } from '../../components/ui/after-first-paint';
import { QuarantineList } from '../../features/volume/admin/quarantine-list';

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

const TONES = {
  brand: 'bg-brand-50 text-brand-700 ring-brand-100',
  emerald: 'bg-emerald-50 text-emerald-700 ring-emerald-100',
  amber: 'bg-amber-50 text-amber-700 ring-amber-100',
  sky: 'bg-sky-50 text-sky-700 ring-sky-100',
  violet: 'bg-violet-50 text-violet-700 ring-violet-100',
  rose: 'bg-rose-50 text-rose-700 ring-rose-100',
  slate: 'bg-slate-100 text-slate-700 ring-slate-200',
} as const;

function StatCard({
  label,
  value,
  icon: Icon,
  tone,
  hint,
  loading,
  className,
  href,
}: {
  href?: string;
  label: string;
  value: ReactNode;
  icon: Icon;
  tone: keyof typeof TONES;
  hint?: string;
  loading: boolean;
  className?: string;
}) {
  const body = (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-slate-500">{label}</p>
        <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-xl ring-1 ring-inset', TONES[tone])}>
          <Icon aria-hidden="true" className="size-4.5" />
        </span>
      </div>
      {loading ? (
        // The figure's own height (mt-2 + a 2rem line): the card does not move when the figures arrive (issue 14).
        <div className="mt-2 h-8 w-24 animate-pulse rounded-md bg-slate-100" aria-hidden="true" />
      ) : (
        <p className="mt-2 truncate text-2xl font-bold tracking-tight text-slate-900 tabular-nums" title={typeof value === 'string' ? value : undefined}>
          {value}
        </p>
      )}
      {hint ? (
        <p className="mt-1 flex items-center gap-1 text-xs text-slate-500">
          {hint}
          {href ? <ArrowRight aria-hidden="true" className="size-3.5 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-700" /> : null}
        </p>
      ) : null}
    </>
  );
  const box = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';
  // A card with somewhere to act on its figure is a link there (the Franchise Requests card -> its section).
  return href ? (
    <Link to={href} className={cn(box, 'group block transition-colors hover:border-brand-300 hover:bg-slate-50/60', className)}>
      {body}
    </Link>
  ) : (
    <div className={cn(box, className)}>{body}</div>
  );
}

const ACTION_ICONS: Record<string, Icon> = {
  recruits: ClipboardCheck,
  kyc: FileClock,
  withdrawals: Wallet,
  franchise: Store,
  tickets: Handshake,
};

/** Seconds as the card says them: under a second, whole seconds, then minutes. */
function formatAge(seconds: number) {
  if (seconds < 1) return 'under a second';
  if (seconds < 90) return `${Math.round(seconds)} s`;
  return `${Math.round(seconds / 60)} min`;
}

/**
 * The volume engine: purchases and placements reach the ancestors' figures through the journal; this
 * says how far behind the applier is (the same figures as /metrics).
 */
function VolumeEngineCard({ volume, loading }: { volume?: AdminStats['volume']; loading: boolean }) {
  const behind = volume ? volume.oldestPendingSeconds >= 2 : false;
  const pending = <span className="block h-5 w-24 animate-pulse rounded bg-slate-100" aria-hidden="true" />;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Activity aria-hidden="true" className="size-4.5 text-slate-500" />
          Volume engine
        </CardTitle>
        <CardDescription>Purchases and placements reach every upline member's BV and team counts through the volume journal.</CardDescription>
      </CardHeader>
      <CardContent className="pt-4">
        {/* The same boxes while loading, a bar of a line's height in each: nothing below moves when the figures arrive. */}
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-busy={loading || !volume}>
          <div className="rounded-xl border border-slate-200 p-3">
            <dt className="text-xs font-medium text-slate-500">State</dt>
            <dd className="mt-1 flex items-center gap-2 text-sm font-semibold text-slate-900">
              {volume ? <Badge tone={behind ? 'warning' : 'success'}>{behind ? 'Catching up' : 'Up to date'}</Badge> : pending}
            </dd>
          </div>
          <div className="rounded-xl border border-slate-200 p-3">
            <dt className="text-xs font-medium text-slate-500">Waiting to be applied</dt>
            <dd className="mt-1 text-sm font-semibold text-slate-900 tabular-nums">
              {!volume ? pending : volume.pending === 0 ? 'Nothing waiting' : `${formatCount(volume.pending)} (oldest ${formatAge(volume.oldestPendingSeconds)})`}
            </dd>
          </div>
          <div className="rounded-xl border border-slate-200 p-3">
            <dt className="text-xs font-medium text-slate-500">Applied per second (last minute)</dt>
            <dd className="mt-1 text-sm font-semibold text-slate-900 tabular-nums">{volume ? volume.eventsPerSecond.toLocaleString('en-IN') : pending}</dd>
          </div>
          <div className="rounded-xl border border-slate-200 p-3">
            <dt className="text-xs font-medium text-slate-500">Quarantined</dt>
            <dd className="mt-1 text-sm font-semibold text-slate-900 tabular-nums">
              {!volume ? pending : volume.quarantined === 0 ? 'None' : <Badge tone="warning">{`${formatCount(volume.quarantined)} set aside`}</Badge>}
            </dd>
          </div>
        </dl>
        {volume ? <QuarantineList count={volume.quarantined} /> : null}
      </CardContent>
    </Card>
  );
}

/**
 * A1 Dashboard (doc 2 §2.2): the seven cards from GET /api/admin/stats (Monthly Income is the income paid: the net
 * of the cycles posted this month), the month's sales beside it as their own card, and the work waiting for an admin.
 */
export function DashboardSection() {
  const stats = useQuery({
    queryKey: [KEYS.stats, browserTimeZone()],
    queryFn: ({ queryKey }) => getRoute('GET /api/admin/stats', { query: { timezone: String(queryKey[1]) } }),
  });
  // The figures render in a background pass React splits into short slices, not in the task their answer arrives in (issue 14).
  const s = useDeferredValue(stats.data);
  const loading = !s && !stats.isError;
  const actions = (s?.actionsRequired ?? []).filter((a) => a.count > 0);
  const cards: Array<Omit<ComponentProps<typeof StatCard>, 'loading' | 'className'>> = [
    { label: 'Total Users', value: formatCount(s?.totalUsers), icon: Users, tone: 'brand', hint: 'Members, founders and franchises' },
    { label: 'Active Users', value: formatCount(s?.activeUsers), icon: UserCheck, tone: 'emerald', hint: 'Status active' },
    { label: 'Pending KYC', value: formatCount(s?.pendingKYC), icon: FileClock, tone: 'amber', hint: 'Members with documents to review' },
    { label: 'Withdrawal Requests', value: formatCount(s?.withdrawalRequests), icon: Wallet, tone: 'sky', hint: 'Waiting to be processed' },
    { label: 'Total Business Volume', value: formatBV(s?.totalBV, { unit: true }), icon: TrendingUp, tone: 'violet', hint: 'From completed purchases' },
    {
      label: 'Monthly Income',
      value: formatINR(s?.monthlyIncome),
      icon: BadgeIndianRupee,
      tone: 'emerald',
      hint: 'Net paid to members in cycles posted this month',
      href: sectionHref('payout-summary'),
    },
    { label: 'Monthly Sales', value: formatINR(s?.monthlySales), icon: ShoppingBag, tone: 'amber', hint: 'Completed purchases this month' },
    { label: 'Franchise Requests', value: formatCount(s?.franchiseRequests), icon: Store, tone: 'rose', hint: 'Waiting for a decision', href: sectionHref('franchise-requests') },
  ];

  return (
    <div className="space-y-6">
      <SectionHeader title="Dashboard" description="The state of the business at a glance. Figures are live from the platform's records." />

      {stats.isError ? <QueryError title="Failed to load dashboard statistics" error={stats.error} onRetry={() => void stats.refetch()} retrying={stats.isFetching} /> : null}

      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:gap-4 xl:grid-cols-12" aria-busy={loading} aria-label="Statistics" role="group">
        {cards.map((card) => (
          <StatCard key={card.label} className="xl:col-span-3" loading={loading} {...card} />
        ))}
      </div>

      {/* Below the figures: rendered in a second, sliced pass (issue 14). */}
      <AfterFirstPaint>
        <Card>
          <CardHeader>
            <CardTitle>Recent Admin Actions Required</CardTitle>
            <CardDescription>Work waiting for an administrator, with where to do it.</CardDescription>
          </CardHeader>
          <CardContent className="pt-4">
            {loading ? (
              <div className="space-y-2" aria-hidden="true">
                {[0, 1, 2].map((i) => (
                  <div key={i} className="h-14 animate-pulse rounded-xl bg-slate-100" />
                ))}
              </div>
            ) : stats.isError ? (
              <p className="text-sm text-slate-500">The list is unavailable until the statistics load.</p>
            ) : actions.length === 0 ? (
              <div className="flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50/70 p-4">
                <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-emerald-600" />
                <div>
                  <p className="text-sm font-semibold text-emerald-900">Nothing needs your attention right now</p>
                  <p className="text-sm text-emerald-800/80">New registrations, KYC documents, withdrawals, franchise requests and tickets will appear here.</p>
                </div>
              </div>
            ) : (
              <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
                {actions.map((a) => {
                  const Icon = ACTION_ICONS[a.key] ?? ClipboardCheck;
                  const target = sectionById(a.section);
                  const body = (
                    <>
                      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
                        <Icon aria-hidden="true" className="size-4.5" />
                      </span>
                      <span className="min-w-0 flex-1 text-sm font-medium text-slate-800">{a.label}</span>
                      <Badge tone="warning" className="tabular-nums">
                        {formatCount(a.count)}
                      </Badge>
                    </>
                  );
                  return (
                    <li key={a.key}>
                      {target ? (
                        <Link to={sectionHref(target.id)} className="group flex items-center gap-3 px-4 py-3 hover:bg-slate-50">
                          {body}
                          <ArrowRight aria-hidden="true" className="size-4 text-slate-500 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-700" />
                        </Link>
                      ) : (
                        <div className="flex items-center gap-3 px-4 py-3">
                          {body}
                          <span className="size-4" aria-hidden="true" />
                        </div>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </CardContent>
        </Card>

        <AdminCharts />

        <VolumeEngineCard volume={s?.volume} loading={loading} />
      </AfterFirstPaint>
    </div>
  );
}
