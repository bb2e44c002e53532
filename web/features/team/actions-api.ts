import type { RecruitResponse, Side } from '@contracts';
import { apiRequest } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { TEAM_KEYS, useInvalidateTeam } from './api';

type Decision = { decision: 'approved' | 'rejected'; position?: Side; reason?: string };

/** POST /api/upline/pending-recruits/:id/decide: an upline's position decision; the team's lists re-read after it. */
export function useDecideRecruit() {
  const invalidate = useInvalidateTeam();
  return useApiMutation<{ id: string; body: Decision }, { message?: string }>({
    request: ({ id, body }) => apiRequest<{ message?: string }>('POST', `${TEAM_KEYS.decisions}/${encodeURIComponent(id)}/decide`, body),
    errorFallback: 'Failed to process decision',
    successToast: (data) => ({ title: 'Decision Processed', description: data?.message }),
    invalidate: () => void invalidate([TEAM_KEYS.decisions, TEAM_KEYS.pending, TEAM_KEYS.stats]),
    // Already decided or gone: the list on screen is out of date.
    onFailure: (failure) => {
      if (failure.status === 404 || failure.status === 409) void invalidate([TEAM_KEYS.decisions]);
    },
  });
}

/** POST /api/team/recruit: a referral link for a new recruit; the team's lists re-read after it. */
export function useCreateRecruitLink() {
  const invalidate = useInvalidateTeam();
  return useApiMutation<{ fullName: string; email: string; position: Side }, RecruitResponse>({
    request: (body) => apiRequest<RecruitResponse>('POST', '/api/team/recruit', body),
    errorFallback: 'Failed to generate referral link',
    invalidate: () => void invalidate([TEAM_KEYS.members, TEAM_KEYS.stats, TEAM_KEYS.pending]),
  });
}
