// The admin query keys and their invalidation, without the forms' resolver (queries.ts): the first load of /admin
// (its dashboard, menu and notification bell) reads these and carries no form library (issue 30).
import { useQueryClient, type QueryClient } from '@tanstack/react-query';

/** First element of every admin query key: the path it reads (refresh and invalidation match on it). */
export const KEYS = {
  stats: '/api/admin/stats',
  userSearch: '/api/admin/users/search',
  paidMembers: '/api/users/paid-members',
  todayJoinings: '/api/users/today-joinings',
  freeUsers: '/api/users/free-users',
  auditLog: '/api/admin/audit-log',
  payoutSummary: '/api/admin/reports/payout-summary',
  directIncome: '/api/admin/reports/direct-income',
  holidayReward: '/api/admin/reports/holiday-reward',
  kyc: '/api/admin/kyc',
  pendingRecruits: '/api/admin/pending-recruits',
  placementParents: '/api/admin/users-for-placement',
  notifications: '/api/notifications',
  unreadCount: '/api/notifications/unread-count',
  withdrawals: '/api/admin/withdrawals',
  pendingWithdrawals: '/api/admin/pending-withdrawals',
  approvedWithdrawals: '/api/admin/approved-withdrawals',
  rejectedWithdrawals: '/api/admin/rejected-withdrawals',
  fundHistory: '/api/admin/fund-history',
  fundRequests: '/api/admin/fund-requests',
  franchiseStock: '/api/admin/franchise-stock',
  approvals: '/api/admin/approvals',
  walletBalances: '/api/admin/wallet-balances',
  products: '/api/admin/products',
  purchases: '/api/admin/purchases',
  franchiseRequests: '/api/admin/franchise-requests',
  supportTickets: '/api/admin/support-tickets',
  news: '/api/admin/news',
  compPlans: '/api/admin/compensation/plans',
  compCycles: '/api/admin/compensation/cycles',
  returns: '/api/admin/returns',
} as const;

export const USER_LIST_KEYS: string[] = [KEYS.userSearch, KEYS.paidMembers, KEYS.todayJoinings, KEYS.freeUsers];

/** Everything a wallet movement can change: the withdrawal lists, the ledger, the balances, the reports and the dashboard. */
export const MONEY_KEYS: string[] = [
  KEYS.withdrawals,
  KEYS.pendingWithdrawals,
  KEYS.approvedWithdrawals,
  KEYS.rejectedWithdrawals,
  KEYS.fundHistory,
  KEYS.fundRequests,
  KEYS.franchiseStock,
  KEYS.approvals,
  KEYS.walletBalances,
  KEYS.payoutSummary,
  KEYS.directIncome,
  KEYS.holidayReward,
  KEYS.stats,
  KEYS.auditLog,
  KEYS.returns,
  ...USER_LIST_KEYS,
];

/** Marks the queries whose key starts with one of these paths stale (refetching the ones on screen). */
export function invalidatePaths(queryClient: QueryClient, paths: readonly string[]) {
  return queryClient.invalidateQueries({ predicate: (q) => paths.includes(String(q.queryKey[0])) });
}

/** A function that marks the queries of these paths stale: what an admin write re-reads after it. */
export function useInvalidatePaths(paths: readonly string[]) {
  const queryClient = useQueryClient();
  return () => invalidatePaths(queryClient, paths);
}

/** After a change to a user: every user list, the dashboard and the activity log. */
export function useInvalidateUsers() {
  return useInvalidatePaths([...USER_LIST_KEYS, KEYS.stats, KEYS.auditLog, KEYS.approvals]);
}
