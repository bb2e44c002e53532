import { StatusBadge } from '../../../components/ui/badge';
import { DELIVERY_STATUS, labelOf, PAYMENT_STATUS } from '../../../lib/status-looks';

/** Payment status colours of doc 3 §3.3; completed reads "Paid". */
export function PaymentBadge({ status }: { status: string }) {
  return <StatusBadge map={PAYMENT_STATUS} value={status} />;
}

export function DeliveryBadge({ status }: { status: string }) {
  return <StatusBadge map={DELIVERY_STATUS} value={status} />;
}

export const paymentStatusLabel = (s: string) => labelOf(PAYMENT_STATUS, s);
