import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../lib/cn';
import { FieldMessage } from '../ui/form-field';

export interface Choice {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}

/**
 * Radio buttons drawn as cards, in a fieldset with its legend: the accessible form of a
 * segmented control. The checked style is pure CSS, so it follows react-hook-form's own state.
 */
export function ChoiceGroup({
  legend,
  choices,
  registration,
  error,
  hint,
  columns = 2,
  disabled,
  idPrefix,
  className,
}: {
  legend: ReactNode;
  choices: Choice[];
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  columns?: 2 | 3;
  disabled?: boolean;
  idPrefix: string;
  className?: string;
}) {
  const describedBy = error ? `${idPrefix}-error` : hint ? `${idPrefix}-hint` : undefined;
  return (
    <fieldset className={cn('min-w-0 space-y-1.5', className)} disabled={disabled} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{legend}</legend>
      <div className={cn('grid gap-2', columns === 3 ? 'grid-cols-1 min-[480px]:grid-cols-3' : 'grid-cols-2')}>
        {choices.map((c) => {
          const id = `${idPrefix}-${c.value}`;
          return (
            <label
              key={c.value}
              htmlFor={id}
              className={cn(
                'group relative flex cursor-pointer items-start gap-2.5 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm transition-colors',
                'hover:border-slate-400 has-checked:border-brand-600 has-checked:bg-brand-50/70 has-checked:ring-1 has-checked:ring-brand-600',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500',
                'has-disabled:cursor-not-allowed has-disabled:border-slate-200 has-disabled:bg-slate-50 has-disabled:text-slate-500 has-disabled:hover:border-slate-200',
                error && 'border-red-400',
              )}
            >
              <input id={id} type="radio" value={c.value} disabled={c.disabled} className="mt-0.5 size-4 shrink-0 accent-brand-700" {...registration} />
              <span className="min-w-0">
                <span className="block font-medium text-slate-900 group-has-disabled:text-slate-500">{c.label}</span>
                {c.description ? <span className="mt-0.5 block text-xs text-slate-600">{c.description}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
      <FieldMessage id={idPrefix} error={error} hint={hint} />
    </fieldset>
  );
}
