import type { ChangeEvent, ComponentProps, ReactNode } from 'react';
import type { UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { Building2, IdCard, MapPin, UserRound } from 'lucide-react';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { cn } from '../../lib/cn';
import type { ReferralFormInput, ReferralFormOutput } from './registration-schema';
import { TextareaField } from '../../components/ui/textarea-field';

export type ReferralFormApi = UseFormReturn<ReferralFormInput, unknown, ReferralFormOutput>;
type FieldName = Exclude<keyof ReferralFormInput, 'packageAmount' | 'referralToken'>;

/** A titled block of the form with its icon; `optional` marks the sections the document calls optional. */
export function FormSection({ id, icon, title, description, optional, children }: { id: string; icon: ReactNode; title: string; description: string; optional?: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-slate-100 pt-6 first-of-type:border-t-0 first-of-type:pt-0">
      <div className="mb-4 flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">{icon}</span>
        <div className="min-w-0">
          <h2 id={id} className="flex flex-wrap items-center gap-x-2 text-base font-semibold text-slate-900">
            {title}
            {optional ? <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">Optional</span> : null}
          </h2>
          <p className="text-sm text-slate-500">{description}</p>
        </div>
      </div>
      {children}
    </section>
  );
}

/** Upper-cases the text in place as it is typed, keeping the caret where it was (doc 1 §5). */
function upperCased(reg: UseFormRegisterReturn) {
  return {
    ...reg,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const el = e.target;
      const upper = el.value.toUpperCase();
      if (upper !== el.value) {
        const { selectionStart, selectionEnd } = el;
        el.value = upper;
        el.setSelectionRange(selectionStart, selectionEnd);
      }
      return reg.onChange(e);
    },
  };
}

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'name' | 'form'> {
  form: ReferralFormApi;
  name: FieldName;
  label: string;
  optional?: boolean;
  hint?: string;
  wide?: boolean;
  upper?: boolean;
}

function TextField({ form, name, label, optional, hint, wide, upper, ...input }: TextFieldProps) {
  const error = form.formState.errors[name]?.message;
  const reg = form.register(name);
  return (
    <FormField id={name} label={label} optional={optional} error={error} hint={hint} className={cn(wide && 'sm:col-span-2')}>
      <Input {...input} {...fieldA11y(name, error, Boolean(hint))} {...(upper ? upperCased(reg) : reg)} />
    </FormField>
  );
}

const grid = 'grid gap-4 sm:grid-cols-2';
const icon = 'size-[18px]';

export function PersonalSection({ form }: { form: ReferralFormApi }) {
  const error = form.formState.errors.password?.message;
  return (
    <FormSection id="personal-info" icon={<UserRound aria-hidden="true" className={icon} />} title="Personal Information" description="All fields are mandatory.">
      <div className={grid}>
        <TextField form={form} name="firstName" label="First Name" autoComplete="given-name" placeholder="First name" />
        <TextField form={form} name="lastName" label="Last Name" autoComplete="family-name" placeholder="Last name" />
        <TextField form={form} name="email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
        <TextField form={form} name="mobile" label="Mobile Number" type="tel" inputMode="tel" autoComplete="tel" placeholder="10-digit mobile number" />
        <TextField form={form} name="nominee" label="Nominee Name" autoComplete="off" placeholder="Full name of your nominee" />
        <FormField id="password" label="Password" error={error} hint="At least 8 characters, not a common password.">
          <PasswordInput autoComplete="new-password" {...fieldA11y('password', error, true)} {...form.register('password')} />
        </FormField>
      </div>
    </FormSection>
  );
}

export function AddressSection({ form }: { form: ReferralFormApi }) {
  const error = form.formState.errors.address?.message;
  return (
    <FormSection id="address-details" icon={<MapPin aria-hidden="true" className={icon} />} title="Address Details" description="All fields are mandatory.">
      <div>
        <TextareaField id="address" label="Address" error={error} rows={2} autoComplete="street-address" placeholder="House number, street and area" registration={form.register('address')} />
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <TextField form={form} name="city" label="City" autoComplete="address-level2" placeholder="City" />
        <TextField form={form} name="state" label="State" autoComplete="address-level1" placeholder="State" />
        <TextField form={form} name="pincode" label="Pincode" inputMode="numeric" autoComplete="postal-code" placeholder="6-digit pincode" />
      </div>
    </FormSection>
  );
}

export function KycSection({ form }: { form: ReferralFormApi }) {
  return (
    <FormSection id="kyc-details" icon={<IdCard aria-hidden="true" className={icon} />} title="KYC Details" description="Your PAN and Aadhaar numbers." optional>
      <div className={grid}>
        <TextField form={form} name="panNumber" label="PAN Number" upper autoCapitalize="characters" spellCheck={false} autoComplete="off" placeholder="ABCDE1234F" />
        <TextField form={form} name="aadhaarNumber" label="Aadhaar Number" inputMode="numeric" autoComplete="off" placeholder="12-digit Aadhaar number" />
      </div>
    </FormSection>
  );
}

export function BankSection({ form }: { form: ReferralFormApi }) {
  const upper = { upper: true, autoCapitalize: 'characters', spellCheck: false, autoComplete: 'off' } as const;
  return (
    <FormSection id="bank-details" icon={<Building2 aria-hidden="true" className={icon} />} title="Bank Details" description="Your bank account details." optional>
      <div className={grid}>
        <TextField form={form} name="bankAccountHolderName" label="Account Holder Name" placeholder="As printed on your passbook" {...upper} />
        <TextField form={form} name="bankAccountNumber" label="Bank Account Number" inputMode="numeric" placeholder="Account number" {...upper} />
        <TextField form={form} name="bankIFSC" label="IFSC Code" placeholder="SBIN0001234" {...upper} />
        <TextField form={form} name="bankName" label="Bank Name" placeholder="Bank name" {...upper} />
      </div>
    </FormSection>
  );
}
