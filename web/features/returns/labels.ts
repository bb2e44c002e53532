import { RETURN_STATUS_LABELS, type ReturnReason, RETURN_REASON_LABELS, type ReturnStatus, type ReturnView } from '@contracts/returns';
import type { StatusMap } from '../../lib/status-looks';
import { fromPaise, toPaise } from '../../lib/money';

/** A return's status in the contract's words and its colour (docs/spec/returns.md §2). */
export const RETURN_STATUS: StatusMap = {
  requested: { label: RETURN_STATUS_LABELS.requested, tone: 'warning', hint: 'Waiting for review' },
  approved: { label: RETURN_STATUS_LABELS.approved, tone: 'info', hint: 'Approved: the goods are on their way back' },
  rejected: { label: RETURN_STATUS_LABELS.rejected, tone: 'danger' },
  received: { label: RETURN_STATUS_LABELS.received, tone: 'brand', hint: 'The goods are back; the refund follows' },
  refunded: { label: RETURN_STATUS_LABELS.refunded, tone: 'success' },
} satisfies Record<ReturnStatus, StatusMap[string]>;

export const reasonLabel = (r: ReturnReason) => RETURN_REASON_LABELS[r] ?? r;

/** A step of a return's history, as its timeline says it. */
export const EVENT_LABELS: Record<ReturnView['events'][number]['action'], string> = {
  requested: 'Return requested',
  approval_requested: 'Sent to a second admin for approval',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Goods received back',
  refunded: 'Refunded, credit note issued',
};

/** What `quantity` units refund at `unitRefund` each, in integer paise (never floats); null for a quantity that is not one. */
export function refundFor(unitRefund: string, quantity: number): string | null {
  const unit = toPaise(unitRefund);
  if (unit === null || !Number.isInteger(quantity) || quantity < 1) return null;
  return fromPaise(unit * BigInt(quantity));
}

/** The file name of a credit note: its number with the slashes made dashes ("CN/2627/000001" -> "CN-2627-000001.pdf"). */
export const creditNoteFileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

/** Who a return is for: the member, or the franchise's customer. */
export const buyerOf = (r: Pick<ReturnView, 'member' | 'customerName'>) => r.member?.name ?? r.customerName ?? '—';
