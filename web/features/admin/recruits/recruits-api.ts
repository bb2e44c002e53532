import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPendingRecruit, AdminPendingRecruitList, PendingRecruitStatus, PlacementParent, RecruitDocument } from '@contracts';
import { getRoute } from '../../../lib/api';
import { invalidatePaths, KEYS, USER_LIST_KEYS } from '../queries';

export type { AdminPendingRecruit, PlacementParent, RecruitDocument };

/** The list filter: 'open' omits ?status= (everything not approved). */
export type RecruitFilter = 'open' | Exclude<PendingRecruitStatus, 'approved'>;

const EMPTY_COUNTS: AdminPendingRecruitList['counts'] = { awaitingUpline: 0, awaitingAdmin: 0, rejected: 0 };

/** GET /api/admin/pending-recruits?status= (doc 2 §7). Every answer carries the counts of all three queues. */
export function usePendingRecruits(filter: RecruitFilter) {
  const query = useQuery({
    queryKey: [KEYS.pendingRecruits, filter],
    queryFn: () => getRoute('GET /api/admin/pending-recruits', { query: { status: filter === 'open' ? undefined : filter } }),
    placeholderData: keepPreviousData,
  });
  return { ...query, items: query.data?.items ?? [], counts: query.data?.counts ?? EMPTY_COUNTS };
}

/** GET /api/admin/pending-recruits/:id/documents: the files the recruit uploaded with the registration. */
export function useRecruitDocuments(id: string) {
  return useQuery({
    queryKey: [KEYS.pendingRecruits, 'documents', id],
    queryFn: () => getRoute('GET /api/admin/pending-recruits/:id/documents', { params: { id } }),
  });
}

/** GET /api/admin/users-for-placement: parents with a free side, for strategic links. */
export function usePlacementParents(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [KEYS.placementParents, search],
    queryFn: () => getRoute('GET /api/admin/users-for-placement', { query: { search: search.trim(), limit: 20 } }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** After an approval or rejection: the queues, the dashboard counts, the user lists and the activity log. */
export function useInvalidateRecruits() {
  const queryClient = useQueryClient();
  return () => invalidatePaths(queryClient, [KEYS.pendingRecruits, KEYS.stats, KEYS.auditLog, KEYS.placementParents, ...USER_LIST_KEYS]);
}

/** Recruits made through an admin's or a founder's link (doc 2 §2.6 'Admin Generated'). */
export const isAdminGenerated = (r: Pick<AdminPendingRecruit, 'recruiterRole'>) => r.recruiterRole === 'admin' || r.recruiterRole === 'founder';

/** The upline has chosen the side (doc 2 §2.6 position badge). */
export const uplineDecided = (r: Pick<AdminPendingRecruit, 'uplineDecision' | 'position'>) => r.uplineDecision === 'approved' && r.position !== null;

export const sideLabel = (side: string | null | undefined) => (side === 'right' ? 'Right' : side === 'left' ? 'Left' : '—');
