import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';

type Person = { firstName: string; lastName: string; email: string };

/** The name and email of a user form (invite, edit member): first and last name side by side, the email under them. */
export function PersonFields<T extends FieldValues & Person, C, O>({ form, idPrefix }: { form: UseFormReturn<T, C, O>; idPrefix: string }) {
  const name = (field: keyof Person) => field as Path<T>;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name={name('firstName')} id={`${idPrefix}-firstName`} label="First Name" autoComplete="off" />
        <TextField form={form} name={name('lastName')} id={`${idPrefix}-lastName`} label="Last Name" autoComplete="off" />
      </div>
      <TextField form={form} name={name('email')} id={`${idPrefix}-email`} label="Email" type="email" autoComplete="off" />
    </>
  );
}
