import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ENGAGEMENT_MSG, FOUNDER_MSG, HIDDEN_ID_LIMIT, type FounderStats, type HiddenIdInput, type HiddenIdItem, type NetworkOverrideInput } from '@contracts';
import { apiRequest, getRoute, sendRoute } from '../../lib/api';
import { refetchOnConflict, useApiMutation, type ApiMutationOptions } from '../../lib/mutation';

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

export type { OverrideRecruit, OverrideHiddenId, FranchiseHolderView, FranchiseMasterList } from '@contracts';

export const NETWORK_OVERRIDE_KEY = '/api/founder/network-override';
export const FRANCHISE_MASTER_KEY = '/api/founder/franchises';

/** Network Override (doc 3 §2.6): recruits awaiting placement in the founder's own tree. */
export function useOverrideRecruits() {
  return useQuery({ queryKey: [NETWORK_OVERRIDE_KEY], queryFn: () => getRoute('GET /api/founder/network-override') });
}

type OverrideMove = NetworkOverrideInput & { id: string };

/**
 * A move in Network Override: its recruits and hidden IDs are read again after it (and the list under `alsoReread`),
 * and after a 404/409 of it.
 */
function useOverrideMove<D>(move: Pick<ApiMutationOptions<OverrideMove, D>, 'request' | 'errorFallback' | 'successToast'>, alsoReread?: string) {
  const queryClient = useQueryClient();
  const rereadOverride = () => queryClient.invalidateQueries({ queryKey: [NETWORK_OVERRIDE_KEY] });
  return useApiMutation<OverrideMove, D>({
    ...move,
    invalidate: () => Promise.all([rereadOverride(), alsoReread ? queryClient.invalidateQueries({ queryKey: [alsoReread] }) : null]).then(() => undefined),
    onFailure: refetchOnConflict(rereadOverride),
  });
}

/** POST /api/founder/network-override/:id: a new placement parent (by user ID) and side, before approval. */
export function useMoveRecruit() {
  return useOverrideMove({
    request: ({ id, ...body }) => sendRoute('POST /api/founder/network-override/:id', { params: { id }, body }),
    errorFallback: 'Failed to change the placement',
    successToast: (data) => ({
      title: FOUNDER_MSG.moved,
      description: `${data.recruit.fullName} will be placed on the ${data.recruit.side} of ${data.recruit.parent?.name ?? ''} (${data.recruit.parent?.userId ?? ''}) once approved.`,
    }),
  });
}

/** POST /api/founder/network-override/hidden-ids/:id: one of your hidden IDs without a downline or volume to a free slot. */
export function useMoveHiddenId() {
  return useOverrideMove(
    {
      request: ({ id, ...body }) => sendRoute('POST /api/founder/network-override/hidden-ids/:id', { params: { id }, body }),
      errorFallback: 'Failed to move the hidden ID',
      successToast: (data) => ({
        title: FOUNDER_MSG.hiddenIdMoved,
        description: `${data.hiddenId.name} (${data.hiddenId.userId}) is now on the ${data.hiddenId.side} of ${data.hiddenId.parent?.name ?? ''} (${data.hiddenId.parent?.userId ?? ''}).`,
      }),
    },
    FOUNDER_KEYS.hiddenIds,
  );
}

/** Franchise Master Control (doc 3 §2.6): the franchise holders of the founder's downline, searched by `q`. */
export function useFranchiseMaster(q: string) {
  return useQuery({ queryKey: [FRANCHISE_MASTER_KEY, q], queryFn: () => getRoute('GET /api/founder/franchises', { query: { q } }), placeholderData: (prev) => prev });
}
