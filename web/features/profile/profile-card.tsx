import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { maskTail, payoutHoldMessage, ProfileUpdateRequest, type CurrentUser } from '@contracts';
import { Alert } from '../../components/ui/alert';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useUpdateProfile } from './api';

const FIELDS = ['firstName', 'lastName', 'mobile', 'address', 'city', 'state', 'pincode', 'bankAccountHolderName', 'bankName', 'bankAccountNumber', 'bankIFSC', 'cryptoWalletAddress'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const LABELS: Record<Field, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  mobile: 'Mobile',
  address: 'Address',
  city: 'City',
  state: 'State',
  pincode: 'Pincode',
  bankAccountHolderName: 'Account Holder Name',
  bankName: 'Bank Name',
  bankAccountNumber: 'Bank Account Number',
  bankIFSC: 'Bank IFSC',
  cryptoWalletAddress: 'USDT Wallet Address',
};

const SECTIONS: Array<{ title: string; fields: Field[] }> = [
  { title: 'Personal', fields: ['firstName', 'lastName', 'mobile'] },
  { title: 'Address', fields: ['address', 'city', 'state', 'pincode'] },
  { title: 'Payout details', fields: ['bankAccountHolderName', 'bankName', 'bankAccountNumber', 'bankIFSC', 'cryptoWalletAddress'] },
];

/** A change of these starts the 24-hour hold on withdrawals (issue 13). */
const PAYOUT_NOTE =
  'Withdrawals go only to these details. After any change they wait 24 hours, and you are told by notification and email; a new bank account also needs its cancelled cheque approved in KYC.';

/** The server sends the bank account number masked; it is never put back into the form. */
const isMasked = (v: string | null) => Boolean(v && /[^0-9]/.test(v));

function valuesOf(user: CurrentUser): Values {
  const values = Object.fromEntries(FIELDS.map((f) => [f, user[f] ?? ''])) as Values;
  if (isMasked(user.bankAccountNumber)) values.bankAccountNumber = '';
  return values;
}

function shown(user: CurrentUser, field: Field): string {
  const value = user[field];
  if (!value) return '—';
  return field === 'bankAccountNumber' && !isMasked(value) ? (maskTail(value) ?? '—') : value;
}

/** The running 24-hour hold after a change of payout details, in words; null when none runs. */
function holdOf(user: CurrentUser): string | null {
  if (!user.payoutHoldUntil || new Date(user.payoutHoldUntil).getTime() <= Date.now()) return null;
  return payoutHoldMessage(formatDateTime(user.payoutDetailsChangedAt), formatDateTime(user.payoutHoldUntil));
}

/** Profile view and edit (doc 1 §2): email shown but never editable; payout details hold withdrawals 24 hours after a change. */
export function ProfileCard({ user }: { user: CurrentUser }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateProfile();
  const form = useForm<Values>({
    // The schema's input is looser than the form's strings (blank becomes null on the way out).
    resolver: zodResolver(ProfileUpdateRequest) as never,
    defaultValues: valuesOf(user),
  });
  const { errors, isSubmitting } = form.formState;

  function startEditing() {
    form.reset(valuesOf(user));
    setEditing(true);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    // A blank account number keeps the stored one (the form never sees it unmasked).
    const body: Record<string, unknown> = { ...values };
    if (!form.getValues('bankAccountNumber') && user.bankAccountNumber) delete body.bankAccountNumber;
    const res = await update.run(body, {
      setError: form.setError,
      fields: FIELDS,
      successToast: (saved) => ({
        title: 'Profile Updated',
        description: (saved.payoutDetailsChangedAt !== user.payoutDetailsChangedAt ? holdOf(saved) : null) ?? 'Your profile has been updated successfully.',
      }),
    });
    if (res.ok) setEditing(false);
  });

  return (
    <Card>
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <div className="space-y-1">
            <CardTitle>Profile</CardTitle>
            <CardDescription>{editing ? 'Update your personal, address and bank details.' : 'Your personal, address and bank details.'}</CardDescription>
          </div>
          {editing ? null : (
            <Button size="sm" variant="outline" onClick={startEditing}>
              <Pencil aria-hidden="true" className="size-3.5" /> Edit Profile
            </Button>
          )}
        </div>
      </CardHeader>

      {editing ? (
        <form noValidate onSubmit={(e) => void onSubmit(e)}>
          <CardContent className="space-y-6">
            <FormField id="profile-email" label="Email" hint="Email cannot be changed">
              <Input id="profile-email" type="email" value={user.email} disabled aria-describedby="profile-email-hint" />
            </FormField>
            {SECTIONS.map((section) => (
              <fieldset key={section.title} className="space-y-4">
                <legend className="mb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{section.title}</legend>
                {section.fields.includes('cryptoWalletAddress') ? <p className="text-sm text-slate-600">{PAYOUT_NOTE}</p> : null}
                <div className="grid gap-4 sm:grid-cols-2">
                  {section.fields.map((f) => (
                    <FormField
                      key={f}
                      id={f}
                      label={LABELS[f]}
                      error={errors[f]?.message}
                      hint={f === 'bankAccountNumber' && user.bankAccountNumber ? `Current: ${user.bankAccountNumber}. Leave blank to keep it.` : undefined}
                      className={f === 'address' || f === 'cryptoWalletAddress' ? 'sm:col-span-2' : undefined}
                    >
                      <Input
                        autoComplete={f === 'firstName' ? 'given-name' : f === 'lastName' ? 'family-name' : f === 'mobile' ? 'tel' : f === 'pincode' ? 'postal-code' : undefined}
                        inputMode={f === 'mobile' || f === 'pincode' || f === 'bankAccountNumber' ? 'numeric' : undefined}
                        {...fieldA11y(f, errors[f]?.message, f === 'bankAccountNumber' && Boolean(user.bankAccountNumber))}
                        {...form.register(f, f === 'bankIFSC' ? { setValueAs: (v: string) => v.toUpperCase() } : undefined)}
                      />
                    </FormField>
                  ))}
                </div>
              </fieldset>
            ))}
          </CardContent>
          <CardFooter className="justify-end">
            <Button variant="outline" onClick={() => setEditing(false)} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save Changes'}
            </Button>
          </CardFooter>
        </form>
      ) : (
        <CardContent className="space-y-5">
          {holdOf(user) ? (
            <Alert tone="warning" role="status" title="24-hour security hold on withdrawals">
              {holdOf(user)}
            </Alert>
          ) : null}
          <dl className="grid grid-cols-2 gap-x-6 gap-y-4">
            <div className="col-span-2">
              <dt className="text-xs font-medium text-slate-500">Email</dt>
              <dd className="mt-0.5 text-sm font-medium break-all text-slate-900">{user.email}</dd>
            </div>
            {FIELDS.map((f) => (
              <div key={f} className={f === 'address' || f === 'cryptoWalletAddress' ? 'col-span-2' : undefined}>
                <dt className="text-xs font-medium text-slate-500">{LABELS[f]}</dt>
                <dd className="mt-0.5 text-sm font-medium break-words text-slate-900">{shown(user, f)}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      )}
    </Card>
  );
}
