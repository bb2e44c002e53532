import type { RouteContract } from '../route-contract';
import { AdminCharts, AdminChartsQuery, MemberCharts, MemberChartsQuery } from '../charts';

/** The dashboards' charts (issue 15). */
export const CHARTS_API = {
  'GET /api/admin/charts': {
    summary: 'Admin dashboard charts: joinings, sales and BV per day, income paid per cycle, withdrawals per week',
    query: AdminChartsQuery,
    response: { 200: AdminCharts },
  },
  'GET /api/dashboard/charts': {
    summary: 'Member dashboard charts: own BV per leg per pairing cycle, income per cycle, team growth',
    query: MemberChartsQuery,
    response: { 200: MemberCharts },
  },
} as const satisfies Record<string, RouteContract>;
