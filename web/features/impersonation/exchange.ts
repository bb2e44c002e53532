import { IMPERSONATION_CODE_PARAM } from '@contracts/web-storage';
import type { CurrentUser } from '@contracts';
import { toast } from '../../components/ui/toast';
import { apiRequest, errorMessage } from '../../lib/api';
import { impersonationToken } from '../../lib/storage';

/**
 * At startup: when the address carries ?impersonationCode=, trade it for an access token kept in
 * sessionStorage (doc 1 §2, §7), then take the code out of the address. On failure any stored
 * token is removed.
 */
export async function exchangeImpersonationCode(): Promise<void> {
  const url = new URL(window.location.href);
  const code = url.searchParams.get(IMPERSONATION_CODE_PARAM);
  if (!code) return;
  url.searchParams.delete(IMPERSONATION_CODE_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  impersonationToken.clear();
  try {
    const res = await apiRequest<{ accessToken: string; expiresAt: string; user: CurrentUser }>('POST', '/api/impersonation/exchange', { code });
    if (res.ok && res.data?.accessToken) {
      impersonationToken.set(res.data.accessToken);
      return;
    }
    impersonationToken.clear();
    toast({ title: 'Cannot Login', description: res.ok ? undefined : res.error.message, variant: 'destructive' });
  } catch (err) {
    impersonationToken.clear();
    toast({ title: 'Cannot Login', description: errorMessage(err, 'Something went wrong. Please try again.'), variant: 'destructive' });
  }
}
