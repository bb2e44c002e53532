import { KycInfoCard } from '../kyc';
import { MemberCharts } from '../charts/member-charts';
import { useSignedInUser } from '../account';
import { ActivityCard } from './activity-card';
import { KeyFigures } from './key-figures';
import { NewsCard } from './news-card';
import { QuickActions } from './quick-actions';
import { WelcomeCard } from './welcome-card';
import { SplitColumns } from '../../components/ui/columns';
import { AfterFirstPaint } from '../../components/ui/after-first-paint';

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
      {/* Below them: rendered in a second, sliced pass (issue 14). */}
      <AfterFirstPaint>
        <SplitColumns left={<ActivityCard />} right={<NewsCard />} />
        <KycInfoCard />
      </AfterFirstPaint>
    </div>
  );
}
