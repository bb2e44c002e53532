import { lazy, Suspense } from 'react';
import { MemberCharts } from '../charts';
import { useSignedInUser } from '../account';
import { KeyFigures } from './key-figures';
import { QuickActions } from './quick-actions';
import { WelcomeCard } from './welcome-card';
import { AfterFirstPaint } from '../../components/ui/after-first-paint';

// Below the fold: its own chunk, asked for once the top has painted (issue 30: the first load's script and work).
const DashboardBelow = lazy(() => import('./dashboard-below'));

/** /dashboard (doc 3 §2.1): welcome card, key figures, quick actions, recent activity, news, and the KYC card at the bottom. */
export function DashboardPage() {
  const user = useSignedInUser();
  return (
    <div className="space-y-6">
      <WelcomeCard user={user} />
      <KeyFigures />
      <QuickActions />
      {/* The charts' cards are in a phone's first view (their text is the largest there): in the first pass, their figures deferred. */}
      <MemberCharts />
      {/* Below them: rendered in a second, sliced pass (issue 14), from a chunk of its own loaded then (issue 30). */}
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <DashboardBelow />
        </Suspense>
      </AfterFirstPaint>
    </div>
  );
}
