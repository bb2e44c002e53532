import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { AdminChartsQuery, MemberChartsQuery } from '../../../contracts/charts';
import { adminCharts, memberCharts } from './charts.service';

/** The figures behind the dashboards' charts (issue 15). */
export function chartsRoutes(ctx: AppContext): RouteDef[] {
  return [
    { method: 'GET', url: '/api/admin/charts', access: 'admin', handler: async (req) => adminCharts(ctx, actorOf(req), parse(AdminChartsQuery, req.query)) },
    { method: 'GET', url: '/api/dashboard/charts', access: 'member', handler: async (req) => memberCharts(ctx, actorOf(req), parse(MemberChartsQuery, req.query)) },
  ];
}
