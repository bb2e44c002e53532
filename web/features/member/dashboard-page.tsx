import { Link } from 'react-router';
import { ChevronRight, FileCheck2, Package, Sparkles, Users, Wallet } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatDate } from '../../lib/format';
import { AccountDetailsCard, KycStatusCard, ROLE_LABELS, SecurityCard, STATUS_LABELS, useSignedInUser } from '../account';

const QUICK_LINKS = [
  { to: '/products', label: 'Products', text: 'Browse the catalog and place an order', icon: Package, tone: 'bg-sky-50 text-sky-700' },
  { to: '/wallet', label: 'Wallet', text: 'Balance, transactions and withdrawals', icon: Wallet, tone: 'bg-emerald-50 text-emerald-700' },
] as const;

/** /dashboard: a welcome card, quick links and the account overview built from the current user. */
export function DashboardPage() {
  const user = useSignedInUser();
  const status = STATUS_LABELS[user.status];
  return (
    <div className="space-y-6">
      <section className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 via-brand-800 to-brand-950 p-6 text-white shadow-lg sm:p-8">
        <div aria-hidden="true" className="absolute -top-16 -right-10 size-64 rounded-full bg-brand-400/25 blur-3xl" />
        <div className="relative flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
          <div className="space-y-2">
            <p className="flex items-center gap-2 text-sm font-medium text-brand-200">
              <Sparkles aria-hidden="true" className="size-4" /> {ROLE_LABELS[user.role]} · {user.currentRank}
            </p>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome back, {user.firstName || user.userId}!</h1>
            <p className="text-sm text-brand-100">
              User ID <span className="font-mono font-semibold text-white">{user.userId}</span>
              {user.activationDate ? <> · Active since {formatDate(user.activationDate)}</> : null}
            </p>
            <Badge tone={status.tone} className="mt-1">
              {status.label}
            </Badge>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="secondary" className="bg-white! text-brand-800! hover:bg-brand-50!">
              <Link to="/my-team">
                <Users aria-hidden="true" className="size-4" /> View My Team
              </Link>
            </Button>
            <Button asChild variant="secondary" className="bg-white! text-brand-800! hover:bg-brand-50!">
              <Link to="/kyc-upload">
                <FileCheck2 aria-hidden="true" className="size-4" /> KYC Documents
              </Link>
            </Button>
          </div>
        </div>
      </section>
      <nav aria-label="Quick links" className="grid gap-3 sm:grid-cols-2">
        {QUICK_LINKS.map(({ to, label, text, icon: Icon, tone }) => (
          <Link
            key={to}
            to={to}
            className="group flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            <span className={`flex size-10 shrink-0 items-center justify-center rounded-xl ${tone}`}>
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-slate-900">{label}</span>
              <span className="block text-sm text-slate-500">{text}</span>
            </span>
            <ChevronRight aria-hidden="true" className="size-4 text-slate-400 transition-transform group-hover:translate-x-0.5" />
          </Link>
        ))}
      </nav>
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <AccountDetailsCard user={user} />
        </div>
        <div className="space-y-6">
          <KycStatusCard user={user} />
          <SecurityCard />
        </div>
      </div>
    </div>
  );
}
