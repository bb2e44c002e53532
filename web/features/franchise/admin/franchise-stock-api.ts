import { useQuery } from '@tanstack/react-query';
import { STOCK_MSG } from '@contracts';
import { getRoute } from '../../../lib/api';
import { KEYS } from '../../../lib/admin/queries';
import { useMoneyDecision } from '../../../lib/admin/money-writes';

/** GET /api/admin/franchise-stock: every franchise's stock and every stock request (issue 16). */
export function useAdminFranchiseStock() {
  return useQuery({ queryKey: [KEYS.franchiseStock], queryFn: () => getRoute('GET /api/admin/franchise-stock') });
}

const DONE = { approve: STOCK_MSG.approved, reject: STOCK_MSG.rejected, dispatch: STOCK_MSG.dispatched } as const;

/** POST /api/admin/stock-requests/:id/{approve,reject,dispatch}, with the decision toasts and the refresh of the lists. */
export const useStockDecision = (id: string, action: keyof typeof DONE) =>
  useMoneyDecision(`/api/admin/stock-requests/${encodeURIComponent(id)}/${action}`, { done: DONE[action], failed: `Failed to ${action} the stock request` });
