import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FranchiseRequestInput, FranchiseRequestView } from '@contracts';
import { apiRequest, getRoute } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';

export const FRANCHISE_REQUESTS_KEY = ['/api/franchise-requests'] as const;

/** GET /api/franchise-requests: the member's own requests, newest first; an admin may decide at any time. */
export function useFranchiseRequests() {
  return useQuery({ queryKey: FRANCHISE_REQUESTS_KEY, queryFn: () => getRoute('GET /api/franchise-requests'), staleTime: 30_000 });
}

/** POST /api/franchise-requests: apply for a franchise; the member's requests re-read after it. */
export function useSubmitFranchiseRequest() {
  const queryClient = useQueryClient();
  return useApiMutation<FranchiseRequestInput, FranchiseRequestView>({
    request: (body) => apiRequest<FranchiseRequestView>('POST', FRANCHISE_REQUESTS_KEY[0], body),
    errorTitle: 'Request Not Submitted',
    errorFallback: 'Failed to submit the franchise request',
    successToast: () => ({ title: 'Franchise Request Submitted', description: 'An admin will review your request; its status shows below.' }),
    invalidate: () => void queryClient.invalidateQueries({ queryKey: FRANCHISE_REQUESTS_KEY }),
  });
}
