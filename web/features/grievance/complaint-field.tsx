import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { GRIEVANCE_DESCRIPTION_MAX } from '@contracts';
import { TextareaField } from '../../components/ui/textarea-field';

/** "Your complaint": the description both complaint forms (the public one and the member's) ask for, with its error. */
export function ComplaintField<T extends FieldValues & { description: string }, C, O>({ form, id, hint, rows }: { form: UseFormReturn<T, C, O>; id: string; hint: string; rows: number }) {
  const name = 'description' as Path<T>;
  const error = form.getFieldState(name, form.formState).error?.message;
  return <TextareaField id={id} label="Your complaint" error={error} hint={hint} rows={rows} maxLength={GRIEVANCE_DESCRIPTION_MAX} registration={form.register(name)} />;
}
