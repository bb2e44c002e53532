import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, fieldA11y, type FormFieldProps } from './form-field';
import { Textarea } from './input';

/**
 * A textarea of a react-hook-form form inside its FormField: the label, the error or hint, the accessible names from
 * fieldA11y and the field's registration. The other props go to the textarea.
 */
export function TextareaField({
  id,
  label,
  error,
  hint,
  optional,
  className,
  registration,
  ...textarea
}: Omit<FormFieldProps, 'children'> & { registration: UseFormRegisterReturn } & Omit<ComponentProps<'textarea'>, 'id' | 'className'>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      <Textarea {...textarea} {...fieldA11y(id, error, Boolean(hint))} {...registration} />
    </FormField>
  );
}
