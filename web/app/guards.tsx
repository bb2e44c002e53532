import { useEffect } from 'react';
import { DELAYS } from '@contracts';
import { PageLoader } from '../components/ui/spinner';
import { toastError, toastOpen } from '../components/ui/toast';

/**
 * Toast, then the server's login path after 1.5 s (doc 1 §2, doc 3 §6). A toast already on screen says why the
 * visitor is here (a refused impersonation code, shown before the first screen renders) and stays.
 */
function useDelayedLoginRedirect(title: string, description?: string) {
  useEffect(() => {
    if (!toastOpen()) toastError(description, title);
    const timer = setTimeout(() => window.location.assign('/api/login'), DELAYS.unauthorisedRedirectMs);
    return () => clearTimeout(timer);
  }, [title, description]);
}

/** A signed-out visitor on a signed-in route. */
export function PleaseLogIn() {
  useDelayedLoginRedirect('Please log in', 'Redirecting to sign in...');
  return <PageLoader label="Redirecting to sign in..." />;
}

/** A signed-in user on another role's portal, e.g. "Unauthorized - Founder access required. Redirecting...". */
export function Unauthorized({ portal }: { portal: 'Founder' | 'Admin' | 'Franchise' }) {
  useDelayedLoginRedirect('Unauthorized', `${portal} access required. Redirecting...`);
  return <PageLoader label={`Unauthorized: ${portal} access required. Redirecting...`} />;
}
