import { CURRENT_USER_GC_MS, type CurrentUser } from '@contracts';
import { BOOT_USER_ELEMENT_ID } from '@contracts/web-storage';
import { apiGet } from '../../lib/api';
import { impersonationToken } from '../../lib/storage';
import { noteStepUp } from '../../lib/step-up';

/*
 * The current user without the query library: the signed-out screens (which load no TanStack Query, issue 14)
 * and the query hooks of current-user.ts share it.
 */
export const CURRENT_USER_KEY = ['/api/auth/user'] as const;
export { CURRENT_USER_GC_MS };

function unwrap(data: unknown): CurrentUser | null {
  if (!data || typeof data !== 'object') return null;
  if ('userId' in data) return data as CurrentUser;
  const inner = (data as { user?: unknown }).user;
  return inner && typeof inner === 'object' ? (inner as CurrentUser) : null;
}

let early: Promise<CurrentUser | null> | null = null;
/** The answer the page itself carried (server/http/page-user.ts), until the signed-in app seeds its cache with it. */
let fromPage: { user: CurrentUser | null } | null = null;

/**
 * The current user the server wrote into the page for this browser's cookie: undefined when it wrote none, or when
 * this tab acts through an impersonation token (its user is the token's, which only the API answers).
 */
function pageUser(): { user: CurrentUser | null } | undefined {
  if (impersonationToken.get()) return undefined;
  const el = document.getElementById(BOOT_USER_ELEMENT_ID);
  if (!el?.textContent) return undefined;
  try {
    return { user: unwrap(JSON.parse(el.textContent)) };
  } catch {
    return undefined;
  } finally {
    // Read once: a later sign-in or sign-out in this tab must not find the page's first answer.
    el.remove();
  }
}

/** The page's answer, once: the signed-in app seeds its query cache with it instead of asking (issue 30). */
export function takePageUser(): { user: CurrentUser | null } | null {
  const taken = fromPage;
  fromPage = null;
  // The cache now holds that answer: a later fetch (an invalidation after a change) must ask the server.
  if (taken) early = null;
  return taken;
}

/**
 * Asks for the current user at once, as the page starts in a browser that may be signed in (main.tsx), while the
 * signed-in app's script is still on its way; the first fetchCurrentUser takes this answer. Returns the user the
 * page itself carried (null: the server knows no session), undefined when the answer is still to come.
 */
export function fetchCurrentUserEarly(): CurrentUser | null | undefined {
  const known = pageUser();
  if (known) {
    fromPage = known;
    noteStepUp(known.user);
    early = Promise.resolve(known.user);
    return known.user;
  }
  early = askCurrentUser();
  // Read by the first fetchCurrentUser, which reports a failure; not an unhandled rejection meanwhile.
  early.catch(() => undefined);
  return undefined;
}

/** GET /api/auth/user: the signed-in user, or null when the server answers 401. */
export function fetchCurrentUser(): Promise<CurrentUser | null> {
  const answer = early ?? askCurrentUser();
  early = null;
  return answer;
}

async function askCurrentUser(): Promise<CurrentUser | null> {
  const user = await currentUserAnswer();
  // How long the second factor still counts, so that a step-up route asks for the code before its request (issue 30).
  noteStepUp(user);
  return user;
}

async function currentUserAnswer(): Promise<CurrentUser | null> {
  const user = unwrap(await apiGet<unknown>('/api/auth/user', { on401: 'returnNull' }));
  // A token the server no longer honours (expired or revoked) is dropped: the server then
  // answers for the cookie session, if any, and says so by impersonatedBy being null.
  if (impersonationToken.get() && !user?.impersonatedBy) {
    impersonationToken.clear();
    if (!user) return unwrap(await apiGet<unknown>('/api/auth/user', { on401: 'returnNull' }));
  }
  return user;
}

export const isPendingStatus = (u: Pick<CurrentUser, 'status'>) => u.status === 'pending' || u.status === 'registered';

export const isFranchiseRole = (role: CurrentUser['role']) => role === 'mini_franchise' || role === 'basic_franchise';

/** Where "/" and the Cancel of change password lead for this user. */
export function homePathOf(u: Pick<CurrentUser, 'role' | 'status'>): string {
  if (isPendingStatus(u)) return '/';
  if (u.role === 'founder') return '/founder';
  if (u.role === 'admin') return '/admin';
  if (isFranchiseRole(u.role)) return '/franchise';
  return '/dashboard';
}
