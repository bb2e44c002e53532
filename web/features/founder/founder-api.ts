import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ENGAGEMENT_MSG, HIDDEN_ID_LIMIT, type FounderStats, type HiddenIdInput, type HiddenIdItem } from '@contracts';
import { apiRequest, getRoute } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';

export type { FounderStats, HiddenIdItem };

export const FOUNDER_KEYS = { stats: '/api/founder/stats', hiddenIds: '/api/founder/hidden-ids' } as const;

export function useFounderStats() {
  const query = useQuery({ queryKey: [FOUNDER_KEYS.stats], queryFn: () => getRoute('GET /api/founder/stats') });
  return { ...query, limit: query.data?.hiddenIdLimit ?? HIDDEN_ID_LIMIT };
}

/** Requested only while the list is shown (doc 3 §7). */
export function useHiddenIds(enabled: boolean) {
  return useQuery({ queryKey: [FOUNDER_KEYS.hiddenIds], queryFn: () => getRoute('GET /api/founder/hidden-ids'), enabled });
}

/**
 * After a hidden ID is created: the counts and the list ("founder data refreshed"). The team counts follow
 * through the volume journal a moment later, so they are read once more after the applier has run.
 */
export function useRefreshFounderData() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ predicate: (q) => Object.values<string>(FOUNDER_KEYS).includes(String(q.queryKey[0])) });
  return () => {
    setTimeout(() => void refresh(), 1_500);
    return refresh();
  };
}

/** POST /api/founder/create-hidden-id; a 409 (the limit reached meanwhile) reads the counts again. */
export function useCreateHiddenId() {
  const refresh = useRefreshFounderData();
  return useApiMutation({
    request: (body: HiddenIdInput) => apiRequest<{ message?: string }>('POST', '/api/founder/create-hidden-id', body),
    errorFallback: 'Failed to create hidden ID',
    successToast: (_d, v) => ({ title: ENGAGEMENT_MSG.hiddenIdCreated, description: `${v.firstName} ${v.lastName} was placed on your ${v.placementSide} side.` }),
    onFailure: async (failure) => {
      if (failure.status === 409) await refresh();
    },
  });
}
