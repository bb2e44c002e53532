import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StockRequestCreate, StockRequestView } from '@contracts';
import { apiRequest, getRoute } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';

export const STOCK_KEY = '/api/franchise/stock';

/** GET /api/franchise/stock: own stock, stock requests and the newest stock ledger rows (issue 16). */
export function useFranchiseStock() {
  return useQuery({ queryKey: [STOCK_KEY], queryFn: () => getRoute('GET /api/franchise/stock') });
}

/** The active products a stock request can name. */
export function useStockProducts() {
  return useQuery({ queryKey: ['/api/products', 'stock'], queryFn: () => getRoute('GET /api/products', { query: {} }), staleTime: 300_000 });
}

type Answer = { message: string; request: StockRequestView };
const useStockWrite = <V>(request: (v: V) => Promise<import('../../lib/api').WriteResult<Answer>>, fallback: string, title: string) => {
  const queryClient = useQueryClient();
  return useApiMutation<V, Answer>({
    request,
    errorFallback: fallback,
    successToast: (data) => ({ title, description: data.message, variant: 'success' }),
    invalidate: () => queryClient.invalidateQueries({ queryKey: [STOCK_KEY] }),
  });
};

/** POST /api/franchise/stock-requests */
export const useRequestStock = () =>
  useStockWrite((body: StockRequestCreate) => apiRequest<Answer>('POST', '/api/franchise/stock-requests', body), 'Failed to send the stock request', 'Stock Requested');

/** POST /api/franchise/stock-requests/:id/receive */
export const useReceiveStock = () =>
  useStockWrite((id: string) => apiRequest<Answer>('POST', `/api/franchise/stock-requests/${encodeURIComponent(id)}/receive`), 'Failed to confirm the delivery', 'Stock Received');
