import type { AppContext } from '../../context';
import { identityOf, type RouteDef } from '../../http/routes';
import { kycInfo, recentActivity, franchiseDashboard } from './member.service';

/** The member dashboard's KYC card and recent activity, and the franchise portal's figures. */
export function memberRoutes(ctx: AppContext): RouteDef[] {
  return [
    { method: 'GET', url: '/api/user/kyc-info', access: 'member', handler: async (req) => kycInfo(ctx, identityOf(req).user) },
    { method: 'GET', url: '/api/dashboard/activity', access: 'member', handler: async (req) => recentActivity(ctx, identityOf(req).user) },
    { method: 'GET', url: '/api/franchise/dashboard', access: 'member', handler: async (req) => franchiseDashboard(ctx, identityOf(req).user) },
  ];
}
