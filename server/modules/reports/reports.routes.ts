import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { directIncomeReport, holidayRewardReport, payoutSummaryReport } from './reports.service';

/** The Income Reports with a data source (docs/spec/compensation.md §6): payouts, direct income and holiday rewards. */
export function adminReportRoutes(ctx: AppContext): RouteDef[] {
  return [
    { method: 'GET', url: '/api/admin/reports/payout-summary', access: 'admin', handler: async (req) => payoutSummaryReport(ctx, actorOf(req)) },
    { method: 'GET', url: '/api/admin/reports/direct-income', access: 'admin', handler: async (req) => directIncomeReport(ctx, actorOf(req)) },
    { method: 'GET', url: '/api/admin/reports/holiday-reward', access: 'admin', handler: async (req) => holidayRewardReport(ctx, actorOf(req)) },
  ];
}
