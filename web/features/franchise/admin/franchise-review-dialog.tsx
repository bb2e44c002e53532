import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FranchiseDecision } from '@contracts';
import { Alert } from '../../../components/ui/alert';
import { CloseFooter, Dialog, DialogContent, FormFooter } from '../../../components/ui/dialog';
import { formatBV, formatDateTimeUS, formatINR } from '../../../lib/admin/format';
import { schemaResolver } from '../../../lib/admin/queries';
import { roleLabel } from '../../../components/admin/badges';
import { ChoiceGroup } from '../../../components/admin/choice-group';
import { useDecideFranchiseRequest, type AdminFranchiseRequest } from './franchise-requests-api';
import { FranchiseStatusBadge } from './franchise-badges';
import { TextareaField } from '../../../components/ui/textarea-field';

type Values = { status: 'approved' | 'rejected'; adminNotes: string };

/** The franchise types that carry a role and a portal (doc 3 §3.3, §6). */
const ROLE_OF_TYPE: Record<string, string> = { Mini: 'mini_franchise', Basic: 'basic_franchise' };

function Facts({ request: r }: { request: AdminFranchiseRequest }) {
  const rows: Array<[string, string]> = [
    ['Member', `${r.userName} · ${r.userDisplayId}`],
    ['Email', r.userEmail],
    ['Current role', roleLabel(r.userRole)],
    ['Franchise type', r.franchiseType],
    ['Investment', r.investmentAmount ? formatINR(r.investmentAmount) : '—'],
    ['Submitted', formatDateTimeUS(r.createdAt)],
  ];
  if (r.businessVolume !== null) rows.splice(5, 0, ['Business volume', formatBV(r.businessVolume, { unit: true })]);
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 rounded-xl bg-slate-50 p-4 text-sm min-[480px]:grid-cols-[auto_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="font-medium break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Review a franchise request: the plan, the investment, and approve or reject (reason required to reject). */
export function FranchiseReviewDialog({ request, onClose }: { request: AdminFranchiseRequest; onClose: () => void }) {
  const decide = useDecideFranchiseRequest(request.id);
  const form = useForm<Values, unknown, z.output<typeof FranchiseDecision>>({
    resolver: schemaResolver<Values, typeof FranchiseDecision>(FranchiseDecision),
    defaultValues: { status: 'approved', adminNotes: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const decision = form.watch('status');
  const pending = request.status === 'pending';
  const role = ROLE_OF_TYPE[request.franchiseType];

  const onSubmit = form.handleSubmit(async (values) => {
    const approved = values.status === 'approved';
    const res = await decide.run(values, {
      setError: form.setError,
      fields: ['status', 'adminNotes'],
      successToast: (data) => ({
        title: approved ? 'Franchise request approved' : 'Franchise request rejected',
        description: data?.message || (approved && role ? `${request.userName} is now a ${roleLabel(role)} holder.` : undefined),
      }),
    });
    if (res.ok) onClose();
  });

  return (
    <Dialog open onOpenChange={(next) => !next && !isSubmitting && onClose()}>
      <DialogContent title={pending ? 'Review Franchise Request' : 'Franchise Request'} description={`${request.franchiseType} franchise requested by ${request.userName}`} className="sm:max-w-xl">
        <div className="space-y-4">
          <Facts request={request} />
          <div>
            <h3 className="text-sm font-medium text-slate-700">Business plan</h3>
            <p className="mt-1.5 max-h-48 overflow-y-auto rounded-xl border border-slate-200 p-3 text-sm leading-relaxed whitespace-pre-wrap text-slate-800" tabIndex={0}>
              {request.businessPlan}
            </p>
          </div>

          {pending ? (
            <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
              <ChoiceGroup
                legend="Decision"
                idPrefix="franchise-decision"
                registration={form.register('status')}
                choices={[
                  { value: 'approved', label: 'Approve', description: role ? `Gives the ${roleLabel(role)} role` : 'Records the approval' },
                  { value: 'rejected', label: 'Reject', description: 'A reason is required' },
                ]}
              />
              {decision === 'approved' ? (
                <Alert tone="info">
                  {role
                    ? `Approving makes ${request.userName} a ${roleLabel(role)} holder: their role changes to ${roleLabel(role)} and they can open the franchise portal.`
                    : `Only Mini and Basic franchises have a role in the platform, so ${request.userName}'s role stays as it is.`}
                </Alert>
              ) : null}
              <TextareaField
                id="franchise-notes"
                label={decision === 'rejected' ? 'Reason for rejecting' : 'Notes'}
                optional={decision === 'approved'}
                error={errors.adminNotes?.message}
                hint={decision === 'rejected' ? 'At least 5 characters. The member sees this reason.' : 'Kept with the request.'}
                rows={3}
                maxLength={1000}
                registration={form.register('adminNotes')}
              />
              <FormFooter onCancel={onClose} busy={isSubmitting} variant={decision === 'rejected' ? 'destructive' : 'primary'}>
                {decision === 'rejected' ? 'Reject Request' : 'Approve Request'}
              </FormFooter>
            </form>
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <FranchiseStatusBadge status={request.status} />
                {request.reviewedAt ? <span>on {formatDateTimeUS(request.reviewedAt)}</span> : null}
              </div>
              <div>
                <h3 className="text-sm font-medium text-slate-700">Admin notes</h3>
                <p className="mt-1 text-sm whitespace-pre-wrap text-slate-800">{request.adminNotes || 'No notes were written.'}</p>
              </div>
              <CloseFooter onClose={onClose} />
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
