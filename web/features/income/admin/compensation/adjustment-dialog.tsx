import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Hourglass } from 'lucide-react';
import { INCOME_TYPES } from '@contracts';
import { ADJUSTMENT_REASON_MIN, AdjustmentRequest } from '../../../../../contracts/compensation';
import { Dialog, DialogContent, FormFooter } from '../../../../components/ui/dialog';
import { FormField, fieldA11y } from '../../../../components/ui/form-field';
import { Input, Options, Textarea } from '../../../../components/ui/input';
import { schemaResolver } from '../../../../lib/admin/queries';
import { sectionHref } from '../../../../lib/admin/sections';
import { UserIdField } from '../../../../components/admin/money-fields';
import { useAddAdjustment, type AdjustmentInput } from './compensation-api';
import { SelectField } from '../../../../components/ui/select-field';

const FIELDS = ['userId', 'type', 'amount', 'reason'] as const;
type Values = { userId: string; type: string; amount: string; reason: string };
const TYPES = INCOME_TYPES.map((t) => t.key);
const typeLabel = (key: string) => INCOME_TYPES.find((t) => t.key === key)?.label ?? key;
const REASON_HINT = `At least ${ADJUSTMENT_REASON_MIN} characters. The approving admin reads it, and it is kept with the line and in the audit log.`;

/**
 * Adds an adjustment (issue 29): a line of an income type in the member's next calculated cycle, with a reason.
 * Step-up is asked for by apiRequest; an amount above the configured cap is refused under the amount field; above the
 * approval amount the server answers 202 and the toast says it waits for a second admin (it is listed in Approvals).
 */
export function AdjustmentDialog({ onClose }: { onClose: () => void }) {
  const add = useAddAdjustment();
  const form = useForm<Values, unknown, AdjustmentInput>({
    resolver: schemaResolver<Values, typeof AdjustmentRequest>(AdjustmentRequest),
    defaultValues: { userId: '', type: 'sponsor_income', amount: '', reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const err = (f: (typeof FIELDS)[number]) => errors[f]?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    const res = await add.run({ ...values, userId: values.userId.toUpperCase() }, { setError: form.setError, fields: FIELDS });
    if (res.ok) onClose();
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <DialogContent title="Add an adjustment" description="A correction paid as a line of the member’s next calculated cycle. Posted lines never change.">
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4" aria-label="Add an adjustment">
          <UserIdField id="adj-userId" error={err('userId')} registration={form.register('userId')} />
          <SelectField id="adj-type" label="Income type" error={err('type')} registration={form.register('type')}>
            <Options values={TYPES} label={typeLabel} />
          </SelectField>
          <FormField id="adj-amount" label="Amount (₹)" error={err('amount')} hint="A negative amount takes income back. Large adjustments wait for another admin’s approval.">
            <Input
              inputMode="decimal"
              autoComplete="off"
              placeholder="e.g. 2500.00 or -500.00"
              className="tabular-nums"
              {...fieldA11y('adj-amount', err('amount'), true)}
              {...form.register('amount')}
            />
          </FormField>
          <FormField id="adj-reason" label="Reason" error={err('reason')} hint={REASON_HINT}>
            <Textarea
              rows={3}
              maxLength={500}
              placeholder="e.g. Sponsor income missed for the order returned on 3 Nov"
              {...fieldA11y('adj-reason', err('reason'), true)}
              {...form.register('reason')}
            />
          </FormField>
          <p className="flex items-start gap-2 text-xs text-slate-500">
            <Hourglass aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-amber-600" />
            <span>
              Above the approval amount it is sent to{' '}
              <Link className="font-medium text-brand-700 underline-offset-2 hover:underline" to={sectionHref('approvals')}>
                Approvals
              </Link>{' '}
              and is made only when another admin approves it. You then neither approve nor post the cycle that pays it.
            </span>
          </p>
          <FormFooter onCancel={onClose} busy={isSubmitting}>
            {isSubmitting ? 'Adding...' : 'Add adjustment'}
          </FormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
