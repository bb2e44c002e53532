export { PendingDashboardPage } from './pending-dashboard-page';
