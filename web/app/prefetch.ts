import { MEMBER_PATHS } from './paths';

/**
 * In a browser that may be signed in, starts loading the chunks its address will need at once, beside the call
 * for the current user, instead of one after another as each screen renders and finds the next one missing
 * (issue 14). The screens' lazy imports then find them loaded (the same modules). A wrong guess (another role's
 * portal) costs a download and nothing else.
 */
export function prefetchScreens(pathname: string, search: string) {
  const path = pathname.replace(/\/+$/, '') || '/';
  void import('./signed-in-app');
  if ((MEMBER_PATHS as readonly string[]).includes(path)) {
    void import('./portals/member-app');
    // The landing page; the portal loads any other page itself (a loader per page here would weigh on the first
    // load of every visitor).
    if (path === '/dashboard') void import('../features/member/dashboard-page');
  } else if (path === '/admin') {
    void import('./portals/admin-app');
    const section = new URLSearchParams(search).get('section');
    if (!section || section === 'dashboard') void import('../features/admin/dashboard/dashboard-section');
  } else if (path === '/founder') {
    void import('./portals/founder-app');
  } else if (path === '/franchise') {
    void import('./portals/franchise-app');
  } else if (path === '/pending-dashboard') {
    void import('./portals/pending-app');
  }
}
