import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PurchaseRequest, PurchaseResponse, PurchaseView } from '@contracts';
import { apiRequest, type WriteResult, getRoute } from '../../lib/api';
import { pollWhile, REVIEW_POLL_MS, SERVER_WORK_POLL_MS } from '../../lib/poll';

export const COMMERCE_KEYS = {
  products: '/api/products',
  purchases: '/api/purchases',
} as const;

export type PurchaseTypeFilter = 'all' | 'first_purchase' | 'second_purchase';
export interface ProductFilters {
  purchaseType: PurchaseTypeFilter;
  category: string;
}

/** GET /api/products: active products; purchase type and category are filtered by the server (doc 3 §2.5). */
export function useProducts(filters: ProductFilters) {
  return useQuery({
    queryKey: [COMMERCE_KEYS.products, filters],
    queryFn: () =>
      getRoute('GET /api/products', {
        query: { purchaseType: filters.purchaseType === 'all' ? undefined : filters.purchaseType, category: filters.category === 'all' ? undefined : filters.category },
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET /api/purchases: the member's own orders, newest first. */
export function usePurchases() {
  return useQuery({
    queryKey: [COMMERCE_KEYS.purchases],
    queryFn: () => getRoute('GET /api/purchases'),
    staleTime: 30_000,
    // An order whose payment an admin has still to confirm turns completed without a reload; a paid one's invoice,
    // issued seconds later, appears by itself (issue 30).
    refetchInterval: (q) => {
      const rows = q.state.data as PurchaseView[] | undefined;
      if (rows?.some((p) => p.paymentStatus === 'completed' && !p.invoiceNumber)) return SERVER_WORK_POLL_MS;
      return pollWhile((list: PurchaseView[]) => list.some((p) => p.paymentStatus === 'pending'), REVIEW_POLL_MS)(q);
    },
  });
}

export function createPurchase(body: PurchaseRequest, idempotencyKey: string): Promise<WriteResult<PurchaseResponse>> {
  return apiRequest<PurchaseResponse>('POST', COMMERCE_KEYS.purchases, body, { headers: { 'Idempotency-Key': idempotencyKey } });
}
