import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApproveRecruitRequest } from '@contracts';
import { Alert } from '../../../components/ui/alert';
import { Dialog, DialogContent, FormFooter } from '../../../components/ui/dialog';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { formatINR } from '../../../lib/admin/format';
import { schemaResolver } from '../../../lib/admin/queries';
import { ChoiceGroup } from '../../../components/admin/choice-group';
import { RecruitBadges } from './recruit-badges';
import { isAdminGenerated, sideLabel, uplineDecided, useApproveRecruit, type AdminPendingRecruit } from './recruits-api';
import { saveAndClose } from '../../../lib/mutation';
import { TextareaField } from '../../../components/ui/textarea-field';

type Values = { packageAmount: string; position: string; kycDecision: { status: string; reason: string } };

const KYC_CHOICES = [
  { value: 'pending', label: 'Pending', description: 'Review the documents later' },
  { value: 'approved', label: 'Approved', description: 'The documents are in order' },
  { value: 'rejected', label: 'Rejected', description: 'The member must upload again' },
];

function positionHint(recruit: AdminPendingRecruit): string {
  if (uplineDecided(recruit)) return `Prefilled with the upline's choice (${sideLabel(recruit.position)}). You may change it.`;
  if (isAdminGenerated(recruit)) return recruit.position ? `Prefilled with the side the link named (${sideLabel(recruit.position)}).` : 'Required: this recruit came through an admin link.';
  if (recruit.position) return `The recruiter's link suggested ${sideLabel(recruit.position)}.`;
  return 'No side has been chosen yet; Left is the default.';
}

/**
 * Approve Recruit (doc 2 §4-§5): package amount (the registered package proposed, else 0.00), the final side and
 * the KYC decision applied after the account is created (a reason only when rejected).
 */
export function ApproveRecruitDialog({ recruit, onClose }: { recruit: AdminPendingRecruit; onClose: () => void }) {
  const approve = useApproveRecruit(recruit.id);
  // The registered package is proposed (issue 15): 0.00 only describes an empty field, a free account is a choice.
  const registered = Number(recruit.packageAmount ?? 0) > 0 ? recruit.packageAmount : null;
  const form = useForm<Values, unknown, z.output<typeof ApproveRecruitRequest>>({
    resolver: schemaResolver<Values, typeof ApproveRecruitRequest>(ApproveRecruitRequest),
    defaultValues: { packageAmount: registered ?? '0.00', position: recruit.position ?? 'left', kycDecision: { status: 'pending', reason: '' } },
  });
  const { errors, isSubmitting } = form.formState;
  const kycStatus = form.watch('kycDecision.status');
  const amountError = errors.packageAmount?.message;
  const reasonError = errors.kycDecision?.reason?.message;

  const onSubmit = form.handleSubmit(saveAndClose(approve, form.setError, ['packageAmount', 'position', 'kycDecision.reason'], onClose));

  return (
    <Dialog open onOpenChange={(next) => !next && !isSubmitting && onClose()}>
      <DialogContent title="Approve Recruit" description={`Create the account of ${recruit.fullName} and place it in the tree.`} className="sm:max-w-xl">
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-50 px-3.5 py-2.5 ring-1 ring-slate-200">
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900">{recruit.fullName}</p>
              <p className="truncate text-xs text-slate-500">{recruit.email}</p>
            </div>
            <RecruitBadges recruit={recruit} />
          </div>

          {recruit.status === 'awaiting_upline' ? (
            <Alert tone="warning" title="The upline has not decided yet">
              {recruit.uplineName ? `${recruit.uplineName} has` : 'The upline has'} not chosen a side for this recruit. Approving now decides the position for them.
            </Alert>
          ) : null}

          <FormField
            id="approve-amount"
            label="Package Amount"
            error={amountError}
            hint={
              registered ? (
                <>
                  Registered with {formatINR(registered)}. 0.00 makes a free account.{' '}
                  <button
                    type="button"
                    className="cursor-pointer font-medium text-brand-700 underline-offset-2 hover:underline"
                    onClick={() => form.setValue('packageAmount', registered, { shouldValidate: true })}
                  >
                    Use the registered amount
                  </button>
                </>
              ) : (
                'Rupees, up to 2 decimals. 0.00 makes a free account.'
              )
            }
          >
            <div className="relative">
              <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-slate-500">
                ₹
              </span>
              <Input inputMode="decimal" autoComplete="off" className="pl-7 tabular-nums" {...fieldA11y('approve-amount', amountError, true)} {...form.register('packageAmount')} />
            </div>
          </FormField>

          <ChoiceGroup
            idPrefix="approve-position"
            legend={isAdminGenerated(recruit) ? 'Position (required)' : 'Position'}
            choices={[
              { value: 'left', label: 'Left' },
              { value: 'right', label: 'Right' },
            ]}
            registration={form.register('position')}
            error={errors.position?.message}
            hint={positionHint(recruit)}
          />

          <ChoiceGroup
            idPrefix="approve-kyc"
            legend="KYC decision"
            columns={3}
            choices={KYC_CHOICES}
            registration={form.register('kycDecision.status')}
            error={errors.kycDecision?.status?.message}
            hint={
              recruit.documentCount
                ? `Applied to the ${recruit.documentCount} uploaded ${recruit.documentCount === 1 ? 'document' : 'documents'} after the account is created.`
                : 'No documents were uploaded; the decision applies to later uploads.'
            }
          />

          {kycStatus === 'rejected' ? (
            <TextareaField
              id="approve-kyc-reason"
              label="KYC rejection reason"
              error={reasonError}
              hint="The member sees this reason and can upload replacements."
              rows={3}
              maxLength={500}
              registration={form.register('kycDecision.reason')}
            />
          ) : null}

          <FormFooter onCancel={onClose} busy={isSubmitting}>
            {isSubmitting ? 'Approving...' : 'Approve Recruit'}
          </FormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
