import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FranchiseRequestInput, FranchiseRequestView } from '@contracts';
import { apiRequest, type WriteResult, getRoute } from '../../lib/api';

export const FRANCHISE_REQUESTS_KEY = ['/api/franchise-requests'] as const;

/** GET /api/franchise-requests: the member's own requests, newest first; an admin may decide at any time. */
export function useFranchiseRequests() {
  return useQuery({ queryKey: FRANCHISE_REQUESTS_KEY, queryFn: () => getRoute('GET /api/franchise-requests'), staleTime: 30_000 });
}

export function submitFranchiseRequest(body: FranchiseRequestInput): Promise<WriteResult<FranchiseRequestView>> {
  return apiRequest<FranchiseRequestView>('POST', FRANCHISE_REQUESTS_KEY[0], body);
}

export function useInvalidateFranchiseRequests() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: FRANCHISE_REQUESTS_KEY });
}
