import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { RETURN_MSG, RETURN_NOTE_MAX, RETURN_REASONS, ReturnCreate, type ReturnReason } from '@contracts/returns';
import { Dialog, DialogContent, FormFooter } from '../../components/ui/dialog';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, Options } from '../../components/ui/input';
import { schemaResolver } from '../../lib/schema-resolver';
import { formatDate } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { reasonLabel, refundFor } from './labels';
import { useCreateReturn, type ReturnableItem } from './returns-api';
import { SelectField } from '../../components/ui/select-field';
import { TextareaField } from '../../components/ui/textarea-field';

type Values = {
  purchaseId?: string;
  localSaleId?: string;
  lines: { productId: string; quantity: string }[];
  reason: ReturnReason | '';
  note: string;
};
const FIELDS = ['purchaseId', 'lines.0.quantity', 'reason', 'note'] as const;

/** The contract's schema and, on top of it, at most what this order can still return. */
const schemaFor = (max: number) =>
  ReturnCreate.superRefine((v, ctx) => {
    if ((v.lines[0]?.quantity ?? 0) > max) ctx.addIssue({ code: 'custom', path: ['lines', 0, 'quantity'], message: RETURN_MSG.tooMany(max) });
  });

/**
 * Return an order (a member's purchase, or a franchise holder's counter sale): how many units, why, and a note (needed
 * for "Other"); the refund they give is shown as the quantity changes. The form checks with the server's own schema.
 */
export function ReturnRequestDialog({ item, onClose, title = 'Return this order' }: { item: ReturnableItem; onClose: () => void; title?: string }) {
  const create = useCreateReturn();
  const schema = useMemo(() => schemaFor(item.quantity), [item.quantity]);
  const form = useForm<Values, unknown, z.output<typeof ReturnCreate>>({
    resolver: schemaResolver<Values, typeof schema>(schema),
    defaultValues: {
      purchaseId: item.purchaseId ?? undefined,
      localSaleId: item.localSaleId ?? undefined,
      lines: [{ productId: item.productId, quantity: '1' }],
      reason: '',
      note: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const qtyText = form.watch('lines.0.quantity');
  const reason = form.watch('reason');
  const qty = /^\d+$/.test(qtyText) ? Number(qtyText) : NaN;
  const refund = qty <= item.quantity ? refundFor(item.unitRefund, qty) : null;
  const qtyError = errors.lines?.[0]?.quantity?.message ?? errors.lines?.message;
  const noteError = errors.note?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    const res = await create.run(values, { setError: form.setError, fields: FIELDS });
    if (res.ok) onClose();
  });

  return (
    <Dialog open onOpenChange={(next) => !next && !isSubmitting && onClose()}>
      <DialogContent title={title} description={`${item.productName}: you can return up to ${item.quantity} until ${formatDate(item.until)}.`}>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="return-quantity" label="Quantity to return" error={qtyError} hint={`At most ${item.quantity}`}>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={item.quantity}
                step={1}
                autoComplete="off"
                {...fieldA11y('return-quantity', qtyError, true)}
                {...form.register('lines.0.quantity')}
              />
            </FormField>
            <div className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3" aria-live="polite">
              <p className="text-xs font-medium text-emerald-800">Your refund</p>
              <p className="text-xl font-semibold text-emerald-900 tabular-nums" data-testid="return-refund">
                {refund ? formatMoney(refund, { decimals: 2 }) : '—'}
              </p>
              <p className="text-xs text-emerald-800">{formatMoney(item.unitRefund, { decimals: 2 })} per unit, GST included</p>
            </div>
          </div>
          <SelectField id="return-reason" label="Reason" error={errors.reason?.message} registration={form.register('reason')}>
            <Options blank="Choose a reason" values={RETURN_REASONS} label={reasonLabel} />
          </SelectField>
          <TextareaField
            id="return-note"
            label="Note"
            optional={reason !== 'other'}
            error={noteError}
            hint={reason === 'other' ? 'Tell us briefly what is wrong.' : 'Anything that helps us handle the return.'}
            rows={3}
            maxLength={RETURN_NOTE_MAX}
            registration={form.register('note')}
          />
          <p className="text-xs text-slate-500">We review every request. Once approved, send the goods back; the refund follows with a GST credit note.</p>
          <FormFooter onCancel={onClose} busy={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Request return'}
          </FormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
