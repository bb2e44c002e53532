import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toastError } from '../../../components/ui/toast';
import { errorMessage, getRoute, sendRoute } from '../../../lib/api';
import { invalidatePaths, KEYS } from '../../../lib/admin/keys';

/** Polling interval of the bell (doc 2 §9). */
export const NOTIFICATION_POLL_MS = 30_000;

export function useUnreadCount() {
  return useQuery({
    queryKey: [KEYS.unreadCount],
    queryFn: () => getRoute('GET /api/notifications/unread-count'),
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}

export function useNotificationList(limit: number, options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: [KEYS.notifications, { limit }],
    queryFn: () => getRoute('GET /api/notifications', { query: { limit } }),
    refetchInterval: options.poll ? NOTIFICATION_POLL_MS : false,
  });
}

/** The server's words: our own thrown message, or the JSON message of a 5xx answer. */
function detail(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  if (!/^\d{3}: /.test(err.message)) return err.message;
  return errorMessage(err, '') || undefined;
}

/** Mark one read (click) and mark all read, each refreshing the list and the badge. */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const refresh = () => invalidatePaths(queryClient, [KEYS.notifications, KEYS.unreadCount]);
  const markRead = useMutation({
    mutationFn: async (id: string) => {
      const res = await sendRoute('POST /api/notifications/:id/read', { params: { id } });
      if (!res.ok) throw new Error(res.error.message || 'Please try again.');
    },
    onSuccess: refresh,
    onError: (err) => toastError(detail(err), 'Failed to mark as read'),
  });
  const markAll = useMutation({
    mutationFn: async () => {
      const res = await sendRoute('POST /api/notifications/read-all', {});
      if (!res.ok) throw new Error(res.error.message || 'Please try again.');
    },
    onSuccess: refresh,
    onError: (err) => toastError(detail(err), 'Failed to mark all as read'),
  });
  return { markRead, markAll };
}
