import { Sparkles } from 'lucide-react';
import type { CurrentUser } from '@contracts';
import { Badge } from '../../components/ui/badge';
import { formatDate } from '../../lib/format';
import { ROLE_LABELS, STATUS_LABELS } from '../account';

/** The dashboard's welcome card (doc 3 §2.1). */
export function WelcomeCard({ user }: { user: CurrentUser }) {
  const status = STATUS_LABELS[user.status];
  return (
    <section aria-labelledby="welcome-title" className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 via-brand-800 to-brand-950 p-6 text-white shadow-lg sm:p-8">
      <div aria-hidden="true" className="absolute -top-16 -right-10 size-64 rounded-full bg-brand-400/25 blur-3xl" />
      <div aria-hidden="true" className="absolute -bottom-24 left-1/3 size-56 rounded-full bg-amber-300/10 blur-3xl" />
      <div className="relative space-y-2">
        <p className="flex items-center gap-2 text-sm font-medium text-brand-200">
          <Sparkles aria-hidden="true" className="size-4" /> {ROLE_LABELS[user.role]} · {user.currentRank}
        </p>
        <h1 id="welcome-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Welcome back, {user.firstName || user.userId}!
        </h1>
        <p className="max-w-2xl text-sm text-brand-100">Here is what is happening in your team, your wallet and your account today.</p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 pt-1 text-sm text-brand-100">
          <span>
            User ID <span className="font-mono font-semibold text-white">{user.userId}</span>
          </span>
          {user.activationDate ? <span>Active since {formatDate(user.activationDate)}</span> : null}
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
      </div>
    </section>
  );
}
