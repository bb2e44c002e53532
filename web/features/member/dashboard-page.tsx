import { Link } from 'react-router';
import { FileCheck2, Sparkles } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatDate } from '../../lib/format';
import { AccountDetailsCard, KycStatusCard, ROLE_LABELS, SecurityCard, STATUS_LABELS, useSignedInUser } from '../account';

/**
 * /dashboard (and, until their own issues land, /my-team, /products, /my-purchases): a welcome
 * card and the account overview built from the current user.
 */
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
              <Link to="/kyc-upload">
                <FileCheck2 aria-hidden="true" className="size-4" /> KYC Documents
              </Link>
            </Button>
          </div>
        </div>
      </section>
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
