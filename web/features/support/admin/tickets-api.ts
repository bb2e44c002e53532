import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminTicket, AdminTicketList, TicketUpdate } from '@contracts';
import { getRoute } from '../../../lib/api';
import { KEYS, useInvalidatePaths } from '../../../lib/admin/queries';
import { useItemPatch } from '../../../lib/admin/writes';

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
  return useInvalidatePaths([KEYS.supportTickets, KEYS.stats, KEYS.auditLog]);
}

/** PATCH /api/admin/support-tickets/:id with only what changed. */
export function useUpdateTicket(id: string) {
  return useItemPatch<TicketUpdate>(KEYS.supportTickets, id, 'Failed to update the ticket', useInvalidateTickets());
}
