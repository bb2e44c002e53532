import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApproveWithdrawalRequest, WALLET_MSG } from '@contracts';
import { Alert } from '../../../components/ui/alert';
import { Dialog, DialogContent, FormFooter } from '../../../components/ui/dialog';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { applyFieldErrors } from '../../../lib/form-errors';
import { formatDateTimeUS } from '../../../lib/admin/format';
import { schemaResolver } from '../../../lib/admin/queries';
import { DecisionDialog } from '../../../components/admin/confirm-dialog';
import { useMoneyDecision, type AdminWithdrawal } from './money-api';
import { RejectReasonDialog } from '../../../components/admin/reject-reason-dialog';
import { Amount, TypeLabel } from './withdrawal-list';
import { TextareaField } from '../../../components/ui/textarea-field';

/** The request being decided, so the admin sees what the confirm is about. */
function Summary({ w }: { w: AdminWithdrawal }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-xl border border-slate-200 bg-slate-50/70 p-3.5 text-sm">
      <dt className="text-slate-500">Member</dt>
      <dd className="min-w-0 font-medium text-slate-900">
        {w.userName} <span className="font-mono text-xs font-normal text-slate-500">{w.userDisplayId}</span>
      </dd>
      <dt className="text-slate-500">Amount</dt>
      <dd>
        <Amount w={w} />
      </dd>
      <dt className="text-slate-500">Type</dt>
      <dd>
        <TypeLabel w={w} />
      </dd>
      <dt className="text-slate-500">Details</dt>
      <dd className="min-w-0 break-words text-slate-800">{w.details || '—'}</dd>
      <dt className="text-slate-500">Requested</dt>
      <dd className="text-slate-800">{formatDateTimeUS(w.date || w.createdAt)}</dd>
    </dl>
  );
}

type Decision = 'approve' | 'reject' | 'reactivate';
const PATH: Record<Decision, string> = { approve: 'approve-withdrawal', reject: 'reject-withdrawal', reactivate: 'reactivate-withdrawal' };
const DONE: Record<Decision, string> = { approve: WALLET_MSG.withdrawalApproved, reject: WALLET_MSG.withdrawalRejected, reactivate: WALLET_MSG.withdrawalReactivated };
const FAILED: Record<Decision, string> = {
  approve: 'Failed to approve withdrawal request',
  reject: 'Failed to reject withdrawal request',
  reactivate: 'Failed to reactivate withdrawal request',
};

/** POST /api/admin/{approve,reject,reactivate}-withdrawal/:id with its toasts (doc 2 §8). Answers the fieldErrors of a refusal. */
const useDecide = (w: AdminWithdrawal, decision: Decision) => useMoneyDecision(`/api/admin/${PATH[decision]}/${encodeURIComponent(w.id)}`, { done: DONE[decision], failed: FAILED[decision] });

type ApproveValues = { adminNotes: string; payoutReference: string };

/** Approve (doc 2 §5): the confirm sentence, optional notes ('Approved by admin' by default) and payout reference. Final. */
export function ApproveWithdrawalDialog({ withdrawal, onClose }: { withdrawal: AdminWithdrawal; onClose: () => void }) {
  const decide = useDecide(withdrawal, 'approve');
  const form = useForm<ApproveValues, unknown, z.output<typeof ApproveWithdrawalRequest>>({
    resolver: schemaResolver<ApproveValues, typeof ApproveWithdrawalRequest>(ApproveWithdrawalRequest),
    defaultValues: { adminNotes: '', payoutReference: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const err = (f: keyof ApproveValues) => errors[f]?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    const res = await decide(values);
    if (res.ok) onClose();
    else applyFieldErrors(form.setError, res.fieldErrors, ['adminNotes', 'payoutReference']);
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <DialogContent title="Approve Withdrawal" description="Are you sure you want to approve this withdrawal request?">
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <Summary w={withdrawal} />
          <TextareaField
            id="wd-notes"
            label="Admin notes"
            optional
            error={err('adminNotes')}
            hint="Sent to the member. Left blank it reads “Approved by admin”."
            rows={2}
            maxLength={500}
            placeholder="Approved by admin"
            registration={form.register('adminNotes')}
          />
          <FormField id="wd-ref" label="Payout reference" optional error={err('payoutReference')} hint="The bank UTR or the transaction hash of the payout.">
            <Input maxLength={100} autoComplete="off" {...fieldA11y('wd-ref', err('payoutReference'), true)} {...form.register('payoutReference')} />
          </FormField>
          <Alert tone="warning">An approved withdrawal is final: it cannot be rejected or reconsidered afterwards.</Alert>
          <FormFooter onCancel={onClose} busy={isSubmitting}>
            {isSubmitting ? 'Approving...' : 'Approve'}
          </FormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Reject Withdrawal (doc 2 §2.10, §5): a non-blank reason; the amount goes back to the member's wallet. */
export function RejectWithdrawalDialog({ withdrawal, onClose }: { withdrawal: AdminWithdrawal; onClose: () => void }) {
  return (
    <RejectReasonDialog
      title="Reject Withdrawal"
      description="The member sees this reason. The amount is credited back to their wallet."
      fieldId="wd-reason"
      placeholder="e.g. The bank account name does not match the KYC"
      summary={<Summary w={withdrawal} />}
      decide={useDecide(withdrawal, 'reject')}
      onClose={onClose}
    />
  );
}

/** Reconsider (doc 2 §4): rejected back to pending; the wallet is debited again, refused when it no longer covers it. */
export function ReconsiderWithdrawalDialog({ withdrawal, onClose }: { withdrawal: AdminWithdrawal; onClose: () => void }) {
  return (
    <DecisionDialog
      decide={useDecide(withdrawal, 'reactivate')}
      onClose={onClose}
      title="Reconsider Withdrawal"
      description="Move this request back to Pending? The amount is held from the member's wallet again."
      confirmLabel="Reconsider"
    >
      <div className="space-y-3">
        <Summary w={withdrawal} />
        {withdrawal.reason || withdrawal.rejectionReason ? (
          <p className="text-sm text-slate-600">
            Rejected because: <span className="text-red-700">{withdrawal.reason || withdrawal.rejectionReason}</span>
          </p>
        ) : null}
      </div>
    </DecisionDialog>
  );
}
