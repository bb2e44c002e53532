import type { CurrentUser } from '@contracts';
import { PORTALS } from './portals/portal-chunks';
import { routeUrl } from '../lib/api';
import { browserTimeZone } from '../lib/time-zone';
import { homePathOf } from '../features/account/current-user-data';
import { ADMIN_CHARTS_QUERY, MEMBER_CHARTS_QUERY } from '../features/charts/reads';
import { SIGNED_IN_APP } from './signed-in-chunk';
import { MEMBER_PATHS } from './paths';

/**
 * In a browser that may be signed in, starts loading the chunks its address will need at once, beside the call
 * for the current user, instead of one after another as each screen renders and finds the next one missing
 * (issue 14). Resolves when they are here (main.tsx renders the first screen then, in one pass; app/chunk.ts).
 * A wrong guess (another role's portal) costs a download and nothing else; a failed one is the route's to retry.
 */
export function prefetchScreens(pathname: string): Promise<unknown> {
  const path = pathname.replace(/\/+$/, '') || '/';
  const portal = (MEMBER_PATHS as readonly string[]).includes(path)
    ? PORTALS.member
    : path === '/admin'
      ? PORTALS.admin
      : path === '/founder'
        ? PORTALS.founder
        : path === '/franchise'
          ? PORTALS.franchise
          : path === '/pending-dashboard'
            ? PORTALS.pending
            : undefined;
  return Promise.all([SIGNED_IN_APP.preload(), portal?.preload()]).catch(() => undefined);
}

/**
 * The reads the first screen opens with, for the person the page was written for (its user block), as the
 * addresses the screens' hooks ask for, so that lib/api.ts readEarly can start them beside the chunks (issue 30).
 * Only a person's own home screen: a guess for another role would be refused.
 */
export function screenReads(pathname: string, search: string, user: Pick<CurrentUser, 'role' | 'status'> | null | undefined): string[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (!user || homePathOf(user) !== path) return [];
  if (path === '/dashboard') {
    const timezone = browserTimeZone();
    return [routeUrl('GET /api/wallet'), routeUrl('GET /api/team/stats'), routeUrl('GET /api/dashboard/charts', { query: { timezone, ...MEMBER_CHARTS_QUERY } })];
  }
  const section = new URLSearchParams(search).get('section');
  if (path === '/admin' && user.role === 'admin' && (!section || section === 'dashboard')) {
    const timezone = browserTimeZone();
    return [routeUrl('GET /api/admin/stats', { query: { timezone } }), routeUrl('GET /api/admin/charts', { query: { timezone, ...ADMIN_CHARTS_QUERY } })];
  }
  return [];
}
