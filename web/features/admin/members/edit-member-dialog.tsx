import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MemberEditRequest } from '@contracts';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input, Select } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { apiRequest, errorMessage } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/form-errors';
import { fullName } from '../../../lib/format';
import { schemaResolver, useInvalidateUsers } from '../queries';
import type { AdminUserRow } from '../types';
import { roleLabel, userStatusLabel } from '../ui/badges';

const FIELDS = ['firstName', 'lastName', 'email', 'role', 'status'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** The members dialog (doc 2 §5): names, email, role user | admin, status → PATCH /api/users/:id. */
export function EditMemberDialog({ row, onClose }: { row: AdminUserRow; onClose: () => void }) {
  const invalidate = useInvalidateUsers();
  const roleKnown = row.role === 'user' || row.role === 'admin';
  const statusKnown = ['active', 'inactive', 'pending'].includes(row.status);
  const form = useForm<Values, unknown, z.output<typeof MemberEditRequest>>({
    resolver: schemaResolver<Values, typeof MemberEditRequest>(MemberEditRequest),
    defaultValues: {
      firstName: row.firstName ?? '',
      lastName: row.lastName ?? '',
      email: row.email,
      role: roleKnown ? row.role : '',
      status: statusKnown ? row.status : '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const err = (f: keyof Values) => errors[f]?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await apiRequest<{ message?: string }>('PATCH', `/api/users/${encodeURIComponent(row.id)}`, values);
      if (!res.ok) {
        applyFieldErrors(form.setError, res.error.fieldErrors, FIELDS);
        toast({ title: 'Error', description: res.error.message || 'Failed to update user', variant: 'destructive' });
        return;
      }
      // A role change to admin waits for a second admin (202, issue 13); the rest was saved.
      if (res.status === 202) toast({ title: 'Sent for approval', description: res.data?.message, variant: 'success' });
      else toast({ title: 'Success', description: 'User updated successfully', variant: 'success' });
      await invalidate();
      onClose();
    } catch (e) {
      toast({ title: 'Error', description: errorMessage(e, 'Failed to update user'), variant: 'destructive' });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <DialogContent title="Edit Member" description={`${fullName(row, row.email)} · ${row.userId}`}>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="em-firstName" label="First Name" error={err('firstName')}>
              <Input autoComplete="off" {...fieldA11y('em-firstName', err('firstName'))} {...form.register('firstName')} />
            </FormField>
            <FormField id="em-lastName" label="Last Name" error={err('lastName')}>
              <Input autoComplete="off" {...fieldA11y('em-lastName', err('lastName'))} {...form.register('lastName')} />
            </FormField>
          </div>
          <FormField id="em-email" label="Email" error={err('email')}>
            <Input type="email" autoComplete="off" {...fieldA11y('em-email', err('email'))} {...form.register('email')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="em-role" label="Role" error={err('role')} hint={roleKnown ? 'Making someone an admin waits for another admin\'s approval.' : `Current role: ${roleLabel(row.role)}. It is not changed here.`}>
              <Select {...fieldA11y('em-role', err('role'), true)} {...form.register('role')}>
                {roleKnown ? null : <option value="">Choose a role</option>}
                <option value="user">User</option>
                <option value="admin">Admin</option>
              </Select>
            </FormField>
            <FormField id="em-status" label="Status" error={err('status')} hint={statusKnown ? undefined : `Current status: ${userStatusLabel(row.status)}.`}>
              <Select {...fieldA11y('em-status', err('status'), !statusKnown)} {...form.register('status')}>
                {statusKnown ? null : <option value="">Choose a status</option>}
                <option value="active">Active</option>
                <option value="inactive">Inactive (Blocked)</option>
                <option value="pending">Pending</option>
              </Select>
            </FormField>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
