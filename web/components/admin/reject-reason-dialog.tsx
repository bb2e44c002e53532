import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { RejectWithdrawalRequest, WALLET_MSG } from '@contracts';
import { Dialog, DialogContent, FormFooter } from '../ui/dialog';
import { FormField, fieldA11y } from '../ui/form-field';
import { Textarea } from '../ui/input';
import { applyFieldErrors } from '../../lib/form-errors';
import { schemaResolver } from '../../lib/admin/queries';

type Decide = (body: { reason: string }) => Promise<{ ok: boolean; fieldErrors?: Record<string, string[] | undefined> }>;

/**
 * Reject with a reason (a withdrawal, a fund approval): the summary of what is rejected, a non-blank reason
 * ({reason} of the shared schema), Reject disabled while it is blank, field errors of a refusal under the field.
 */
export function RejectReasonDialog({
  title,
  description,
  fieldId,
  placeholder,
  summary,
  decide,
  onClose,
}: {
  title: string;
  description: string;
  fieldId: string;
  placeholder: string;
  summary: ReactNode;
  decide: Decide;
  onClose: () => void;
}) {
  const form = useForm<{ reason: string }, unknown, z.output<typeof RejectWithdrawalRequest>>({
    resolver: schemaResolver<{ reason: string }, typeof RejectWithdrawalRequest>(RejectWithdrawalRequest),
    defaultValues: { reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const empty = form.watch('reason').trim() === '';
  const error = errors.reason?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    const res = await decide(values);
    if (res.ok) onClose();
    else applyFieldErrors(form.setError, res.fieldErrors, ['reason']);
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <DialogContent title={title} description={description}>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          {summary}
          <FormField id={fieldId} label="Reason for rejection" error={error} hint={empty ? WALLET_MSG.rejectReasonRequired : undefined}>
            <Textarea rows={3} maxLength={500} autoFocus placeholder={placeholder} {...fieldA11y(fieldId, error, empty)} {...form.register('reason')} />
          </FormField>
          <FormFooter onCancel={onClose} busy={isSubmitting} variant="destructive" disabled={empty}>
            {isSubmitting ? 'Rejecting...' : 'Reject'}
          </FormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
