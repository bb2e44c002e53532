import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@contracts';
import type {
  AdminPendingRecruit,
  AdminPendingRecruitList,
  ApproveRecruitRequest,
  PendingRecruitStatus,
  PlacementParent,
  RecruitDocument,
  ReferralGenerateRequest,
  ReferralGenerateResponse,
  RejectRecruitRequest,
} from '@contracts';
import { apiRequest, getRoute } from '../../../lib/api';
import { refetchOnConflict, useApiMutation } from '../../../lib/mutation';
import { invalidatePaths, KEYS, USER_LIST_KEYS } from '../../../lib/admin/queries';

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

/** The answer of an approval or a rejection. */
type Answer = { message?: string };

/** POST /api/admin/pending-recruits/:id/approve. */
export function useApproveRecruit(id: string) {
  const invalidate = useInvalidateRecruits();
  return useApiMutation({
    request: (body: ApproveRecruitRequest) => apiRequest<Answer>('POST', `${KEYS.pendingRecruits}/${encodeURIComponent(id)}/approve`, body),
    errorFallback: 'Failed to approve recruit',
    successToast: (data) => ({ title: 'Recruit approved', description: data?.message || MSG.recruitApproved }),
    invalidate,
    onFailure: refetchOnConflict(invalidate),
  });
}

/** DELETE /api/admin/pending-recruits/:id with the reason. */
export function useRejectRecruit(id: string) {
  const invalidate = useInvalidateRecruits();
  return useApiMutation({
    request: (body: RejectRecruitRequest) => apiRequest<Answer>('DELETE', `${KEYS.pendingRecruits}/${encodeURIComponent(id)}`, body),
    errorFallback: 'Failed to reject recruit',
    successToast: (data) => ({ title: 'Recruit rejected', description: data?.message || MSG.recruitRejected }),
    invalidate,
    onFailure: refetchOnConflict(invalidate),
  });
}

/** POST /api/referral/generate: an admin's referral link (the form shows the link itself). */
export function useGenerateReferralLink() {
  return useApiMutation({
    request: (body: ReferralGenerateRequest) => apiRequest<Partial<ReferralGenerateResponse>>('POST', '/api/referral/generate', body),
    errorFallback: 'Failed to generate referral link',
  });
}
