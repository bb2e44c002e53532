import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminFranchiseRequest, AdminFranchiseRequestList, AdminTicket, AdminTicketList, NewsView } from '@contracts';
import { apiGet } from '../../../lib/api';
import { toQueryString } from '../format';
import { invalidatePaths, KEYS, USER_LIST_KEYS } from '../queries';

export type { AdminFranchiseRequest, AdminTicket, AdminTicketList, NewsView };

export type FranchiseStatus = AdminFranchiseRequest['status'];

export type FranchiseRequestList = AdminFranchiseRequestList;

/** GET /api/admin/franchise-requests?status= -> {items, counts}. */
export function useFranchiseRequests(status: FranchiseStatus) {
  const query = useQuery({
    queryKey: [KEYS.franchiseRequests, status],
    queryFn: () => apiGet<AdminFranchiseRequestList>(`${KEYS.franchiseRequests}${toQueryString({ status })}`),
    placeholderData: keepPreviousData,
  });
  return { ...query, items: query.data?.items ?? [], counts: query.data?.counts ?? {} };
}

/** After a decision: the lists, the dashboard card, the member's role in the user lists, the audit log. */
export function useInvalidateFranchise() {
  const queryClient = useQueryClient();
  return () => invalidatePaths(queryClient, [KEYS.franchiseRequests, KEYS.stats, KEYS.auditLog, ...USER_LIST_KEYS]);
}

export interface TicketFilters {
  status: string;
  category: string;
  priority: string;
}

const EMPTY_TICKETS: AdminTicketList = { items: [], admins: [], counts: {} };

/** GET /api/admin/support-tickets?status=&category=&priority= -> items, the admins to assign to, counts per status. */
export function useSupportTickets(filters: TicketFilters) {
  const query = useQuery({
    queryKey: [KEYS.supportTickets, filters],
    queryFn: () => apiGet<AdminTicketList>(`${KEYS.supportTickets}${toQueryString({ ...filters })}`),
    placeholderData: keepPreviousData,
  });
  return { ...query, list: query.data ?? EMPTY_TICKETS };
}

export function useInvalidateTickets() {
  const queryClient = useQueryClient();
  return () => invalidatePaths(queryClient, [KEYS.supportTickets, KEYS.stats, KEYS.auditLog]);
}

/** GET /api/admin/news: every item, live or not. */
export function useAdminNews() {
  return useQuery({ queryKey: [KEYS.news], queryFn: () => apiGet<NewsView[]>(KEYS.news) });
}

export function useInvalidateNews() {
  const queryClient = useQueryClient();
  return () => invalidatePaths(queryClient, [KEYS.news, KEYS.auditLog]);
}
