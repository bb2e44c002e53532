import { PendingDashboardPage } from '../../features/pending';

/** Pending (or registered) users: / and /pending-dashboard (doc 1 §2). */
export default function PendingApp() {
  return <PendingDashboardPage />;
}
