import type { ComponentProps } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField, fieldA11y } from './form-field';
import { Input } from './input';

/**
 * A text input of a react-hook-form form inside its FormField: the label, the field's own error (the schema's or the
 * server's) and the accessible names from fieldA11y. The other props go to the input.
 */
export function TextField<T extends FieldValues, C, O>({
  form,
  name,
  id,
  label,
  optional,
  ...input
}: { form: UseFormReturn<T, C, O>; name: Path<T>; id: string; label: string; optional?: boolean } & Omit<ComponentProps<'input'>, 'id' | 'name' | 'form'>) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <FormField id={id} label={label} optional={optional} error={error}>
      <Input {...input} {...fieldA11y(id, error)} {...form.register(name)} />
    </FormField>
  );
}
