import type { AppContext } from '../../context';
import { get, type RouteDef } from '../../http/routes';
import { parse } from '../../http/validate';
import { knownTimeZone } from '../../core/time-zone';
import { startOfDayIn, todayIn } from '../../lib/time';
import { adminCounts, userCounts } from './dashboard.service';
import { journalLag } from '../volume';
import { TimeZoneQuery, type AdminStatsResponse } from '../../../contracts/admin';

const zone = (q: unknown) => knownTimeZone(parse(TimeZoneQuery, q).timezone);

/** The dashboard's seven cards and the work waiting for an admin, each pointing at its section. */
export function adminDashboardRoutes(ctx: AppContext): RouteDef[] {
  return [
    get('/api/admin/stats', 'admin', async (req) => {
      const tz = zone(req.query);
      const today = todayIn(ctx.clock.now(), tz);
      const [c, volume] = await Promise.all([adminCounts(ctx, startOfDayIn(`${today.slice(0, 8)}01`, tz)), journalLag(ctx)]);
      const actionsRequired = [
        { key: 'recruits', label: 'Registrations awaiting approval', count: c.recruitsAwaitingAdmin, section: 'pending-recruits' },
        { key: 'kyc', label: 'Members with KYC documents to review', count: c.pendingKYC, section: 'kyc-pending' },
        { key: 'withdrawals', label: 'Withdrawal requests to process', count: c.withdrawalRequests, section: 'withdrawals-pending' },
        { key: 'franchise', label: 'Franchise requests to review', count: c.franchiseRequests, section: 'franchise-requests' },
        { key: 'tickets', label: 'Open support tickets', count: c.openTickets, section: 'support-tickets' },
      ];
      return {
        totalUsers: c.totalUsers,
        activeUsers: c.activeUsers,
        pendingKYC: c.pendingKYC,
        withdrawalRequests: c.withdrawalRequests,
        totalBV: c.totalBV,
        monthlyIncome: c.monthlyIncome,
        monthlySales: c.monthlySales,
        franchiseRequests: c.franchiseRequests,
        actionsRequired,
        volume,
      } satisfies AdminStatsResponse;
    }),
    get('/api/users/stats', 'admin', async (req) => {
      const tz = zone(req.query);
      return userCounts(ctx, startOfDayIn(todayIn(ctx.clock.now(), tz), tz));
    }),
  ];
}
