import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { RETURN_MSG, ReturnRefund } from '@contracts/returns';
import { Dialog, DialogContent, FormFooter } from '../../../components/ui/dialog';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { schemaResolver } from '../../../lib/schema-resolver';
import { applyFieldErrors } from '../../../lib/form-errors';
import { formatMoney } from '../../../lib/money';
import type { AdminReturn } from './returns-admin-api';
import { SelectField } from '../../../components/ui/select-field';

type Values = { method: 'wallet' | 'external'; reference: string; refundedOn: string; note: string };
const FIELDS = ['method', 'reference', 'refundedOn', 'note'] as const;

/**
 * Refund: to the wallet (a wallet purchase) or recorded as paid outside the platform (UPI or bank transfer, its
 * reference and date). Before the goods are back the note says why. The write asks for the second factor again.
 */
export function RefundDialog({ r, decide, onClose }: { r: AdminReturn; decide: (body: unknown) => Promise<{ ok: boolean; fieldErrors?: Record<string, string[] | undefined> }>; onClose: () => void }) {
  const early = r.status === 'approved';
  // A counter sale to a customer without an account is refunded outside the platform; otherwise the wallet first.
  const walletPossible = Boolean(r.member);
  const form = useForm<Values, unknown, z.output<typeof ReturnRefund>>({
    resolver: schemaResolver<Values, typeof ReturnRefund>(ReturnRefund),
    defaultValues: { method: walletPossible ? 'wallet' : 'external', reference: '', refundedOn: '', note: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const external = form.watch('method') === 'external';
  const onSubmit = form.handleSubmit(async (values) => {
    if (early && (values.note ?? '').length < 5) {
      form.setError('note', { message: RETURN_MSG.earlyRefundNote });
      return;
    }
    const res = await decide(values);
    if (res.ok) onClose();
    else applyFieldErrors(form.setError, res.fieldErrors, FIELDS);
  });
  const err = (f: (typeof FIELDS)[number]) => errors[f]?.message;
  return (
    <Dialog open onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <DialogContent title={`Refund ${r.number}`} description={`${formatMoney(r.refundAmount, { decimals: 2 })} for ${r.quantity} × ${r.productName}. A GST credit note is issued with the refund.`}>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <SelectField id="refund-method" label="Refund to" error={err('method')} registration={form.register('method')}>
            {walletPossible ? <option value="wallet">The member's wallet</option> : null}
            <option value="external">Paid outside the platform (UPI or bank transfer)</option>
          </SelectField>
          {external ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="refund-reference" label="UPI or bank reference" error={err('reference')}>
                <Input autoComplete="off" maxLength={100} {...fieldA11y('refund-reference', err('reference'))} {...form.register('reference')} />
              </FormField>
              <FormField id="refund-date" label="Refunded on" optional error={err('refundedOn')}>
                <Input type="date" {...fieldA11y('refund-date', err('refundedOn'))} {...form.register('refundedOn')} />
              </FormField>
            </div>
          ) : null}
          <FormField id="refund-note" label="Note" optional={!early} error={err('note')} hint={early ? 'The goods are not back yet: say why the refund is made now.' : undefined}>
            <Textarea rows={2} maxLength={500} {...fieldA11y('refund-note', err('note'), early)} {...form.register('note')} />
          </FormField>
          <FormFooter onCancel={onClose} busy={isSubmitting}>
            {isSubmitting ? 'Refunding...' : `Refund ${formatMoney(r.refundAmount, { decimals: 2 })}`}
          </FormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
