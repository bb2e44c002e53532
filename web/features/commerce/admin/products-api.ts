import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { CATEGORY_LABELS, PAYMENT_METHOD_LABELS, type AdminProductView, type AdminPurchaseView, type ProductImageView } from '@contracts';
import type { ProductInput } from '@contracts';
import { apiRequest, getRoute } from '../../../lib/api';
import { useApiMutation } from '../../../lib/mutation';
import { useIdempotencyKey } from '../../../lib/admin/money-writes';
import { titleCase, shortId } from '../../../lib/format';
import { formatBV } from '../../../lib/admin/format';
import { invalidatePaths, KEYS, USER_LIST_KEYS } from '../../../lib/admin/queries';

export type { AdminProductView, AdminPurchaseView, ProductImageView };

/** GET /api/admin/products: every product, active or not, with its purchase count. */
export function useAdminProducts() {
  return useQuery({ queryKey: [KEYS.products], queryFn: () => getRoute('GET /api/admin/products') });
}

export interface OrderFilters {
  paymentStatus: string;
  deliveryStatus: string;
}

/** GET /api/admin/purchases?paymentStatus=&deliveryStatus=&cursor= : orders, newest first. */
export function useAdminPurchases(filters: OrderFilters) {
  return useInfiniteQuery({
    queryKey: [KEYS.purchases, filters],
    queryFn: ({ pageParam }) => getRoute('GET /api/admin/purchases', { query: { paymentStatus: filters.paymentStatus, deliveryStatus: filters.deliveryStatus, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** After a product or order change: the catalog, the orders, the dashboard (income, BV) and the member lists (BV). */
export function useInvalidateCommerce() {
  const queryClient = useQueryClient();
  return () => invalidatePaths(queryClient, [KEYS.products, '/api/products', KEYS.purchases, KEYS.stats, KEYS.auditLog, KEYS.fundHistory, KEYS.walletBalances, ...USER_LIST_KEYS]);
}

export const categoryLabel = (c: string) => CATEGORY_LABELS[c] ?? titleCase(c);
export const purchaseTypeLabel = (t: string) => (t === 'first_purchase' ? '1st Purchase' : t === 'second_purchase' ? '2nd Purchase' : titleCase(t));
export const paymentMethodLabel = (m: string) => PAYMENT_METHOD_LABELS[m as keyof typeof PAYMENT_METHOD_LABELS] ?? titleCase(m);

/** GST percent without trailing zeros: "18%", "12.5%". */
export const gstLabel = (gst: string) => `${Number(gst).toString()}%`;

type Answer = { message?: string };
const productPath = (id: string) => `${KEYS.products}/${encodeURIComponent(id)}`;

/** POST /api/admin/products (id null) or PATCH /api/admin/products/:id. */
export function useSaveProduct(id: string | null) {
  const invalidate = useInvalidateCommerce();
  return useApiMutation({
    request: (body: ProductInput) => (id === null ? apiRequest<Answer>('POST', KEYS.products, body) : apiRequest<Answer>('PATCH', productPath(id), body)),
    errorFallback: id === null ? 'Failed to create product' : 'Failed to update product',
    successToast: (_d, body) => ({ title: id === null ? 'Product created' : 'Product updated', description: `${body.name} was saved.` }),
    invalidate,
  });
}

/** PATCH /api/admin/products/:id { isActive }: products are never deleted, only deactivated. */
export function useSetProductActive() {
  const invalidate = useInvalidateCommerce();
  return useApiMutation({
    request: ({ product, isActive }: { product: AdminProductView; isActive: boolean }) => apiRequest<Answer>('PATCH', productPath(product.id), { isActive }),
    errorFallback: 'Failed to update product',
    successToast: (_d, { product, isActive }) => ({
      title: isActive ? 'Product activated' : 'Product deactivated',
      description: `${product.name} is ${isActive ? 'back in' : 'no longer in'} the member catalog.`,
    }),
    invalidate,
  });
}

/**
 * PATCH /api/admin/purchases/:id with only the changed fields. Marking paid credits BV, so the
 * same changes retried carry the same Idempotency-Key (docs/spec/decisions.md §6); a success starts a new one.
 */
export function useUpdateOrder(order: AdminPurchaseView) {
  const invalidate = useInvalidateCommerce();
  const idempotency = useIdempotencyKey();
  const url = `${KEYS.purchases}/${encodeURIComponent(order.id)}`;
  return useApiMutation({
    request: async (changes: Record<string, string>) => {
      const res = await apiRequest<Answer>('PATCH', url, changes, { headers: { 'Idempotency-Key': idempotency.keyFor({ url, changes }) } });
      if (res.ok) idempotency.renew();
      return res;
    },
    errorFallback: 'Failed to update order',
    successToast: (_d, changes) => ({
      title: 'Order updated',
      description: changes.paymentStatus === 'completed' ? `Order ${shortId(order.id)} is paid; ${formatBV(order.totalBV, { unit: true })} credited.` : `Order ${shortId(order.id)} was updated.`,
    }),
    invalidate,
    onFailure: async (failure) => {
      if (failure.status === 404 || failure.status === 409) await invalidate();
    },
  });
}

// ---- product images (issue 16 part 5) ----

/** GET /api/admin/products/:id/images: the product's images, the primary first (keyed under the products path, so a product change re-reads it). */
export function useProductImages(productId: string) {
  return useQuery({ queryKey: [KEYS.products, productId, 'images'], queryFn: () => getRoute('GET /api/admin/products/:id/images', { params: { id: productId } }) });
}

const imagesPath = (productId: string) => `${productPath(productId)}/images`;

/** POST /api/admin/products/:id/images with the file as a multipart form (read by the server as a stream). */
export function useUploadProductImage(product: AdminProductView) {
  const invalidate = useInvalidateCommerce();
  return useApiMutation({
    request: (file: File) => {
      const form = new FormData();
      form.set('image', file, file.name);
      return apiRequest<ProductImageView[]>('POST', imagesPath(product.id), form);
    },
    errorFallback: 'Failed to upload the image',
    errorTitle: 'Upload Failed',
    successToast: () => ({ title: 'Image uploaded', description: `The image was added to ${product.name}.`, variant: 'success' }),
    invalidate,
  });
}

/** PUT /api/admin/products/:id/images/order: the images in their new order (the first is the primary). */
export function useReorderProductImages(product: AdminProductView) {
  const invalidate = useInvalidateCommerce();
  return useApiMutation({
    request: (imageIds: string[]) => apiRequest<ProductImageView[]>('PUT', `${imagesPath(product.id)}/order`, { imageIds }),
    errorFallback: 'Failed to reorder the images',
    successToast: () => null,
    invalidate,
    onFailure: invalidate,
  });
}

/** DELETE /api/admin/products/:id/images/:imageId. */
export function useDeleteProductImage(product: AdminProductView) {
  const invalidate = useInvalidateCommerce();
  return useApiMutation({
    request: (imageId: string) => apiRequest<ProductImageView[]>('DELETE', `${imagesPath(product.id)}/${encodeURIComponent(imageId)}`),
    errorFallback: 'Failed to delete the image',
    successToast: () => ({ title: 'Image deleted', description: `The image was removed from ${product.name}.` }),
    invalidate,
    onFailure: invalidate,
  });
}
