import type { RouteContract } from '../route-contract';
import { ok } from '../route-contract';
import { AdminCharts, AdminChartsQuery, MemberCharts, MemberChartsQuery } from '../charts';

/** The dashboards' charts (issue 15). */
export const CHARTS_API = {
  'GET /api/admin/charts': ok('Admin dashboard charts: joinings, sales and BV per day, income paid per cycle, withdrawals per week', AdminCharts, { query: AdminChartsQuery }),
  'GET /api/dashboard/charts': ok('Member dashboard charts: own BV per leg per pairing cycle, income per cycle, team growth', MemberCharts, { query: MemberChartsQuery }),
} as const satisfies Record<string, RouteContract>;
