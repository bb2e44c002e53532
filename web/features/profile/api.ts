import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@contracts';
import { apiRequest } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { CURRENT_USER_KEY } from '../account';

/** PUT /api/user/profile; the signed-in user is read again before the card shows the answer. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useApiMutation({
    request: async (body: Record<string, unknown>) => {
      const res = await apiRequest<CurrentUser>('PUT', '/api/user/profile', body);
      if (res.ok) await queryClient.refetchQueries({ queryKey: CURRENT_USER_KEY });
      return res;
    },
    errorTitle: 'Update Failed',
    errorFallback: 'Failed to update profile',
  });
}
