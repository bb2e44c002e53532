import { useState } from 'react';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AdminReturnCreate, LATE_RETURN_REASONS, RETURN_MSG, RETURN_NOTE_MAX, RETURN_REASONS, type ReturnReason } from '@contracts/returns';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, FormFooter } from '../../../components/ui/dialog';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input, Options } from '../../../components/ui/input';
import { InlineLoader } from '../../../components/ui/spinner';
import { applyFieldErrors } from '../../../lib/form-errors';
import { formatDate, shortId } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { schemaResolver } from '../../../lib/schema-resolver';
import { reasonLabel } from '../labels';
import { useAdminCreateReturn, useOrderLookup } from './returns-admin-api';
import { SelectField } from '../../../components/ui/select-field';
import { TextareaField } from '../../../components/ui/textarea-field';

type Values = { purchaseId?: string; lines: { productId: string; quantity: string }[]; reason: ReturnReason | ''; note: string };
const FIELDS = ['purchaseId', 'lines.0.quantity', 'reason', 'note'] as const;

function Form({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const [orderText, setOrderText] = useState('');
  const order = useOrderLookup(orderText);
  const found = order.data ?? null;
  const create = useAdminCreateReturn();
  const form = useForm<Values, unknown, z.output<typeof AdminReturnCreate>>({
    resolver: schemaResolver<Values, typeof AdminReturnCreate>(AdminReturnCreate),
    defaultValues: { purchaseId: undefined, lines: [{ productId: '', quantity: '1' }], reason: '', note: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const err = (f: (typeof FIELDS)[number]) => (f === 'lines.0.quantity' ? errors.lines?.[0]?.quantity?.message : errors[f]?.message);
  const onSubmit = form.handleSubmit(async (values) => {
    const res = await create.run(values);
    if (res.ok) {
      onClose();
      if (res.data.return) onCreated(res.data.return.id);
    } else if (res.failure) applyFieldErrors(form.setError, res.failure.error.fieldErrors, FIELDS);
  });
  const choose = (text: string) => {
    setOrderText(text);
    form.setValue('purchaseId', undefined);
    form.setValue('lines.0.productId', '');
  };
  // The order found fills the ids the contract wants.
  if (found && form.getValues('purchaseId') !== found.id) {
    form.setValue('purchaseId', found.id);
    form.setValue('lines.0.productId', found.productId);
  }
  const orderError = err('purchaseId') ?? (orderText.trim().length >= 8 && order.data === null ? 'No paid order has this id.' : undefined);
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <FormField id="new-return-order" label="Order ID" error={orderError} hint="The order's id or its 8-character number from Orders">
        <Input value={orderText} onChange={(e) => choose(e.target.value)} autoComplete="off" spellCheck={false} className="font-mono" {...fieldA11y('new-return-order', orderError, true)} />
      </FormField>
      {order.isFetching ? <InlineLoader label="Looking for the order..." /> : null}
      {found ? (
        <div className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm" data-testid="new-return-order">
          <p className="font-semibold text-slate-900">
            #{shortId(found.id)} · {found.productName} × {found.quantity}
          </p>
          <p className="text-slate-600">
            {found.userName} <span className="font-mono">{found.userDisplayId}</span> · {formatMoney(found.totalAmount, { decimals: 2 })} · {formatDate(found.createdAt)}
          </p>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="new-return-quantity" label="Quantity" error={err('lines.0.quantity')}>
          <Input type="number" inputMode="numeric" min={1} max={found?.quantity} {...fieldA11y('new-return-quantity', err('lines.0.quantity'))} {...form.register('lines.0.quantity')} />
        </FormField>
        <SelectField id="new-return-reason" label="Reason" error={err('reason')} registration={form.register('reason')}>
          <Options blank="Choose a reason" values={RETURN_REASONS} label={reasonLabel} />
        </SelectField>
      </div>
      <TextareaField
        id="new-return-note"
        label="Note"
        error={err('note')}
        hint={`After the return window: ${LATE_RETURN_REASONS.map(reasonLabel).join(', ').toLowerCase()} goods only, with a note.`}
        rows={3}
        maxLength={RETURN_NOTE_MAX}
        registration={form.register('note')}
      />
      <FormFooter onCancel={onClose} busy={isSubmitting} disabled={!found}>
        {isSubmitting ? 'Creating...' : 'Create return'}
      </FormFooter>
    </form>
  );
}

/** New return (an admin's, for any member's order, also after the window): the order by its id, units, reason and note. */
export function NewReturnButton({ onCreated }: { onCreated: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" className="size-4" /> New return
      </Button>
      {open ? (
        <Dialog open onOpenChange={(next) => !next && setOpen(false)}>
          <DialogContent title="New return" description={RETURN_MSG.lateReason}>
            <Form onClose={() => setOpen(false)} onCreated={onCreated} />
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}
