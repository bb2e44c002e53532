import { useSignedInUser } from '../../features/account';
import { PendingDashboardPage } from '../../features/pending';
import { useCompanyName } from '../../components/ui/logo';
import { PortalHeader } from '../layouts/portal-header';

/** Pending (or registered) users: / and /pending-dashboard (doc 1 §2). */
export default function PendingApp() {
  const user = useSignedInUser();
  const company = useCompanyName();
  return <PendingDashboardPage header={<PortalHeader user={user} caption={company} homePath="/" />} />;
}
