import { IMPERSONATION_CODE_PARAM } from '@contracts/web-storage';
import type { CurrentUser } from '@contracts';
import { toastError } from '../../components/ui/toast';
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
    toastError(res.ok ? undefined : res.error.message, 'Cannot Login');
  } catch (err) {
    impersonationToken.clear();
    toastError(errorMessage(err, 'Something went wrong. Please try again.'), 'Cannot Login');
  }
}
