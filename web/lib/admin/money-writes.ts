import { useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage, type WriteResult } from '../api';
import { newIdempotencyKey } from '../idempotency';
import { useApiMutation, type ApiMutationOptions } from '../mutation';
import { invalidatePaths, MONEY_KEYS } from './keys';

// The admin's money writes (a withdrawal decision, a top-up, Send Fund, a stock order, an adjustment): one path for every domain.

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
