import type { AppContext } from '../../context';
import type { ArgsAfterDb } from '../../core/repo-args';
import * as dashboardRepo from './dashboard.repo';

/** The admin dashboard's counts, as its routes read them (a route calls its module's services, never a repo). */
export const adminCounts = (ctx: AppContext, ...args: ArgsAfterDb<typeof dashboardRepo.adminCounts>) => dashboardRepo.adminCounts(ctx.db, ...args);
export const userCounts = (ctx: AppContext, ...args: ArgsAfterDb<typeof dashboardRepo.userCounts>) => dashboardRepo.userCounts(ctx.db, ...args);
