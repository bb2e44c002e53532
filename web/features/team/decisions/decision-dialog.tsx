import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { UplineDecisionRequest, type Side, type UplinePendingRecruit } from '@contracts';
import { Alert } from '../../../components/ui/alert';
import { Dialog, DialogContent, FormFooter } from '../../../components/ui/dialog';
import { useDecideRecruit } from '../actions-api';
import { schemaResolver } from '../resolver';
import { SpilloverNotice } from './spillover-notice';
import { TextareaField } from '../../../components/ui/textarea-field';

export type DecisionChoice = { recruit: UplinePendingRecruit; decision: 'approved'; position: Side } | { recruit: UplinePendingRecruit; decision: 'rejected' };

type Values = { decision: 'approved' | 'rejected'; position: string; reason: string };

/**
 * The confirm step of a position decision (doc 3 §2.4): Cancel / Approve LEFT Position / Approve RIGHT
 * Position, or 'Reject Recruit' with an optional reason. Sends POST /api/upline/pending-recruits/:id/decide.
 */
export function DecisionDialog({ choice, onClose }: { choice: DecisionChoice | null; onClose: () => void }) {
  const decide = useDecideRecruit();
  const form = useForm<Values, unknown, z.output<typeof UplineDecisionRequest>>({
    resolver: schemaResolver<Values, typeof UplineDecisionRequest>(UplineDecisionRequest),
    defaultValues: { decision: 'approved', position: '', reason: '' },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (choice) form.reset({ decision: choice.decision, position: choice.decision === 'approved' ? choice.position : '', reason: '' });
  }, [choice, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (!choice) return;
    const body = values.decision === 'approved' ? { decision: values.decision, position: values.position } : { decision: values.decision, reason: values.reason };
    const res = await decide.run({ id: choice.recruit.id, body });
    if (res.ok) onClose();
  });

  const recruit = choice?.recruit;
  const approving = choice?.decision === 'approved';
  const side = choice?.decision === 'approved' ? choice.position : null;
  const SIDE = side?.toUpperCase();
  const occupied = side && recruit ? !recruit.availablePositions[side] : false;
  const reasonError = errors.reason?.message;

  return (
    <Dialog open={choice !== null} onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      {recruit ? (
        <DialogContent
          title={approving ? `Confirm ${SIDE} Position` : 'Reject Recruit'}
          description={
            approving
              ? `Place ${recruit.fullName} in your ${SIDE} leg? The recruit then waits for admin approval.`
              : `Reject ${recruit.fullName}? This cannot be undone: the registration is removed and the recruit is told.`
          }
        >
          <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
            {approving && occupied && side ? <SpilloverNotice sides={[side]} /> : null}
            {!approving ? <TextareaField id="decision-reason" label="Reason" optional error={reasonError} rows={3} maxLength={500} registration={form.register('reason')} /> : null}
            {errors.position?.message ? <Alert tone="danger">{errors.position.message}</Alert> : null}
            <FormFooter onCancel={onClose} busy={isSubmitting} variant={approving ? 'primary' : 'destructive'}>
              {approving ? `Approve ${SIDE} Position` : 'Reject Recruit'}
            </FormFooter>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
