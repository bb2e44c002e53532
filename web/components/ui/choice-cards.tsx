import type { ComponentType, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../lib/cn';

export interface ChoiceOption {
  value: string;
  label: string;
  /** A second line under the label (e.g. the wallet balance beside Wallet). */
  description?: ReactNode;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
}

/** Radio cards in a fieldset, registered with react-hook-form; the legend names the group. */
export function ChoiceCards({ legend, options, error, className, ...field }: UseFormRegisterReturn & { legend: string; options: readonly ChoiceOption[]; error?: string; className?: string }) {
  const errorId = `${field.name}-choice-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} className="space-y-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{legend}</legend>
      <div className={cn('grid grid-cols-2 gap-2', className)}>
        {options.map(({ value, label, description, icon: Icon }) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-start gap-2.5 rounded-lg border bg-white px-3 py-2.5 text-sm font-medium text-slate-700',
              error ? 'border-red-400' : 'border-slate-300',
              'has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-500/30',
            )}
          >
            <input type="radio" value={value} className="mt-0.5 size-4 shrink-0 accent-brand-700" {...field} />
            <span className="min-w-0">
              <span className="flex items-center gap-1.5">
                {Icon ? <Icon aria-hidden="true" className="size-4 shrink-0 opacity-70" /> : null}
                {label}
              </span>
              {description ? <span className="mt-0.5 block text-xs font-normal text-slate-500">{description}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
