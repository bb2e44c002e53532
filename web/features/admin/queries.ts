import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

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
  approvals: '/api/admin/approvals',
  walletBalances: '/api/admin/wallet-balances',
  products: '/api/admin/products',
  purchases: '/api/admin/purchases',
  franchiseRequests: '/api/admin/franchise-requests',
  supportTickets: '/api/admin/support-tickets',
  news: '/api/admin/news',
  compPlans: '/api/admin/compensation/plans',
  compCycles: '/api/admin/compensation/cycles',
} as const;

export const USER_LIST_KEYS: string[] = [KEYS.userSearch, KEYS.paidMembers, KEYS.todayJoinings, KEYS.freeUsers];

/** Everything a wallet movement can change: the withdrawal lists, the ledger, the balances, the reports and the dashboard. */
export const MONEY_KEYS: string[] = [
  KEYS.withdrawals,
  KEYS.pendingWithdrawals,
  KEYS.approvedWithdrawals,
  KEYS.rejectedWithdrawals,
  KEYS.fundHistory,
  KEYS.approvals,
  KEYS.walletBalances,
  KEYS.payoutSummary,
  KEYS.directIncome,
  KEYS.holidayReward,
  KEYS.stats,
  KEYS.auditLog,
  ...USER_LIST_KEYS,
];

/** Marks the queries whose key starts with one of these paths stale (refetching the ones on screen). */
export function invalidatePaths(queryClient: QueryClient, paths: readonly string[]) {
  return queryClient.invalidateQueries({ predicate: (q) => paths.includes(String(q.queryKey[0])) });
}

/** After a change to a user: every user list, the dashboard and the activity log. */
export function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => invalidatePaths(queryClient, [...USER_LIST_KEYS, KEYS.stats, KEYS.auditLog, KEYS.approvals]);
}

/**
 * zodResolver for a form whose fields are plain strings while the contract's schema turns them
 * into its own output (blank to undefined, trimming, lower-cased email).
 */
export function schemaResolver<V extends FieldValues, S extends z.ZodType>(schema: S): Resolver<V, unknown, z.output<S>> {
  return zodResolver(schema as never) as unknown as Resolver<V, unknown, z.output<S>>;
}
