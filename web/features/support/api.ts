import { useQuery } from '@tanstack/react-query';
import type { TicketInput, TicketView } from '@contracts';
import { getRoute } from '../../lib/api';
import { usePostToList } from '../../lib/mutation';

export const TICKETS_KEY = ['/api/support-tickets'] as const;

/** GET /api/support-tickets: the member's own tickets, newest first. An admin may answer at any time: re-read after 30 s. */
export function useTickets() {
  return useQuery({ queryKey: TICKETS_KEY, queryFn: () => getRoute('GET /api/support-tickets'), staleTime: 30_000 });
}

/** POST /api/support-tickets: open a ticket; the member's tickets re-read after it. */
export function useOpenTicket() {
  return usePostToList<TicketInput, TicketView>(TICKETS_KEY, {
    errorTitle: 'Ticket Not Submitted',
    errorFallback: 'Failed to submit the ticket',
    successToast: () => ({ title: 'Ticket Submitted', description: 'Our support team will answer here; you can follow the ticket in My Tickets.' }),
  });
}
