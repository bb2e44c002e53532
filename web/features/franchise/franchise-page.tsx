import { lazy, Suspense } from 'react';
import { BadgeCheck, ChartNoAxesCombined, LayoutDashboard, ShoppingBag, Users, Wallet, Waypoints } from 'lucide-react';
import type { CurrentUser } from '@contracts';
import { Badge } from '../../components/ui/badge';
import { LinkButton } from '../../components/ui/link-button';
import { QueryError } from '../../components/ui/query-error';
import { InlineLoader } from '../../components/ui/spinner';
import { formatBV, formatMoney } from '../../lib/money';
import { plural } from '../../lib/format-plural';
import { ROLE_LABELS, useSignedInUser } from '../account';
import { FigureCard } from './figure-card';
import { useFranchiseDashboard, type FranchiseDashboard } from './franchise-api';
import { RecentOrders } from './recent-orders';

// Stock Management brings its dialogs and lists in its own chunk, after the figures (the first load's budget).
const StockCard = lazy(() => import('./stock-card').then((m) => ({ default: m.StockCard })));
// The Sales Register and Customer Management likewise (issue 16).
const LocalSalesCard = lazy(() => import('./local-sales-card').then((m) => ({ default: m.LocalSalesCard })));
const CustomersCard = lazy(() => import('./customers-card').then((m) => ({ default: m.CustomersCard })));
// Returns of counter sales (issue 32), likewise.
const ReturnsCard = lazy(() => import('./returns-card').then((m) => ({ default: m.ReturnsCard })));

/** Role-specific badges (doc 3 §2.7). */
export const FRANCHISE_BADGES: Partial<Record<CurrentUser['role'], string[]>> = {
  mini_franchise: ['Limited SKU Range', 'Local Market Focus'],
  basic_franchise: ['Extended Product Range', 'Enhanced Bonus Structure'],
};

const count = (n: number) => new Intl.NumberFormat('en-IN').format(n);

function Figures({ d }: { d: FranchiseDashboard }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
      {/* The sales recorded at the counter, as listed under Counter Sales below (issue 30: this card showed the
          holder's own purchases under "Own Sales"); the Sales Register lists them. */}
      <FigureCard
        className="lg:col-span-3"
        title="Counter Sales"
        icon={ShoppingBag}
        headline={formatMoney(d.counterSales.amount)}
        rows={[
          ['Sales recorded', plural(d.counterSales.orders, 'sale')],
          ['Business volume', formatBV(d.counterSales.bv, { unit: true })],
        ]}
      />
      <FigureCard
        className="lg:col-span-3"
        title="Team Sales"
        icon={ChartNoAxesCombined}
        headline={formatMoney(d.teamSales.amount)}
        rows={[
          ['Completed orders', plural(d.teamSales.orders, 'order')],
          ['Business volume', formatBV(d.teamSales.bv, { unit: true })],
        ]}
      />
      <FigureCard
        className="lg:col-span-2"
        title="Team Business Volume"
        icon={Waypoints}
        headline={formatBV(d.teamBV, { unit: true })}
        rows={[
          ['Left leg', formatBV(d.leftBV, { unit: true })],
          ['Right leg', formatBV(d.rightBV, { unit: true })],
        ]}
      />
      <FigureCard
        className="lg:col-span-2"
        title="Wallet"
        icon={Wallet}
        headline={formatMoney(d.wallet.balance)}
        rows={[
          ['Total earnings', formatMoney(d.wallet.totalEarnings)],
          ['Total withdrawals', formatMoney(d.wallet.totalWithdrawals)],
        ]}
      />
      <FigureCard
        className="sm:col-span-2 lg:col-span-2"
        title="Recruits"
        icon={Users}
        headline={`${count(d.recruits.teamSize)} in team`}
        rows={[
          ['Direct recruits', count(d.recruits.direct)],
          ['Awaiting placement', count(d.recruits.pending)],
          ['Active team members', count(d.recruits.activeTeam)],
        ]}
      />
    </div>
  );
}

/** R1 Franchise Dashboard (doc 3 §2.7, decisions §10): the holder's real figures and role badges. */
export function FranchisePage() {
  const user = useSignedInUser();
  const dashboard = useFranchiseDashboard();
  const badges = FRANCHISE_BADGES[user.role] ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Franchise Dashboard</h1>
            <p className="mt-1 text-sm text-slate-500">
              {ROLE_LABELS[user.role]} · Welcome, {user.firstName || user.userId}.
            </p>
          </div>
          <ul className="flex flex-wrap gap-2" aria-label="Franchise features">
            {badges.map((b) => (
              <li key={b}>
                <Badge tone="brand" className="px-3! py-1! text-sm!">
                  <BadgeCheck aria-hidden="true" className="size-4" /> {b}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
        <LinkButton to="/dashboard" icon={LayoutDashboard} variant="outline" className="self-start">
          Member dashboard
        </LinkButton>
      </div>

      {dashboard.isError ? (
        <QueryError title="Could not load your franchise figures" error={dashboard.error} onRetry={() => void dashboard.refetch()} retrying={dashboard.isFetching} />
      ) : dashboard.isPending ? (
        <InlineLoader label="Loading your franchise figures..." />
      ) : (
        <>
          <Figures d={dashboard.data} />
          <RecentOrders orders={dashboard.data.recentOrders} />
        </>
      )}

      <Suspense fallback={<InlineLoader label="Loading stock management..." />}>
        <StockCard />
      </Suspense>

      <Suspense fallback={<InlineLoader label="Loading your sales register..." />}>
        <LocalSalesCard />
      </Suspense>

      <Suspense fallback={<InlineLoader label="Loading your returns..." />}>
        <ReturnsCard />
      </Suspense>

      <Suspense fallback={<InlineLoader label="Loading your customers..." />}>
        <CustomersCard />
      </Suspense>
    </div>
  );
}
