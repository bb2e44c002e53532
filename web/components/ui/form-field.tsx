import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label, control and its error text. The control should carry fieldA11y(id, error). */
export function FormField({ id, label, error, hint, optional, className, children }: FormFieldProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {optional ? <span className="ml-1 font-normal text-slate-500">(optional)</span> : null}
      </Label>
      {children}
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

/** A field's error, else its hint, under `${id}-error` or `${id}-hint`: the ids fieldA11y describes the control by. */
export function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  if (error) {
    return (
      <p id={`${id}-error`} className="text-sm font-medium text-red-600">
        {error}
      </p>
    );
  }
  return hint ? (
    <p id={`${id}-hint`} className="text-xs text-slate-500">
      {hint}
    </p>
  ) : null;
}

/** id, aria-invalid and aria-describedby for a control inside FormField. */
export function fieldA11y(id: string, error?: string, hasHint = false) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hasHint ? `${id}-hint` : undefined,
  } as const;
}
