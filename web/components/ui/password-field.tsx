import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField, fieldA11y } from './form-field';
import { PasswordInput } from './password-input';

/**
 * A password of a react-hook-form form inside its FormField, as TextField is for text: the label, the field's own
 * error and the accessible names; the id is the field's name. A new password by default (the browser offers to
 * generate one); `autoComplete="current-password"` for the one a person already has.
 */
export function PasswordField<T extends FieldValues, C, O>({
  form,
  name,
  label,
  autoComplete = 'new-password',
}: {
  form: UseFormReturn<T, C, O>;
  name: Path<T>;
  label: string;
  autoComplete?: 'new-password' | 'current-password';
}) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <FormField id={name} label={label} error={error}>
      <PasswordInput autoComplete={autoComplete} {...fieldA11y(name, error)} {...form.register(name)} />
    </FormField>
  );
}
