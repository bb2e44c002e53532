import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { RECRUIT_REJECT_MIN, RejectRecruitRequest } from '@contracts';
import { Alert } from '../../../components/ui/alert';
import { Dialog, DialogContent, FormFooter } from '../../../components/ui/dialog';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { schemaResolver } from '../../../lib/admin/queries';
import { useRejectRecruit, type AdminPendingRecruit } from './recruits-api';
import { saveAndClose } from '../../../lib/mutation';

type Values = { reason: string };

/** Reject Recruit (doc 2 §5): a reason of at least 5 characters, sent to the recruiter and the upline. Irreversible. */
export function RejectRecruitDialog({ recruit, onClose }: { recruit: AdminPendingRecruit; onClose: () => void }) {
  const reject = useRejectRecruit(recruit.id);
  const form = useForm<Values, unknown, z.output<typeof RejectRecruitRequest>>({
    resolver: schemaResolver<Values, typeof RejectRecruitRequest>(RejectRecruitRequest),
    defaultValues: { reason: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const length = form.watch('reason').trim().length;
  const tooShort = length < RECRUIT_REJECT_MIN;
  const error = errors.reason?.message;

  const onSubmit = form.handleSubmit(saveAndClose(reject, form.setError, ['reason'], onClose));

  return (
    <Dialog open onOpenChange={(next) => !next && !isSubmitting && onClose()}>
      <DialogContent title="Reject Recruit" description={`Reject the registration of ${recruit.fullName} (${recruit.email})?`}>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <Alert tone="warning">The recruiter and the upline receive this reason. A rejected registration cannot be approved later.</Alert>
          <FormField
            id="reject-reason"
            label="Reason for rejection"
            error={error}
            hint={
              <span className={cn('tabular-nums', !tooShort && 'text-emerald-700')}>
                {tooShort ? `At least ${RECRUIT_REJECT_MIN} characters (${length}/${RECRUIT_REJECT_MIN})` : `${length} characters`}
              </span>
            }
          >
            <Textarea rows={4} maxLength={500} autoFocus placeholder="e.g. The documents do not match the name given" {...fieldA11y('reject-reason', error, true)} {...form.register('reason')} />
          </FormField>
          <FormFooter onCancel={onClose} busy={isSubmitting} variant="destructive" disabled={tooShort}>
            {isSubmitting ? 'Rejecting...' : 'Reject Recruit'}
          </FormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
