import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArrowLeftRight, EyeOff, IndianRupee, Network, ShieldCheck, Users } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { AccountDetailsCard, SecurityCard, useSignedInUser } from '../account';

interface FounderStats {
  totalUsers: number;
  hiddenIds: number;
  totalRevenue: string | number;
  leftLegUsers: number;
  rightLegUsers: number;
}

const HIDDEN_ID_LIMIT = 20;
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

function Stat({ icon, label, value, className }: { icon: ReactNode; label: string; value: ReactNode; className?: string }) {
  return (
    <div className={cn('rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5', className)}>
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-slate-500">{label}</p>
        <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700">{icon}</span>
      </div>
      <p className="mt-3 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">{value}</p>
    </div>
  );
}

/** F1 Founder Control Center (doc 3 §2.6): the network figures from GET /api/founder/stats. */
export function FounderPage() {
  const user = useSignedInUser();
  const stats = useQuery<FounderStats>({ queryKey: ['/api/founder/stats'] });
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Founder Control Center</h1>
          <p className="mt-1 text-sm text-slate-500">Welcome, {user.firstName || user.userId}.</p>
        </div>
        {/* Founders review KYC documents in the admin page's reviewer sections (decisions.md §1). */}
        <Button asChild variant="outline" className="self-start sm:self-auto">
          <Link to="/admin?section=kyc-pending">
            <ShieldCheck aria-hidden="true" className="size-4" /> Reviewer tools
          </Link>
        </Button>
      </div>
      {stats.isError ? (
        <Alert
          tone="danger"
          title="Could not load the network statistics"
          action={
            <Button size="sm" variant="outline" onClick={() => void stats.refetch()} loading={stats.isFetching}>
              Try again
            </Button>
          }
        />
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5" aria-busy={stats.isPending}>
          <Stat className="col-span-2 lg:col-span-1" icon={<Network aria-hidden="true" className="size-4.5" />} label="Total Network" value={stats.data?.totalUsers ?? '…'} />
          <Stat
            icon={<EyeOff aria-hidden="true" className="size-4.5" />}
            label="Hidden IDs"
            value={stats.data ? `${stats.data.hiddenIds} / ${HIDDEN_ID_LIMIT}` : '…'}
          />
          <Stat
            icon={<IndianRupee aria-hidden="true" className="size-4.5" />}
            label="Global Revenue"
            value={stats.data ? inr.format(Number(stats.data.totalRevenue)) : '…'}
          />
          <Stat icon={<ArrowLeftRight aria-hidden="true" className="size-4.5" />} label="Left Leg Users" value={stats.data?.leftLegUsers ?? '…'} />
          <Stat icon={<Users aria-hidden="true" className="size-4.5" />} label="Right Leg Users" value={stats.data?.rightLegUsers ?? '…'} />
        </div>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <AccountDetailsCard user={user} />
        </div>
        <SecurityCard />
      </div>
    </div>
  );
}
