import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MemberEditRequest } from '@contracts';
import { Dialog, DialogContent, FormFooter } from '../../../components/ui/dialog';
import { fullName } from '../../../lib/format';
import { schemaResolver } from '../../../lib/admin/queries';
import { useEditMember } from './members-api';
import type { AdminUserRow } from '../../../lib/admin/types';
import { roleLabel } from '../../../components/admin/badges';
import { EDITABLE_STATUSES, UserStatusField } from './status-field';
import { PersonFields } from './person-fields';
import { saveAndClose } from '../../../lib/mutation';
import { SelectField } from '../../../components/ui/select-field';

const FIELDS = ['firstName', 'lastName', 'email', 'role', 'status'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** The members dialog (doc 2 §5): names, email, role user | admin, status → PATCH /api/users/:id. */
export function EditMemberDialog({ row, onClose }: { row: AdminUserRow; onClose: () => void }) {
  const save = useEditMember(row.id);
  const roleKnown = row.role === 'user' || row.role === 'admin';
  const statusKnown = EDITABLE_STATUSES.includes(row.status);
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

  const onSubmit = form.handleSubmit(saveAndClose(save, form.setError, FIELDS, onClose));

  return (
    <Dialog open onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <DialogContent title="Edit Member" description={`${fullName(row, row.email)} · ${row.userId}`}>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <PersonFields form={form} idPrefix="em" />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              id="em-role"
              label="Role"
              error={err('role')}
              hint={roleKnown ? "Making someone an admin waits for another admin's approval." : `Current role: ${roleLabel(row.role)}. It is not changed here.`}
              registration={form.register('role')}
            >
              {roleKnown ? null : <option value="">Choose a role</option>}
              <option value="user">User</option>
              <option value="admin">Admin</option>
            </SelectField>
            <UserStatusField id="em-status" current={row.status} error={err('status')} registration={form.register('status')} />
          </div>
          <FormFooter onCancel={onClose} busy={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save Changes'}
          </FormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
