import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerCreate, LocalSaleCreate } from '@contracts';
import { routeUrl, sendRoute } from '../../lib/api';
import { getRoute } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { STOCK_KEY } from './stock-api';

export const SALES_KEY = '/api/franchise/local-sales';
export const CUSTOMERS_KEY = '/api/franchise/customers';

/** GET /api/franchise/local-sales: own sales, newest first (issue 16). */
export function useLocalSales() {
  return useQuery({ queryKey: [SALES_KEY], queryFn: () => getRoute('GET /api/franchise/local-sales', { query: {} }) });
}

/** GET /api/franchise/customers?q= */
export function useCustomers(q: string) {
  return useQuery({ queryKey: [CUSTOMERS_KEY, q], queryFn: () => getRoute('GET /api/franchise/customers', { query: { q } }) });
}

/** GET /api/franchise/customers/:id: one customer with their purchase history (only while `id` is set). */
export function useCustomer(id: string | null) {
  return useQuery({ queryKey: [CUSTOMERS_KEY, 'one', id], queryFn: () => getRoute('GET /api/franchise/customers/:id', { params: { id: id! } }), enabled: Boolean(id) });
}

/** The address of a sale's tax invoice (a download link). */
export const invoiceUrl = (id: string) => routeUrl('GET /api/franchise/local-sales/:id/invoice', { params: { id } });

/** POST /api/franchise/local-sales: the stock, the sales and the customers' figures change. */
export function useSell() {
  const queryClient = useQueryClient();
  return useApiMutation({
    request: (body: LocalSaleCreate) => sendRoute('POST /api/franchise/local-sales', { body }),
    errorFallback: 'Failed to record the sale',
    successToast: (data) => ({ title: 'Sale Recorded', description: data.message, variant: 'success' }),
    invalidate: () => Promise.all([SALES_KEY, STOCK_KEY, CUSTOMERS_KEY].map((k) => queryClient.invalidateQueries({ queryKey: [k] }))),
  });
}

/** POST /api/franchise/customers */
export function useAddCustomer() {
  const queryClient = useQueryClient();
  return useApiMutation({
    request: (body: CustomerCreate) => sendRoute('POST /api/franchise/customers', { body }),
    errorFallback: 'Failed to add the customer',
    successToast: (data) => ({ title: 'Customer Added', description: data.customer.name, variant: 'success' }),
    invalidate: () => queryClient.invalidateQueries({ queryKey: [CUSTOMERS_KEY] }),
  });
}

/** POST /api/franchise/customers/:id/invite: a referral link with the franchise holder as sponsor. */
export function useInviteCustomer() {
  const queryClient = useQueryClient();
  return useApiMutation({
    request: (id: string) => sendRoute('POST /api/franchise/customers/:id/invite', { params: { id }, body: {} }),
    errorFallback: 'Failed to create the invitation',
    successToast: (data) => ({ title: 'Invitation Link Created', description: data.message, variant: 'success' }),
    invalidate: () => queryClient.invalidateQueries({ queryKey: [CUSTOMERS_KEY] }),
  });
}
