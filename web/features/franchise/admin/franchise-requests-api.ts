import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminFranchiseRequest, AdminFranchiseRequestList, FranchiseDecision } from '@contracts';
import { getRoute } from '../../../lib/api';
import { KEYS, USER_LIST_KEYS, useInvalidatePaths } from '../../../lib/admin/queries';
import { useItemPatch } from '../../../lib/admin/writes';

export type { AdminFranchiseRequest };

export type FranchiseStatus = AdminFranchiseRequest['status'];

export type FranchiseRequestList = AdminFranchiseRequestList;

/** GET /api/admin/franchise-requests?status= -> {items, counts}. */
export function useFranchiseRequests(status: FranchiseStatus) {
  const query = useQuery({
    queryKey: [KEYS.franchiseRequests, status],
    queryFn: () => getRoute('GET /api/admin/franchise-requests', { query: { status } }),
    placeholderData: keepPreviousData,
  });
  return { ...query, items: query.data?.items ?? [], counts: query.data?.counts ?? {} };
}

/** After a decision: the lists, the dashboard card, the member's role in the user lists, the audit log. */
export function useInvalidateFranchise() {
  return useInvalidatePaths([KEYS.franchiseRequests, KEYS.stats, KEYS.auditLog, ...USER_LIST_KEYS]);
}

/** PATCH /api/admin/franchise-requests/:id: approve or reject (the dialog words the success toast). */
export function useDecideFranchiseRequest(id: string) {
  return useItemPatch<FranchiseDecision>(KEYS.franchiseRequests, id, 'Failed to update the franchise request', useInvalidateFranchise());
}
