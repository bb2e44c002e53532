import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminFundRequest, FundRequestStatus } from '@contracts';
import { FUND_REQUEST_MSG } from '@contracts';
import { getRoute } from '../../../lib/api';
import { KEYS } from '../../../lib/admin/queries';
import { useMoneyDecision } from './money-api';

export type { AdminFundRequest };
export type FundRequestFilter = FundRequestStatus | 'all';

/** GET /api/admin/fund-requests?status=&search= (issue 16): newest first, with counts by status and the limits. */
export function useAdminFundRequests(status: FundRequestFilter, search: string) {
  return useQuery({
    queryKey: [KEYS.fundRequests, status, search],
    queryFn: () => getRoute('GET /api/admin/fund-requests', { query: { status, search: search || undefined } }),
    placeholderData: keepPreviousData,
  });
}

/** Approve (credits the wallet; step-up) or reject with a reason, with the money toasts and refreshes. */
export const useDecideFundRequest = (r: AdminFundRequest, decision: 'approve' | 'reject') =>
  useMoneyDecision(`/api/admin/fund-requests/${encodeURIComponent(r.id)}/${decision}`, {
    done: decision === 'approve' ? FUND_REQUEST_MSG.approved : FUND_REQUEST_MSG.rejected,
    failed: decision === 'approve' ? 'Failed to approve fund request' : 'Failed to reject fund request',
  });
