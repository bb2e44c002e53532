import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRoute } from '../../lib/api';
import { anyPending, pollWhile, REVIEW_POLL_MS } from '../../lib/poll';

/** First element of every wallet query key: the path it reads (invalidation matches on it). */
export const WALLET_KEYS = {
  summary: '/api/wallet',
  ledger: '/api/wallet/transactions',
  withdrawals: '/api/withdrawals',
} as const;

// Admins credit, approve and reject while the member looks: a visit after 30 s re-reads.
const STALE_MS = 30_000;
const LEDGER_PAGE = 20;

/** GET /api/wallet: balance, earnings, withdrawals, the amount held by pending requests and the KYC status. */
export function useWalletSummary() {
  return useQuery({ queryKey: [WALLET_KEYS.summary], queryFn: () => getRoute('GET /api/wallet'), staleTime: STALE_MS });
}

/** The ledger, newest first, one page of 20 at a time ('Load more' follows nextCursor). */
export function useLedger() {
  return useInfiniteQuery({
    queryKey: [WALLET_KEYS.ledger],
    initialPageParam: '',
    queryFn: ({ pageParam }) => {
      return getRoute('GET /api/wallet/transactions', { query: { limit: LEDGER_PAGE, cursor: pageParam } });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE_MS,
  });
}

/** GET /api/withdrawals: the member's own requests. */
export function useWithdrawals() {
  // A pending request turns approved or rejected while the member looks (issue 30): asked again until none waits.
  return useQuery({ queryKey: [WALLET_KEYS.withdrawals], queryFn: () => getRoute('GET /api/withdrawals'), staleTime: STALE_MS, refetchInterval: pollWhile(anyPending, REVIEW_POLL_MS) });
}

/** Marks every wallet read (summary, ledger, withdrawals) stale; the ones on screen refetch. */
export function useInvalidateWallet() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (q) => Object.values(WALLET_KEYS).includes(String(q.queryKey[0]) as never) });
}
