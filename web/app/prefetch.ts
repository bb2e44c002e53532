import { PORTALS } from './portals/portal-chunks';
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
