import { useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodesResponse, TwoFactorDisableRequest, TwoFactorSetupResponse } from '@contracts';
import { apiRequest } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { CURRENT_USER_KEY } from '../account';

// The code steps go through CodeForm, which shows their errors on the code field itself.

/** POST /api/auth/two-factor/setup: a new secret and its otpauth URI. */
export const startTwoFactorSetup = () => apiRequest<TwoFactorSetupResponse>('POST', '/api/auth/two-factor/setup');

/** POST /api/auth/two-factor/enable with the first code: the recovery codes. */
export const enableTwoFactor = (code: string) => apiRequest<RecoveryCodesResponse>('POST', '/api/auth/two-factor/enable', { code });

/** POST /api/auth/two-factor/recovery-codes: a new set (the old one stops working). */
export const renewRecoveryCodes = (code: string) => apiRequest<RecoveryCodesResponse>('POST', '/api/auth/two-factor/recovery-codes', { code });

/** POST /api/auth/two-factor/step-up: the second factor again before a sensitive write. */
export const confirmStepUp = (code: string) => apiRequest('POST', '/api/auth/two-factor/step-up', { code });

/** POST /api/auth/two-factor/disable with password and code; field errors alone show no toast. */
export function useDisableTwoFactor(twoFactorKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useApiMutation({
    request: (body: TwoFactorDisableRequest) => apiRequest<{ message: string }>('POST', '/api/auth/two-factor/disable', body),
    errorToast: (failure) => (failure?.error.fieldErrors ? null : { title: 'Two-factor is still on', description: failure?.error.message }),
    successToast: (data) => ({ title: 'Two-factor sign-in is off', description: data.message, variant: 'default' }),
    // The dialog closes at once; the card and the signed-in user are read again behind it.
    invalidate: () => {
      void Promise.all([queryClient.invalidateQueries({ queryKey: twoFactorKey }), queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY })]);
    },
  });
}
