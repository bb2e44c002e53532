import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTicket, AdminTicketList, TicketUpdate } from '@contracts';
import { apiRequest, getRoute } from '../../../lib/api';
import { useApiMutation } from '../../../lib/mutation';
import { invalidatePaths, KEYS } from '../../../lib/admin/queries';
import { itemPath, refetchOnConflict, type Answer } from '../../../lib/admin/writes';

export type { AdminTicket, AdminTicketList };

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
