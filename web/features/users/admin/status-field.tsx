import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from '../../../components/ui/select-field';
import { userStatusLabel } from '../../../components/admin/badges';

/** The statuses an admin sets by hand (the others, e.g. rejected, come from a decision). */
export const EDITABLE_STATUSES: readonly string[] = ['active', 'inactive', 'pending'];

/**
 * The Status select of the admin's member and user dialogs. A member in a status an admin cannot set keeps no
 * value here: the select asks for one and says which status they are in now (`note`, e.g. "Choose one to save.").
 */
export function UserStatusField({ id, current, note = '', error, registration }: { id: string; current: string; note?: string; error?: string; registration: UseFormRegisterReturn }) {
  const hint = EDITABLE_STATUSES.includes(current) ? undefined : `Current status: ${userStatusLabel(current)}.${note ? ` ${note}` : ''}`;
  return (
    <SelectField id={id} label="Status" error={error} hint={hint} registration={registration}>
      {hint ? <option value="">Choose a status</option> : null}
      <option value="active">Active</option>
      <option value="inactive">Inactive (Blocked)</option>
      <option value="pending">Pending</option>
    </SelectField>
  );
}
