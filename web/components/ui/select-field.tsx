import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, fieldA11y, type FormFieldProps } from './form-field';
import { Select } from './input';

/**
 * A select of a react-hook-form form inside its FormField: the label, the error or hint, the accessible names from
 * fieldA11y and the field's registration. The children are its options.
 */
export function SelectField({ registration, children, ...field }: Omit<FormFieldProps, 'children'> & { registration: UseFormRegisterReturn; children: ReactNode }) {
  return (
    <FormField {...field}>
      <Select {...fieldA11y(field.id, field.error, Boolean(field.hint))} {...registration}>
        {children}
      </Select>
    </FormField>
  );
}
