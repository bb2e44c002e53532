import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RETURN_MSG, type ReturnCreate } from '@contracts/returns';
import { getRoute, sendRoute } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { pollWhile, REVIEW_POLL_MS } from '../../lib/poll';

export const RETURNS_KEY = '/api/returns';
/** The lists a return changes beside its own: the member's orders and wallet, the franchise's sales and stock. */
const AFFECTED = [RETURNS_KEY, '/api/purchases', '/api/wallet', '/api/franchise/local-sales', '/api/franchise/stock', '/api/franchise/dashboard'];

export type OwnReturns = Awaited<ReturnType<typeof getRoute<'GET /api/returns'>>>;
export type ReturnItem = OwnReturns['items'][number];
export type ReturnableItem = OwnReturns['returnable'][number];

const open = (d: OwnReturns) => d.items.some((r) => r.status !== 'refunded' && r.status !== 'rejected');

/** GET /api/returns: own returns (a franchise holder's counter-sale returns too) and what can still be returned. */
export function useOwnReturns() {
  return useQuery({
    queryKey: [RETURNS_KEY],
    queryFn: () => getRoute('GET /api/returns'),
    staleTime: 30_000,
    // A return under review moves on without a reload (approved, received, refunded by an admin).
    refetchInterval: pollWhile(open, REVIEW_POLL_MS),
  });
}

/** GET /api/returns/:id: one own return with its history (only while `id` is set): a link to it survives a reload. */
export function useOwnReturn(id: string | null) {
  return useQuery({
    queryKey: [RETURNS_KEY, 'one', id],
    queryFn: () => getRoute('GET /api/returns/:id', { params: { id: id! } }),
    enabled: Boolean(id),
    retry: false,
  });
}

/** POST /api/returns: a return request of an own order or of a counter sale; the toast says what happens next. */
export function useCreateReturn() {
  const queryClient = useQueryClient();
  return useApiMutation({
    request: (body: ReturnCreate) => sendRoute('POST /api/returns', { body }),
    errorFallback: 'The return could not be requested. Please try again.',
    successToast: () => ({ title: 'Return requested', description: RETURN_MSG.created }),
    invalidate: () => Promise.all(AFFECTED.map((k) => queryClient.invalidateQueries({ queryKey: [k] }))),
  });
}
