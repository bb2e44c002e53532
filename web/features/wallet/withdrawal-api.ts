import { WALLET_MSG, type WithdrawalRequest, type WithdrawalView } from '@contracts';
import { apiRequest } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { useInvalidateWallet, WALLET_KEYS } from './api';

/** POST /api/withdrawals with the dialog's Idempotency-Key; the wallet re-reads after it. */
export function useRequestWithdrawal() {
  const invalidate = useInvalidateWallet();
  return useApiMutation<{ body: WithdrawalRequest; key: string }, { message: string; withdrawal: WithdrawalView }>({
    request: ({ body, key }) => apiRequest('POST', WALLET_KEYS.withdrawals, body, { headers: { 'Idempotency-Key': key } }),
    errorTitle: 'Withdrawal Failed',
    errorFallback: 'Failed to submit withdrawal request',
    successToast: (data) => ({ title: 'Withdrawal Requested', description: data.message || WALLET_MSG.withdrawalRequested }),
    invalidate: () => void invalidate(),
  });
}
