import type { AppContext } from '../../context';
import type { ArgsAfterDb } from '../../core/repo-args';
import * as adminDashboardRepo from './admin-dashboard.repo';

/** The admin dashboard's counts, as its routes read them (a route calls its module's services, never a repo). */
export const adminCounts = (ctx: AppContext, ...args: ArgsAfterDb<typeof adminDashboardRepo.adminCounts>) => adminDashboardRepo.adminCounts(ctx.db, ...args);
export const userCounts = (ctx: AppContext, ...args: ArgsAfterDb<typeof adminDashboardRepo.userCounts>) => adminDashboardRepo.userCounts(ctx.db, ...args);
