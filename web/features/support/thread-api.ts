import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReplySent } from '@contracts';
import { apiRequest, getRoute, routeUrl } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { TICKETS_KEY } from './api';

/** Whose side of the conversation the screen is on: the member's own ticket, or staff answering any ticket. */
export type ThreadSide = 'member' | 'staff';

const THREAD = { member: 'GET /api/support-tickets/:id/thread', staff: 'GET /api/admin/support-tickets/:id/thread' } as const;
const REPLY = { member: 'POST /api/support-tickets/:id/replies', staff: 'POST /api/admin/support-tickets/:id/replies' } as const;
export const threadKey = (side: ThreadSide, id: string) => [THREAD[side], id] as const;

/** The ticket's thread; an answer may arrive while it is open, so it is re-read every 30 s. */
export function useTicketThread(side: ThreadSide, id: string) {
  return useQuery({
    queryKey: threadKey(side, id),
    queryFn: () => getRoute(THREAD[side], { params: { id } }),
    staleTime: 10_000,
    refetchInterval: 30_000,
  });
}

export interface ReplyVars {
  message: string;
  file: File | null;
}

/**
 * A reply as a form: the attachment goes as its own bytes, read by the server as a stream and checked like a KYC
 * document (JPEG, PNG or PDF up to 5 MB).
 */
function replyForm({ message, file }: ReplyVars): FormData {
  const form = new FormData();
  form.set('message', message);
  if (file) {
    form.set('attachmentFilename', file.name);
    // The file last: the fields are read before its bytes arrive.
    form.set('attachment', file, file.name);
  }
  return form;
}

export function useSendReply(side: ThreadSide, id: string) {
  const queryClient = useQueryClient();
  return useApiMutation<ReplyVars, ReplySent>({
    request: (vars) => apiRequest<ReplySent>('POST', routeUrl(REPLY[side], { params: { id } }), replyForm(vars)),
    errorTitle: 'Reply Not Sent',
    errorFallback: 'The reply could not be sent. Please try again.',
    successToast: () => ({ title: 'Reply sent', description: side === 'staff' ? 'The member has been notified by notification and email.' : 'Our support team will answer here.' }),
    invalidate: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: threadKey(side, id) }), queryClient.invalidateQueries({ queryKey: side === 'member' ? TICKETS_KEY : ['/api/admin/support-tickets'] })]),
  });
}
