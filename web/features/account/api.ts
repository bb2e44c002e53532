import { MSG } from '@contracts';
import { apiRequest, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';

/** POST /api/auth/change-password (the page signs out a moment after a success). */
export function useChangePassword() {
  return useApiMutation({
    request: (body: { currentPassword: string; newPassword: string }) => apiRequest<{ message?: string }>('POST', '/api/auth/change-password', body),
    errorTitle: 'Failed to change password',
    describeError: (failure, thrown) => (failure ? failure.error.message : errorMessage(thrown, MSG.internalError)),
    successToast: () => ({ title: 'Password Changed', description: MSG.passwordChanged }),
  });
}
