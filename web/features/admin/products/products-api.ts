import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { CATEGORY_LABELS, PAYMENT_METHOD_LABELS, type AdminProductView, type AdminPurchaseView, type Page } from '@contracts';
import { apiGet } from '../../../lib/api';
import { titleCase } from '../../../lib/format';
import { toQueryString } from '../format';
import { invalidatePaths, KEYS, USER_LIST_KEYS } from '../queries';

export type { AdminProductView, AdminPurchaseView };

/** GET /api/admin/products: every product, active or not, with its purchase count. */
export function useAdminProducts() {
  return useQuery({ queryKey: [KEYS.products], queryFn: () => apiGet<AdminProductView[]>(KEYS.products) });
}

export interface OrderFilters {
  paymentStatus: string;
  deliveryStatus: string;
}

/** GET /api/admin/purchases?paymentStatus=&deliveryStatus=&cursor= : orders, newest first. */
export function useAdminPurchases(filters: OrderFilters) {
  return useInfiniteQuery({
    queryKey: [KEYS.purchases, filters],
    queryFn: ({ pageParam }) =>
      apiGet<Page<AdminPurchaseView>>(`${KEYS.purchases}${toQueryString({ paymentStatus: filters.paymentStatus, deliveryStatus: filters.deliveryStatus, cursor: pageParam })}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** After a product or order change: the catalog, the orders, the dashboard (income, BV) and the member lists (BV). */
export function useInvalidateCommerce() {
  const queryClient = useQueryClient();
  return () => invalidatePaths(queryClient, [KEYS.products, KEYS.purchases, KEYS.stats, KEYS.auditLog, KEYS.fundHistory, KEYS.walletBalances, ...USER_LIST_KEYS]);
}

export const categoryLabel = (c: string) => CATEGORY_LABELS[c] ?? titleCase(c);
export const purchaseTypeLabel = (t: string) => (t === 'first_purchase' ? '1st Purchase' : t === 'second_purchase' ? '2nd Purchase' : titleCase(t));
export const paymentMethodLabel = (m: string) => PAYMENT_METHOD_LABELS[m as keyof typeof PAYMENT_METHOD_LABELS] ?? titleCase(m);

/** GST percent without trailing zeros: "18%", "12.5%". */
export const gstLabel = (gst: string) => `${Number(gst).toString()}%`;
