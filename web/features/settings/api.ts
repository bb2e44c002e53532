import { useQuery } from '@tanstack/react-query';
import type { FranchiseRequestInput, FranchiseRequestView } from '@contracts';
import { getRoute } from '../../lib/api';
import { usePostToList } from '../../lib/mutation';

export const FRANCHISE_REQUESTS_KEY = ['/api/franchise-requests'] as const;

/** GET /api/franchise-requests: the member's own requests, newest first; an admin may decide at any time. */
export function useFranchiseRequests() {
  return useQuery({ queryKey: FRANCHISE_REQUESTS_KEY, queryFn: () => getRoute('GET /api/franchise-requests'), staleTime: 30_000 });
}

/** POST /api/franchise-requests: apply for a franchise; the member's requests re-read after it. */
export function useSubmitFranchiseRequest() {
  return usePostToList<FranchiseRequestInput, FranchiseRequestView>(FRANCHISE_REQUESTS_KEY, {
    errorTitle: 'Request Not Submitted',
    errorFallback: 'Failed to submit the franchise request',
    successToast: () => ({ title: 'Franchise Request Submitted', description: 'An admin will review your request; its status shows below.' }),
  });
}
