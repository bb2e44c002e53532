import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../lib/api';
import { impersonationToken, rememberMe } from '../../lib/storage';
import { CURRENT_USER_KEY } from './current-user';
import { switchUser } from './session-switch';

/** Ends an impersonated session: revoke (failure ignored), drop the token, close or leave the window. */
export async function stopImpersonating(): Promise<void> {
  try {
    await apiRequest('POST', '/api/impersonation/revoke');
  } catch {
    // The token dies with the window anyway; nothing to tell the user.
  }
  impersonationToken.clear();
  window.close(); // only works when the window was opened by script
  setTimeout(() => {
    if (!window.closed) window.location.assign('/');
  }, 150);
}

/**
 * Logout (doc 1 §4, §7, §8). While an impersonation token is held it only revokes that token.
 * Otherwise POST /api/logout, clear cached data and go to /; on failure also forget the remembered id.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      if (impersonationToken.get()) {
        queryClient.clear();
        await stopImpersonating();
        return;
      }
      try {
        const res = await apiRequest('POST', '/api/logout');
        if (!res.ok) rememberMe.clear();
      } catch {
        rememberMe.clear();
      }
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] });
      switchUser(queryClient, navigate, null, '/');
    },
  });
}
