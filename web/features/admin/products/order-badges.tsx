import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { titleCase } from '../../../lib/format';

const PAYMENT: Record<string, { label: string; tone: BadgeTone }> = {
  completed: { label: 'Paid', tone: 'success' },
  pending: { label: 'Pending', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
};

const DELIVERY: Record<string, BadgeTone> = {
  pending: 'neutral',
  processing: 'info',
  shipped: 'brand',
  delivered: 'success',
  cancelled: 'danger',
};

/** Payment status colours of doc 3 §3.3; completed reads "Paid". */
export function PaymentBadge({ status }: { status: string }) {
  const look = PAYMENT[status] ?? { label: titleCase(status), tone: 'neutral' as const };
  return <Badge tone={look.tone}>{look.label}</Badge>;
}

export function DeliveryBadge({ status }: { status: string }) {
  return <Badge tone={DELIVERY[status] ?? 'neutral'}>{titleCase(status)}</Badge>;
}

export const paymentStatusLabel = (s: string) => PAYMENT[s]?.label ?? titleCase(s);
