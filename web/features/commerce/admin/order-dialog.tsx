import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { AdminPurchasePatch, COMMERCE_MSG, DELIVERY_NEXT, DELIVERY_STATUSES } from '@contracts';
import { Dialog, DialogContent, FormFooter } from '../../../components/ui/dialog';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input, Select, Options } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { titleCase, shortId } from '../../../lib/format';
import { deliveryLine } from '../../../lib/delivery';
import { formatBV, formatDateTimeUS, formatINR } from '../../../lib/admin/format';
import { ChoiceGroup } from '../../../components/admin/choice-group';
import { PaymentBadge } from './order-badges';
import { paymentMethodLabel, useUpdateOrder, type AdminPurchaseView } from './products-api';

const FIELDS = ['paymentStatus', 'deliveryStatus', 'trackingId'] as const;

type Values = { paymentStatus: string; deliveryStatus: string; trackingId: string };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-800">{children}</dd>
    </>
  );
}

/**
 * Update Order: a pending payment can be marked paid (completed, BV credited then) or failed
 * (docs/spec/decisions.md §5); delivery status and tracking id can change any time. Only changes are sent.
 */
export function OrderDialog({ order, onClose }: { order: AdminPurchaseView; onClose: () => void }) {
  const update = useUpdateOrder(order);
  const initial: Values = { paymentStatus: order.paymentStatus, deliveryStatus: order.deliveryStatus, trackingId: order.trackingId ?? '' };
  const form = useForm<Values>({ defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const err = (f: (typeof FIELDS)[number]) => errors[f]?.message;
  const paymentOpen = order.paymentStatus === 'pending';
  const markingPaid = form.watch('paymentStatus') === 'completed' && paymentOpen;
  const paid = order.paymentStatus === 'completed' || markingPaid;
  const nextDelivery = ((DELIVERY_NEXT as Record<string, readonly string[]>)[order.deliveryStatus] ?? []).filter((s) => !(s === 'cancelled' && paid));
  const deliveryOptions = DELIVERY_STATUSES.filter((s) => s === order.deliveryStatus || nextDelivery.includes(s));
  const deliveryFinal = nextDelivery.length === 0;

  const onSubmit = form.handleSubmit(async (values) => {
    const changes: Record<string, string> = {};
    for (const f of FIELDS) {
      // A disabled control (a final delivery status) reads as undefined: it is unchanged.
      const value = (values[f] ?? initial[f]).trim();
      if (value !== initial[f]) changes[f] = value;
    }
    const parsed = AdminPurchasePatch.safeParse(changes);
    if (!parsed.success) {
      toast({ title: 'Validation Error', description: parsed.error.issues[0]?.message ?? 'Nothing to change', variant: 'destructive' });
      return;
    }
    if ((await update.run(changes, { setError: form.setError, fields: FIELDS })).ok) onClose();
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <DialogContent title="Update Order" description={`Order ${shortId(order.id)} · ${order.productName}`}>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-xl border border-slate-200 bg-slate-50/70 p-3.5 text-sm">
            <Row label="Member">
              {order.userName} <span className="font-mono text-xs text-slate-500">{order.userDisplayId}</span>
            </Row>
            <Row label="Product">
              {order.productName} × {order.quantity}
            </Row>
            <Row label="Amount">
              <span className="font-semibold text-slate-900">{formatINR(order.totalAmount)}</span> by {paymentMethodLabel(order.paymentMethod)}
            </Row>
            <Row label="BV">
              {formatBV(order.totalBV)}
              {order.bvCreditedAt ? <span className="text-slate-500"> · credited {formatDateTimeUS(order.bvCreditedAt)}</span> : null}
            </Row>
            <Row label="Deliver to">{deliveryLine(order)}</Row>
            <Row label="Ordered">{formatDateTimeUS(order.createdAt)}</Row>
          </dl>

          {paymentOpen ? (
            <ChoiceGroup
              legend="Payment"
              idPrefix="od-payment"
              columns={3}
              error={err('paymentStatus')}
              registration={form.register('paymentStatus')}
              choices={[
                { value: 'pending', label: 'Pending', description: 'Not received yet' },
                { value: 'completed', label: 'Mark paid', description: 'Completed; BV is credited' },
                { value: 'failed', label: 'Mark failed', description: 'The payment did not arrive' },
              ]}
              hint={markingPaid ? `${formatBV(order.totalBV, { unit: true })} goes to the member and their upline legs. This cannot be undone.` : undefined}
            />
          ) : (
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <span className="font-medium text-slate-700">Payment</span> <PaymentBadge status={order.paymentStatus} />
              <span className="text-xs text-slate-500">{COMMERCE_MSG.paymentFinal}</span>
            </div>
          )}

          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="od-delivery"
              label="Delivery status"
              error={err('deliveryStatus')}
              hint={deliveryFinal ? `A ${order.deliveryStatus} order cannot change its delivery status.` : 'Delivery only moves forward.'}
            >
              <Select disabled={deliveryFinal} {...fieldA11y('od-delivery', err('deliveryStatus'), true)} {...form.register('deliveryStatus')}>
                <Options values={deliveryOptions} label={titleCase} />
              </Select>
            </FormField>
            <FormField id="od-tracking" label="Tracking ID" optional error={err('trackingId')}>
              <Input maxLength={100} autoComplete="off" className="font-mono" {...fieldA11y('od-tracking', err('trackingId'))} {...form.register('trackingId')} />
            </FormField>
          </div>

          <FormFooter onCancel={onClose} busy={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Update Order'}
          </FormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
