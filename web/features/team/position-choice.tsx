import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../lib/cn';

/** Left / Right as two radio cards in a fieldset (registered with react-hook-form). */
export function PositionChoice({ legend, error, ...field }: UseFormRegisterReturn & { legend: string; error?: string }) {
  const errorId = `${field.name}-choice-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-1.5">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {(['left', 'right'] as const).map((side) => (
          <label
            key={side}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm font-medium text-slate-700',
              'has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-500/30',
            )}
          >
            <input type="radio" value={side} className="size-4 accent-brand-700" {...field} />
            {side === 'left' ? 'Left' : 'Right'}
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
