import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { HiddenIdInput } from '@contracts';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { Dialog, DialogContent, FormFooter } from '../../components/ui/dialog';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { schemaResolver } from '../../lib/schema-resolver';
import { useCreateHiddenId, useRefreshFounderData } from './founder-api';
import { sideOptions } from './side-options';

type Values = { email: string; firstName: string; lastName: string; placementSide: 'left' | 'right' | '' };
const FIELDS = ['email', 'firstName', 'lastName', 'placementSide'] as const;

/** Create Hidden ID (doc 3 §2.6, §5.1): all four fields required; the server enforces the limit of 20. */
export function CreateHiddenIdDialog({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated: () => void }) {
  const refresh = useRefreshFounderData();
  const create = useCreateHiddenId();
  const form = useForm<Values, unknown, z.output<typeof HiddenIdInput>>({
    resolver: schemaResolver<Values, typeof HiddenIdInput>(HiddenIdInput),
    defaultValues: { email: '', firstName: '', lastName: '', placementSide: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const close = (next: boolean) => {
    if (isSubmitting) return;
    if (!next) form.reset();
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (!(await create.run(values, { setError: form.setError, fields: FIELDS })).ok) return;
    form.reset();
    onOpenChange(false);
    onCreated();
    await refresh();
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title="Create Hidden ID" description="An active member placed on the side you choose. They receive an email to set their password.">
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <FormField id="hidden-email" label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="off" autoFocus {...fieldA11y('hidden-email', errors.email?.message)} {...form.register('email')} />
          </FormField>
          <div className="grid gap-4 min-[480px]:grid-cols-2">
            <FormField id="hidden-first" label="First name" error={errors.firstName?.message}>
              <Input autoComplete="off" maxLength={80} {...fieldA11y('hidden-first', errors.firstName?.message)} {...form.register('firstName')} />
            </FormField>
            <FormField id="hidden-last" label="Last name" error={errors.lastName?.message}>
              <Input autoComplete="off" maxLength={80} {...fieldA11y('hidden-last', errors.lastName?.message)} {...form.register('lastName')} />
            </FormField>
          </div>
          <ChoiceCards legend="Placement side" error={errors.placementSide?.message} options={sideOptions('Left leg', 'Right leg')} {...form.register('placementSide')} />
          <p className="text-xs text-slate-500">When the side's first place is taken, the member goes to the next free place in that leg.</p>
          <FormFooter onCancel={() => close(false)} busy={isSubmitting}>
            {isSubmitting ? 'Creating...' : 'Create Hidden ID'}
          </FormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
