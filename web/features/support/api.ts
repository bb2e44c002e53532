import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketInput, TicketView } from '@contracts';
import { apiRequest, type WriteResult, getRoute } from '../../lib/api';

export const TICKETS_KEY = ['/api/support-tickets'] as const;

/** GET /api/support-tickets: the member's own tickets, newest first. An admin may answer at any time: re-read after 30 s. */
export function useTickets() {
  return useQuery({ queryKey: TICKETS_KEY, queryFn: () => getRoute('GET /api/support-tickets'), staleTime: 30_000 });
}

export function openTicket(body: TicketInput): Promise<WriteResult<TicketView>> {
  return apiRequest<TicketView>('POST', TICKETS_KEY[0], body);
}

export function useInvalidateTickets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY });
}
