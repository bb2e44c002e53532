import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ENGAGEMENT_MSG, FOUNDER_MSG, HIDDEN_ID_LIMIT, type FounderStats, type HiddenIdInput, type HiddenIdItem, type NetworkOverrideInput } from '@contracts';
import { apiRequest, getRoute, sendRoute } from '../../lib/api';
import { refetchOnConflict, useApiMutation } from '../../lib/mutation';

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

/** Reads the recruits and hidden IDs of Network Override again (after a move, or a 404/409 of one). */
function useRereadOverride() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [NETWORK_OVERRIDE_KEY] });
}

/** POST /api/founder/network-override/:id: a new placement parent (by user ID) and side, before approval. */
export function useMoveRecruit() {
  const rereadOverride = useRereadOverride();
  return useApiMutation({
    request: ({ id, ...body }: NetworkOverrideInput & { id: string }) => sendRoute('POST /api/founder/network-override/:id', { params: { id }, body }),
    errorFallback: 'Failed to change the placement',
    successToast: (data) => ({
      title: FOUNDER_MSG.moved,
      description: `${data.recruit.fullName} will be placed on the ${data.recruit.side} of ${data.recruit.parent?.name ?? ''} (${data.recruit.parent?.userId ?? ''}) once approved.`,
    }),
    invalidate: rereadOverride,
    onFailure: refetchOnConflict(rereadOverride),
  });
}

/** POST /api/founder/network-override/hidden-ids/:id: one of your hidden IDs without a downline or volume to a free slot. */
export function useMoveHiddenId() {
  const queryClient = useQueryClient();
  const rereadOverride = useRereadOverride();
  return useApiMutation({
    request: ({ id, ...body }: NetworkOverrideInput & { id: string }) => sendRoute('POST /api/founder/network-override/hidden-ids/:id', { params: { id }, body }),
    errorFallback: 'Failed to move the hidden ID',
    successToast: (data) => ({
      title: FOUNDER_MSG.hiddenIdMoved,
      description: `${data.hiddenId.name} (${data.hiddenId.userId}) is now on the ${data.hiddenId.side} of ${data.hiddenId.parent?.name ?? ''} (${data.hiddenId.parent?.userId ?? ''}).`,
    }),
    invalidate: () => Promise.all([rereadOverride(), queryClient.invalidateQueries({ queryKey: [FOUNDER_KEYS.hiddenIds] })]).then(() => undefined),
    onFailure: refetchOnConflict(rereadOverride),
  });
}

/** Franchise Master Control (doc 3 §2.6): the franchise holders of the founder's downline, searched by `q`. */
export function useFranchiseMaster(q: string) {
  return useQuery({ queryKey: [FRANCHISE_MASTER_KEY, q], queryFn: () => getRoute('GET /api/founder/franchises', { query: { q } }), placeholderData: (prev) => prev });
}
