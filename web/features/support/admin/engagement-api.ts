import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminFranchiseRequest, AdminFranchiseRequestList, AdminTicket, AdminTicketList, FranchiseDecision, NewsInput, NewsPatch, NewsView, TicketUpdate } from '@contracts';
import { apiRequest, getRoute } from '../../../lib/api';
import { useApiMutation, type ApiFailure } from '../../../lib/mutation';
import { invalidatePaths, KEYS, USER_LIST_KEYS } from '../../../lib/admin/queries';

export type { AdminFranchiseRequest, AdminTicket, AdminTicketList, NewsView };

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
    queryFn: () => getRoute('GET /api/admin/support-tickets', { query: { ...filters } }),
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
  return useQuery({ queryKey: [KEYS.news], queryFn: () => getRoute('GET /api/admin/news') });
}

export function useInvalidateNews() {
  const queryClient = useQueryClient();
  return () => invalidatePaths(queryClient, [KEYS.news, KEYS.auditLog]);
}

type Answer = { message?: string };
const itemPath = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

/** After a 404 or 409 (someone else changed it first) the list is read again. */
function refetchOnConflict(invalidate: () => unknown) {
  return async (failure: ApiFailure) => {
    if (failure.status === 404 || failure.status === 409) await invalidate();
  };
}

/** PATCH /api/admin/franchise-requests/:id: approve or reject (the dialog words the success toast). */
export function useDecideFranchiseRequest(id: string) {
  const invalidate = useInvalidateFranchise();
  return useApiMutation({
    request: (body: FranchiseDecision) => apiRequest<Answer>('PATCH', itemPath(KEYS.franchiseRequests, id), body),
    errorFallback: 'Failed to update the franchise request',
    invalidate,
    onFailure: refetchOnConflict(invalidate),
  });
}

/** PATCH /api/admin/support-tickets/:id with only what changed. */
export function useUpdateTicket(id: string) {
  const invalidate = useInvalidateTickets();
  return useApiMutation({
    request: (body: TicketUpdate) => apiRequest<Answer>('PATCH', itemPath(KEYS.supportTickets, id), body),
    errorFallback: 'Failed to update the ticket',
    invalidate,
    onFailure: refetchOnConflict(invalidate),
  });
}

/** POST /api/admin/news (id null) or PATCH /api/admin/news/:id. */
export function useSaveNews(id: string | null) {
  const invalidate = useInvalidateNews();
  return useApiMutation({
    request: (body: NewsInput | NewsPatch) => (id === null ? apiRequest<Answer>('POST', KEYS.news, body) : apiRequest<Answer>('PATCH', itemPath(KEYS.news, id), body)),
    errorFallback: 'Failed to save the news item',
    successToast: (data) => ({ title: id === null ? 'News created' : 'News updated', description: data?.message || undefined }),
    invalidate,
  });
}

/** PATCH /api/admin/news/:id { isActive }: switch an item on or off. */
export function useToggleNews() {
  const invalidate = useInvalidateNews();
  return useApiMutation({
    request: (item: NewsView) => apiRequest('PATCH', itemPath(KEYS.news, item.id), { isActive: !item.isActive }),
    errorFallback: 'Failed to update the news item',
    successToast: (_d, item) => ({ title: item.isActive ? 'News deactivated' : 'News activated', description: item.title }),
    invalidate,
  });
}
