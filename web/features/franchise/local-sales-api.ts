import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerCreate, LocalSaleCreate, LocalSaleView } from '@contracts';
import { routeUrl, sendRoute } from '../../lib/api';
import { getRoute } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { pollWhile, SERVER_WORK_POLL_MS } from '../../lib/poll';
import { STOCK_KEY } from './stock-api';
import { FRANCHISE_DASHBOARD_KEY } from './franchise-api';

export const SALES_KEY = '/api/franchise/local-sales';
export const CUSTOMERS_KEY = '/api/franchise/customers';

/**
 * A sale whose invoice is being prepared (a member's, issued by the applier's next pass): the list asks again every
 * few seconds until every invoice is there (issue 30: "Invoice being prepared" stayed until a reload).
 */
export const waitingForInvoice = (sales: readonly LocalSaleView[]) => sales.some((s) => !s.invoiceNumber);

/** GET /api/franchise/local-sales: the counter sales, newest first (issue 16). */
export function useLocalSales() {
  return useQuery({
    queryKey: [SALES_KEY],
    queryFn: () => getRoute('GET /api/franchise/local-sales', { query: {} }),
    refetchInterval: pollWhile(waitingForInvoice, SERVER_WORK_POLL_MS),
  });
}

/** GET /api/franchise/customers?q= */
export function useCustomers(q: string) {
  return useQuery({ queryKey: [CUSTOMERS_KEY, q], queryFn: () => getRoute('GET /api/franchise/customers', { query: { q } }) });
}

/** GET /api/franchise/customers/:id: one customer with their purchase history (only while `id` is set). */
export function useCustomer(id: string | null) {
  return useQuery({
    queryKey: [CUSTOMERS_KEY, 'one', id],
    queryFn: () => getRoute('GET /api/franchise/customers/:id', { params: { id: id! } }),
    enabled: Boolean(id),
    refetchInterval: pollWhile((d: { sales: LocalSaleView[] }) => waitingForInvoice(d.sales), SERVER_WORK_POLL_MS),
  });
}

/** The address of a sale's tax invoice (a download link). */
export const invoiceUrl = (id: string) => routeUrl('GET /api/franchise/local-sales/:id/invoice', { params: { id } });

/** POST /api/franchise/local-sales: the stock, the sales, the customers' and the dashboard's figures change. */
export function useSell() {
  const queryClient = useQueryClient();
  return useApiMutation({
    request: (body: LocalSaleCreate) => sendRoute('POST /api/franchise/local-sales', { body }),
    errorFallback: 'Failed to record the sale',
    successToast: (data) => ({ title: 'Sale Recorded', description: data.message, variant: 'success' }),
    invalidate: () => Promise.all([SALES_KEY, STOCK_KEY, CUSTOMERS_KEY, FRANCHISE_DASHBOARD_KEY].map((k) => queryClient.invalidateQueries({ queryKey: [k] }))),
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
