import { lazy, Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ArrowLeftToLine, ArrowRightToLine, EyeOff, IndianRupee, Network, ShieldCheck } from 'lucide-react';
import { LinkButton } from '../../components/ui/link-button';
import { QueryError } from '../../components/ui/query-error';
import { cn } from '../../lib/cn';
import { formatMoney } from '../../lib/money';
import { AccountDetailsCard, SecurityCard, useSignedInUser } from '../account';
import { TwoFactorCard } from '../two-factor';
import { useFounderStats } from './founder-api';
import { HiddenIdsCard } from './hidden-ids-card';
import { FounderMenu, founderSectionOf } from './founder-menu';
import { InlineLoader } from '../../components/ui/spinner';

// The two sections of issue 16 come in their own chunks, when opened.
const NetworkOverrideSection = lazy(() => import('./network-override').then((m) => ({ default: m.NetworkOverrideSection })));
const FranchiseMasterSection = lazy(() => import('./franchise-master').then((m) => ({ default: m.FranchiseMasterSection })));

const COUNT = new Intl.NumberFormat('en-IN');

function Stat({ icon, label, value, hint, loading, className }: { icon: ReactNode; label: string; value: ReactNode; hint: string; loading: boolean; className?: string }) {
  return (
    <div role="group" aria-label={label} className={cn('rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5', className)}>
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-slate-500">{label}</p>
        <span className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 min-[420px]:flex">{icon}</span>
      </div>
      {loading ? (
        <div className="mt-3 h-8 w-20 animate-pulse rounded-md bg-slate-100" aria-hidden="true" />
      ) : (
        <p className="mt-2 text-xl font-bold tracking-tight break-words text-slate-900 tabular-nums sm:text-2xl">{value}</p>
      )}
      <p className="mt-1 text-xs text-slate-500">{hint}</p>
    </div>
  );
}

/** F1 Founder portal (doc 3 §2.6, decisions §10): the section menu and the section chosen in `?section=`. */
export function FounderPage() {
  const [params] = useSearchParams();
  const section = founderSectionOf(params.get('section'));
  return (
    <div className="space-y-6">
      <FounderMenu current={section} />
      {section === 'hidden-ids' ? (
        <HiddenIdsCard />
      ) : section === 'network-override' || section === 'franchise-master-control' ? (
        <Suspense fallback={<InlineLoader label="Loading..." />}>{section === 'network-override' ? <NetworkOverrideSection /> : <FranchiseMasterSection />}</Suspense>
      ) : (
        <ControlCenter />
      )}
    </div>
  );
}

/** The Control Center figures, the hidden IDs and the account. */
function ControlCenter() {
  const user = useSignedInUser();
  const stats = useFounderStats();
  const s = stats.data;
  const loading = stats.isPending;

  return (
    <div className="space-y-8">
      <section aria-labelledby="control-center" className="space-y-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 id="control-center" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Founder Control Center
            </h1>
            <p className="mt-1 text-sm text-slate-500">Welcome, {user.firstName || user.userId}. Live figures of your network.</p>
          </div>
          {/* Founders review recruits and KYC documents in the admin page's reviewer sections (decisions.md §1). */}
          <LinkButton to="/admin?section=kyc-pending" icon={ShieldCheck} variant="outline" className="self-start sm:self-auto">
            Reviewer tools
          </LinkButton>
        </div>
        {stats.isError ? (
          <QueryError title="Could not load the network statistics" error={stats.error} onRetry={() => void stats.refetch()} retrying={stats.isFetching} />
        ) : (
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5" aria-busy={loading}>
            <Stat
              className="col-span-2 lg:col-span-1"
              icon={<Network aria-hidden="true" className="size-4.5" />}
              label="Total Network"
              value={COUNT.format(s?.totalUsers ?? 0)}
              hint="Members in your tree"
              loading={loading}
            />
            <Stat icon={<EyeOff aria-hidden="true" className="size-4.5" />} label="Hidden IDs" value={`${s?.hiddenIds ?? 0} / ${stats.limit}`} hint="Used of the limit" loading={loading} />
            <Stat
              icon={<IndianRupee aria-hidden="true" className="size-4.5" />}
              label="Global Revenue"
              value={formatMoney(s?.totalRevenue ?? '0', { decimals: 0 })}
              hint="Completed purchases"
              loading={loading}
            />
            <Stat icon={<ArrowLeftToLine aria-hidden="true" className="size-4.5" />} label="Left Leg Users" value={COUNT.format(s?.leftLegUsers ?? 0)} hint="Members on the left" loading={loading} />
            <Stat
              icon={<ArrowRightToLine aria-hidden="true" className="size-4.5" />}
              label="Right Leg Users"
              value={COUNT.format(s?.rightLegUsers ?? 0)}
              hint="Members on the right"
              loading={loading}
            />
          </div>
        )}
      </section>

      <HiddenIdsCard />

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <AccountDetailsCard user={user} />
        </div>
        <div className="space-y-6">
          <SecurityCard />
          <TwoFactorCard />
        </div>
      </div>
    </div>
  );
}
