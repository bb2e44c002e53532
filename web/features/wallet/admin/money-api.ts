import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AdminWithdrawal, FundHistoryRecord, WalletBalanceRow } from '@contracts';
import { getRoute } from '../../../lib/api';
import { KEYS } from '../../../lib/admin/queries';

export { useMoneyDecision, useMoneyPost } from '../../../lib/admin/money-writes';

export type { AdminWithdrawal, FundHistoryRecord, WalletBalanceRow };
export type WithdrawalTab = 'pending' | 'approved' | 'rejected';

const LIST_ROUTE = {
  pending: 'GET /api/admin/pending-withdrawals',
  approved: 'GET /api/admin/approved-withdrawals',
  rejected: 'GET /api/admin/rejected-withdrawals',
} as const satisfies Record<WithdrawalTab, string>;
const LIST_PATH: Record<WithdrawalTab, string> = {
  pending: KEYS.pendingWithdrawals,
  approved: KEYS.approvedWithdrawals,
  rejected: KEYS.rejectedWithdrawals,
};

/** GET /api/admin/{pending,approved,rejected}-withdrawals (doc 2 §7), newest first. */
export function useWithdrawals(tab: WithdrawalTab) {
  return useQuery({ queryKey: [LIST_PATH[tab]], queryFn: () => getRoute(LIST_ROUTE[tab]) });
}

/** GET /api/admin/fund-history?search=&type=&cursor=&limit= : the ledger of every wallet, newest first. */
export function useFundHistory(filters: { search?: string; type?: string }) {
  return useInfiniteQuery({
    queryKey: [KEYS.fundHistory, filters],
    queryFn: ({ pageParam }) => getRoute('GET /api/admin/fund-history', { query: { search: filters.search, type: filters.type, cursor: pageParam, limit: 50 } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/wallet-balances?search=&cursor= */
export function useWalletBalances(search: string) {
  return useInfiniteQuery({
    queryKey: [KEYS.walletBalances, search],
    queryFn: ({ pageParam }) => getRoute('GET /api/admin/wallet-balances', { query: { search, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/**
 * The payout currency: USDT requests are the doc's USD ($), bank ones INR (₹) (doc 2 §2.10, §9). The amount
 * itself is always rupees held from the wallet, so only the type carries the dollar sign.
 */
export const withdrawalCurrency = (w: Pick<AdminWithdrawal, 'withdrawalType'>) => (w.withdrawalType === 'usdt' ? 'USD' : 'INR');
export const currencySign = (w: Pick<AdminWithdrawal, 'withdrawalType'>) => (withdrawalCurrency(w) === 'USD' ? '$' : '₹');
