import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AdminUserEditRequest } from '@contracts';
import { Dialog, DialogContent, FormFooter } from '../../../components/ui/dialog';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { fullName } from '../../../lib/format';
import { schemaResolver } from '../../../lib/admin/queries';
import { useEditUser } from './members-api';
import type { AdminUserRow } from '../../../lib/admin/types';
import { EDITABLE_STATUSES, UserStatusField } from './status-field';
import { TextField } from '../../../components/ui/text-field';
import { saveAndClose } from '../../../lib/mutation';

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'mobile',
  'txnPin',
  'packageAmount',
  'cryptoWalletAddress',
  'bankAccountHolderName',
  'bankName',
  'bankAccountNumber',
  'bankIFSC',
  'status',
  'password',
] as const;
type Values = Record<(typeof FIELDS)[number], string>;

function valuesOf(row: AdminUserRow): Values {
  return {
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    email: row.email,
    mobile: row.mobile ?? '',
    txnPin: '',
    packageAmount: row.packageAmount ?? '',
    cryptoWalletAddress: row.cryptoWalletAddress ?? '',
    bankAccountHolderName: row.bankAccountHolderName ?? '',
    bankName: row.bankName ?? '',
    // The number arrives masked; blank keeps it.
    bankAccountNumber: '',
    bankIFSC: row.bankIFSC ?? '',
    status: EDITABLE_STATUSES.includes(row.status) ? row.status : '',
    password: '',
  };
}

/** Edit User Details (doc 2 §5, user-management dialog): PATCH /api/admin/users/:id; blank password and PIN keep the current ones. */
export function EditUserDialog({ row, onClose }: { row: AdminUserRow; onClose: () => void }) {
  const save = useEditUser(row.id);
  const form = useForm<Values, unknown, z.output<typeof AdminUserEditRequest>>({
    resolver: schemaResolver<Values, typeof AdminUserEditRequest>(AdminUserEditRequest),
    defaultValues: valuesOf(row),
  });
  const { errors, isSubmitting } = form.formState;
  const err = (f: keyof Values) => errors[f]?.message;

  const onSubmit = form.handleSubmit(saveAndClose(save, form.setError, FIELDS, onClose));

  return (
    <Dialog open onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <DialogContent className="max-w-2xl" title="Edit User Details" description={`${fullName(row, row.email)} · ${row.userId}`}>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="firstName" id="eu-firstName" label="First Name" autoComplete="off" />
            <TextField form={form} name="lastName" id="eu-lastName" label="Last Name" autoComplete="off" />
            <TextField form={form} name="email" id="eu-email" label="Email" type="email" autoComplete="off" />
            <TextField form={form} name="mobile" id="eu-mobile" label="Mobile" optional inputMode="numeric" autoComplete="off" />
            <TextField form={form} name="packageAmount" id="eu-packageAmount" label="Package Amount (₹)" optional type="number" step="0.01" min="0" inputMode="decimal" />
            <UserStatusField id="eu-status" current={row.status} note="Choose one to save." error={err('status')} registration={form.register('status')} />
          </div>
          <fieldset className="space-y-4 rounded-xl border border-amber-200 bg-amber-50/40 p-4">
            <legend className="px-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Payout details</legend>
            <p className="text-sm text-slate-600">A change here waits for another admin to approve it; the member is then told, and withdrawals to the new details wait 24 hours.</p>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField form={form} name="bankAccountHolderName" id="eu-bankAccountHolderName" label="Account Holder Name" optional autoComplete="off" />
              <TextField form={form} name="bankName" id="eu-bankName" label="Bank Name" optional autoComplete="off" />
              <FormField
                id="eu-bankAccountNumber"
                label="Bank Account Number"
                optional
                error={err('bankAccountNumber')}
                hint={row.bankAccountNumber ? `Current: ${row.bankAccountNumber}. Leave blank to keep it.` : undefined}
              >
                <Input
                  inputMode="numeric"
                  autoComplete="off"
                  {...fieldA11y('eu-bankAccountNumber', err('bankAccountNumber'), Boolean(row.bankAccountNumber))}
                  {...form.register('bankAccountNumber')}
                />
              </FormField>
              <TextField form={form} name="bankIFSC" id="eu-bankIFSC" label="Bank IFSC" optional autoComplete="off" className="uppercase" />
              <FormField id="eu-cryptoWalletAddress" label="Wallet Address" optional error={err('cryptoWalletAddress')} className="sm:col-span-2">
                <Input autoComplete="off" spellCheck={false} className="font-mono" {...fieldA11y('eu-cryptoWalletAddress', err('cryptoWalletAddress'))} {...form.register('cryptoWalletAddress')} />
              </FormField>
            </div>
          </fieldset>
          <fieldset className="space-y-4 rounded-xl border border-slate-200 bg-slate-50/60 p-4">
            <legend className="px-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Credentials</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                id="eu-password"
                label="New Password"
                error={err('password')}
                hint={
                  row.passwordState === 'none'
                    ? 'No password is set. Leave blank to keep it that way.'
                    : 'Leave blank to keep the current password. A new one is temporary: it must be changed at the next sign-in.'
                }
              >
                <PasswordInput autoComplete="new-password" {...fieldA11y('eu-password', err('password'), true)} {...form.register('password')} />
              </FormField>
              <FormField id="eu-txnPin" label="New TXN PIN" error={err('txnPin')} hint={row.txnPinSet ? 'A PIN is set. Leave blank to keep it.' : 'No PIN is set. Leave blank to keep it that way.'}>
                <PasswordInput inputMode="numeric" autoComplete="off" {...fieldA11y('eu-txnPin', err('txnPin'), true)} {...form.register('txnPin')} />
              </FormField>
            </div>
          </fieldset>
          <FormFooter onCancel={onClose} busy={isSubmitting} className="mt-2">
            {isSubmitting ? 'Saving...' : 'Save Changes'}
          </FormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
