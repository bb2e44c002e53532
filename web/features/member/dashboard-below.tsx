import { KycInfoCard } from '../kyc';
import { ActivityCard } from './activity-card';
import { NewsCard } from './news-card';
import { SplitColumns } from '../../components/ui/columns';

/**
 * The dashboard below the charts: recent activity, news and the KYC card. Its own chunk, loaded after the first paint
 * (dashboard-page.tsx): the first load of /dashboard carries neither these cards nor their queries and date
 * formatting (issue 30).
 */
export default function DashboardBelow() {
  return (
    <>
      <SplitColumns left={<ActivityCard />} right={<NewsCard />} />
      <KycInfoCard />
    </>
  );
}
