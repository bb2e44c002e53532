import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CreateUserRequest } from '@contracts';
import { Alert } from '../../../components/ui/alert';
import { FormFooter } from '../../../components/ui/dialog';
import { schemaResolver } from '../../../lib/admin/queries';
import { useInviteUser } from './members-api';
import { TextField } from '../../../components/ui/text-field';
import { PersonFields } from './person-fields';
import { SelectField } from '../../../components/ui/select-field';

const FIELDS = ['firstName', 'lastName', 'email', 'mobile', 'role'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const EMPTY: Values = { firstName: '', lastName: '', email: '', mobile: '', role: 'user' };

/** Invite by email: POST /api/users creates an invited account and mails the invitation ('Signup email sent'). */
export function InviteUserForm({ onDone, onBusyChange }: { onDone: () => void; onBusyChange?: (busy: boolean) => void }) {
  const invite = useInviteUser();
  const form = useForm<Values, unknown, z.output<typeof CreateUserRequest>>({
    resolver: schemaResolver<Values, typeof CreateUserRequest>(CreateUserRequest),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const err = (f: keyof Values) => errors[f]?.message;
  useEffect(() => onBusyChange?.(isSubmitting), [isSubmitting, onBusyChange]);

  const onSubmit = form.handleSubmit(async (values) => {
    const res = await invite.run(values, { setError: form.setError, fields: FIELDS });
    if (res.ok) onDone();
    else if (res.failure?.error.code === 'DUPLICATE_EMAIL') form.setError('email', { type: 'server', message: res.failure.error.message });
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <PersonFields form={form} idPrefix="cu" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="mobile" id="cu-mobile" label="Mobile" optional inputMode="numeric" autoComplete="off" />
        <SelectField id="cu-role" label="Role" error={err('role')} hint="An admin account waits for another admin's approval before the invitation is sent." registration={form.register('role')}>
          <option value="user">User</option>
          <option value="admin">Admin</option>
        </SelectField>
      </div>
      <Alert tone="info">The new user receives an email to set a password. A member joins the tree only after an administrator approves the completed registration.</Alert>
      <FormFooter onCancel={onDone} busy={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Invitation'}
      </FormFooter>
    </form>
  );
}
