import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRoute, sendRoute } from '../../../lib/api';
import { useApiMutation } from '../../../lib/mutation';
import { KEYS } from '../../../lib/admin/keys';

export const QUARANTINE_KEY = '/api/admin/volume/quarantine';

/** GET /api/admin/volume/quarantine: asked only while the dashboard's volume card counts quarantined entries. */
export function useQuarantine(enabled: boolean) {
  return useQuery({ queryKey: [QUARANTINE_KEY], queryFn: () => getRoute('GET /api/admin/volume/quarantine'), enabled, staleTime: 10_000 });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: [QUARANTINE_KEY] }), queryClient.invalidateQueries({ queryKey: [KEYS.stats] })]);
}

/** POST …/:id/retry: the entry goes back to the journal (after the fix); the next batch applies it. */
export function useRetryEntry() {
  const refresh = useRefresh();
  return useApiMutation({
    request: (id: string) => sendRoute('POST /api/admin/volume/quarantine/:id/retry', { params: { id } }),
    errorFallback: 'The entry could not be retried. Please try again.',
    successToast: (d) => ({ title: 'Entry retried', description: d.message }),
    invalidate: refresh,
  });
}

/** POST …/:id/settle: marked applied without being applied, with the reason (audited; asks for the second factor). */
export function useSettleEntry() {
  const refresh = useRefresh();
  return useApiMutation({
    request: (v: { id: string; reason: string }) => sendRoute('POST /api/admin/volume/quarantine/:id/settle', { params: { id: v.id }, body: { reason: v.reason } }),
    errorFallback: 'The entry could not be settled. Please try again.',
    successToast: (d) => ({ title: 'Entry settled', description: d.message }),
    invalidate: refresh,
  });
}
