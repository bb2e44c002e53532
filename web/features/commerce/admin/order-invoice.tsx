import { DownloadButton } from '../../../components/ui/download-button';
import { routeUrl } from '../../../lib/api';
import type { AdminPurchaseView } from './products-api';
import { shortId } from '../../../lib/format';

/** The GST tax invoice of a completed order (issue 15, ADR 0013): any member's, for the admin. */
export function OrderInvoiceButton({ order, className }: { order: AdminPurchaseView; className?: string }) {
  if (order.paymentStatus !== 'completed') return null;
  const id = shortId(order.id);
  return (
    <DownloadButton
      href={routeUrl('GET /api/admin/purchases/:id/invoice', { params: { id: order.id }, query: { download: '1' } })}
      fileName={`invoice-${id}.pdf`}
      label="Invoice"
      aria-label={`Download invoice for order ${id}`}
      errorTitle="Invoice not available"
      className={className}
    />
  );
}
