import { useMemo, useRef } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminWithdrawal, FundHistoryRecord, WalletBalanceRow } from '@contracts';
import { apiRequest, errorMessage, getRoute, type WriteResult } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/mutation';
import { invalidatePaths, KEYS, MONEY_KEYS } from '../../../lib/admin/queries';

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

/** After any movement of money: withdrawal lists, fund history, wallet balances, reports, dashboard. */
export function useInvalidateMoney() {
  const queryClient = useQueryClient();
  return () => invalidatePaths(queryClient, MONEY_KEYS);
}

/**
 * The Idempotency-Key of a money form (docs/spec/decisions.md §6). Sending the same body again (a retry after
 * a lost answer) reuses the key, so the server answers the first result and moves nothing twice; a
 * changed body or a finished submission gets a fresh key.
 */
export function useIdempotencyKey() {
  const last = useRef<{ key: string; body: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(body: unknown): string {
        const text = JSON.stringify(body ?? null);
        if (!last.current || last.current.body !== text) last.current = { key: newIdempotencyKey(), body: text };
        return last.current.key;
      },
      renew() {
        last.current = null;
      },
    }),
    [],
  );
}

/** A money-moving POST with its Idempotency-Key header. */
export function postMoney<T>(url: string, body: unknown, key: string): Promise<WriteResult<T>> {
  return apiRequest<T>('POST', url, body, { headers: { 'Idempotency-Key': key } });
}

/** doc 2 §8: a message about a missing admin session becomes the sign-in hint. */
export function adminMessage(message: string | undefined, fallback: string, status?: number): string {
  if (status === 401 || (message && /unauthori[sz]ed|\b401\b/i.test(message))) return 'Please log in as an admin to use this feature';
  return message || fallback;
}

/**
 * The payout currency: USDT requests are the doc's USD ($), bank ones INR (₹) (doc 2 §2.10, §9). The amount
 * itself is always rupees held from the wallet, so only the type carries the dollar sign.
 */
export const withdrawalCurrency = (w: Pick<AdminWithdrawal, 'withdrawalType'>) => (w.withdrawalType === 'usdt' ? 'USD' : 'INR');
export const currencySign = (w: Pick<AdminWithdrawal, 'withdrawalType'>) => (withdrawalCurrency(w) === 'USD' ? '$' : '₹');

/**
 * A money-moving admin POST through the one mutation path: the Idempotency-Key of the body (the same body sent again
 * reuses it; a success renews it), the failure text by adminMessage (doc 2 §8), the money lists refreshed after a
 * success.
 */
export function useMoneyPost<V, D extends { message?: string }>(url: string, options: { failed: string; keyOf?: (body: V) => unknown } & Pick<ApiMutationOptions<V, D>, 'successToast' | 'onFailure'>) {
  const invalidate = useInvalidateMoney();
  const idempotency = useIdempotencyKey();
  return useApiMutation<V, D>({
    request: (body) => postMoney<D>(url, body, idempotency.keyFor(options.keyOf ? options.keyOf(body) : body)),
    describeError: (failure, thrown) => (failure ? adminMessage(failure.error.message, options.failed, failure.status) : adminMessage(errorMessage(thrown, ''), options.failed)),
    successToast: options.successToast,
    invalidate: async () => {
      idempotency.renew();
      await invalidate();
    },
    onFailure: options.onFailure,
  });
}

/**
 * An admin's decision on a money request (a withdrawal, a fund approval): POSTs `url` with its Idempotency-Key, shows
 * the success or failure toast (doc 2 §8) and refreshes the money lists; a request someone else decided meanwhile (404,
 * 409) refreshes them too. Answers the fieldErrors of a refusal for the dialog's fields.
 */
export function useMoneyDecision(url: string, texts: { done: string; failed: string }) {
  const invalidate = useInvalidateMoney();
  const decide = useMoneyPost<unknown, { message?: string }>(url, {
    failed: texts.failed,
    keyOf: (body) => ({ url, body }),
    successToast: (data) => ({ title: 'Success', description: data?.message || texts.done }),
    onFailure: (failure) => (failure.status === 404 || failure.status === 409 ? invalidate() : undefined),
  });
  return async (body?: unknown): Promise<{ ok: boolean; fieldErrors?: Record<string, string[] | undefined> }> => {
    const res = await decide.run(body);
    return res.ok ? { ok: true } : { ok: false, fieldErrors: res.failure?.error.fieldErrors };
  };
}
