import { cn } from '../../lib/cn';

/** A live count under a text field: how many characters, and how many more the minimum needs. */
export function CharacterCount({ id, length, min, max }: { id: string; length: number; min: number; max?: number }) {
  const short = length < min;
  return (
    <p id={id} aria-live="polite" className={cn('text-xs tabular-nums', short ? 'text-slate-500' : 'text-emerald-700')}>
      {length} {length === 1 ? 'character' : 'characters'}
      {short ? ` · at least ${min} needed (${min - length} more)` : max ? ` of ${max}` : ''}
    </p>
  );
}
