import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductView, PurchaseRequest, PurchaseResponse } from '@contracts';
import { apiGet, apiRequest, type WriteResult, getRoute } from '../../lib/api';

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
    queryFn: () => {
      const search = new URLSearchParams();
      if (filters.purchaseType !== 'all') search.set('purchaseType', filters.purchaseType);
      if (filters.category !== 'all') search.set('category', filters.category);
      const text = search.toString();
      return apiGet<ProductView[]>(text ? `${COMMERCE_KEYS.products}?${text}` : COMMERCE_KEYS.products);
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET /api/purchases: the member's own orders, newest first. */
export function usePurchases() {
  return useQuery({ queryKey: [COMMERCE_KEYS.purchases], queryFn: () => getRoute('GET /api/purchases'), staleTime: 30_000 });
}

export function createPurchase(body: PurchaseRequest, idempotencyKey: string): Promise<WriteResult<PurchaseResponse>> {
  return apiRequest<PurchaseResponse>('POST', COMMERCE_KEYS.purchases, body, { headers: { 'Idempotency-Key': idempotencyKey } });
}
