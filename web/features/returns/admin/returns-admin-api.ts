import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { RETURN_MSG, type ReturnStatus } from '@contracts/returns';
import { getRoute, routeUrl } from '../../../lib/api';
import { KEYS } from '../../../lib/admin/keys';
import { useMoneyPost } from '../../../lib/admin/money-writes';

export type AdminReturn = Awaited<ReturnType<typeof getRoute<'GET /api/admin/returns/:id'>>>;
export type ReturnsReport = Awaited<ReturnType<typeof getRoute<'GET /api/admin/returns/report'>>>;

export interface ReturnFilters {
  status: ReturnStatus | '';
  q: string;
}

/** GET /api/admin/returns?status=&q=&cursor= : every return, newest first, page by page. */
export function useAdminReturns(filters: ReturnFilters) {
  return useInfiniteQuery({
    queryKey: [KEYS.returns, 'list', filters],
    queryFn: ({ pageParam }) => getRoute('GET /api/admin/returns', { query: { status: filters.status || undefined, q: filters.q || undefined, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/returns/:id: one return with its timeline (only while `id` is set); a link to it opens it after a reload. */
export function useAdminReturn(id: string | null) {
  return useQuery({
    queryKey: [KEYS.returns, 'one', id],
    queryFn: () => getRoute('GET /api/admin/returns/:id', { params: { id: id! } }),
    enabled: Boolean(id),
    retry: false,
  });
}

/** GET /api/admin/returns/report?from=&to= */
export function useReturnsReport(range: { from: string; to: string }) {
  return useQuery({
    queryKey: [KEYS.returns, 'report', range],
    queryFn: () => getRoute('GET /api/admin/returns/report', { query: { from: range.from || undefined, to: range.to || undefined } }),
    placeholderData: keepPreviousData,
  });
}

export const adminCreditNoteUrl = (id: string) => routeUrl('GET /api/admin/returns/:id/credit-note', { params: { id } });

type Answer = { message?: string };

/**
 * A decision on a return through the admin's money path (web/lib/admin/money-writes.ts): its Idempotency-Key, the
 * step-up when the server asks for the code again, the toast, and the money and returns lists refreshed. Approve
 * answers 202 above the approval limit: the return then waits for a second admin in Approvals.
 */
export function useReturnDecision(id: string, action: 'approve' | 'reject' | 'receive' | 'refund') {
  const done = { approve: RETURN_MSG.approved, reject: RETURN_MSG.rejected, receive: RETURN_MSG.received, refund: RETURN_MSG.refunded }[action];
  const post = useMoneyPost<unknown, Answer>(routeUrl(`POST /api/admin/returns/:id/${action}`, { params: { id } }), {
    failed: `The return could not be ${action === 'receive' ? 'marked as received' : action === 'refund' ? 'refunded' : `${action}d`}.`,
    keyOf: (body) => ({ id, action, body }),
    successToast: (data, _body, status) =>
      status === 202 ? { title: 'Sent for approval', description: data?.message || RETURN_MSG.approvalRequested, variant: 'default' } : { title: 'Success', description: data?.message || done },
  });
  return async (body: unknown = {}): Promise<{ ok: boolean; status?: number; fieldErrors?: Record<string, string[] | undefined> }> => {
    const res = await post.run(body);
    return res.ok ? { ok: true, status: res.status } : { ok: false, fieldErrors: res.failure?.error.fieldErrors };
  };
}

/** POST /api/admin/returns: a return for any member's order, also after the window (defective, damaged or wrong goods). */
export function useAdminCreateReturn() {
  return useMoneyPost<unknown, Answer & { return?: AdminReturn }>(routeUrl('POST /api/admin/returns'), {
    failed: 'The return could not be created.',
    successToast: (data) => ({ title: 'Success', description: data?.message || RETURN_MSG.createdByAdmin }),
  });
}

/**
 * An order chosen by its id for a new return: the paid orders are read page by page (newest first) until one whose id
 * is the text or starts with it (the 8-character order number the Orders section shows) turns up.
 */
export function useOrderLookup(text: string) {
  const key = text.trim().toLowerCase();
  return useQuery({
    queryKey: [KEYS.purchases, 'lookup', key],
    enabled: key.length >= 8,
    staleTime: 30_000,
    queryFn: async () => {
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const res = await getRoute('GET /api/admin/purchases', { query: { paymentStatus: 'completed', cursor } });
        const hit = res.items.find((o) => o.id.toLowerCase() === key || o.id.toLowerCase().startsWith(key));
        if (hit) return hit;
        if (!res.nextCursor) break;
        cursor = res.nextCursor;
      }
      return null;
    },
  });
}
