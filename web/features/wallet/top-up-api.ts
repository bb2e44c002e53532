import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FundRequestMethod, FundRequestView, MemberFundRequests } from '@contracts';
import { FUND_REQUEST_MSG } from '@contracts';
import { apiRequest, getRoute } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { anyPending, pollWhile, REVIEW_POLL_MS } from '../../lib/poll';
import { WALLET_KEYS } from './api';

/** First element of the top-up query key: the path it reads. */
export const TOP_UP_KEY = '/api/fund-requests';

/** GET /api/fund-requests: the member's own top-up requests with the limits and what is left today (issue 16). */
export function useTopUps() {
  // A pending top-up turns approved or rejected while the member looks (issue 30): asked again until none waits.
  return useQuery({
    queryKey: [TOP_UP_KEY],
    queryFn: () => getRoute('GET /api/fund-requests'),
    staleTime: 30_000,
    refetchInterval: pollWhile((d: MemberFundRequests) => anyPending(d.items), REVIEW_POLL_MS),
  });
}

export interface TopUpPayload {
  method: FundRequestMethod;
  amount: string;
  reference: string;
  proof: File;
}

/** The request as a form: the proof goes as its own bytes, read by the server as a stream (as the KYC upload). */
function topUpForm(p: TopUpPayload): FormData {
  const form = new FormData();
  form.set('method', p.method);
  form.set('amount', p.amount);
  form.set('reference', p.reference);
  form.set('proofFilename', p.proof.name);
  // The file last: the fields are read before its bytes arrive.
  form.set('proofData', p.proof, p.proof.name);
  return form;
}

/** POST /api/fund-requests; the member's requests and wallet re-read after it. */
export function useRequestTopUp() {
  const queryClient = useQueryClient();
  return useApiMutation<TopUpPayload, { message: string; request: FundRequestView }>({
    request: (p) => apiRequest('POST', TOP_UP_KEY, topUpForm(p)),
    errorFallback: 'Failed to submit the top-up request',
    errorTitle: 'Top-up Failed',
    successToast: (data) => ({ title: 'Top-up Requested', description: data.message || FUND_REQUEST_MSG.submitted, variant: 'success' }),
    invalidate: () => queryClient.invalidateQueries({ predicate: (q) => [TOP_UP_KEY, WALLET_KEYS.summary].includes(String(q.queryKey[0])) }),
  });
}
