import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, fieldA11y } from '../ui/form-field';
import { Input } from '../ui/input';
import { cn } from '../../lib/cn';
import { termOf } from '../ui/term';
import { CardContent } from '../ui/card';

/** The member's public User ID (doc 2 §5: required). */
export function UserIdField({ id, error, registration, hint }: { id: string; error?: string; registration: UseFormRegisterReturn; hint?: ReactNode }) {
  return (
    <FormField id={id} label="User ID" error={error} hint={hint ?? 'The member’s User ID, as on the All Members list.'}>
      <Input autoComplete="off" spellCheck={false} placeholder="e.g. MB1234567" className="font-mono uppercase placeholder:normal-case" {...fieldA11y(id, error, true)} {...registration} />
    </FormField>
  );
}

/** An amount in the given currency: step 0.01, minimum 0 (doc 2 §9), the symbol inside the box. */
export function AmountField({ id, error, registration, symbol, hint }: { id: string; error?: string; registration: UseFormRegisterReturn; symbol: '₹' | '$'; hint?: ReactNode }) {
  return (
    <FormField id={id} label="Amount" error={error} hint={hint}>
      <div className="relative">
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-0 flex w-9 items-center justify-center text-sm font-semibold text-slate-500">
          {symbol}
        </span>
        <Input type="number" inputMode="decimal" step="0.01" min="0" placeholder="0.00" className={cn('pl-8 tabular-nums')} {...fieldA11y(id, error, Boolean(hint))} {...registration} />
      </div>
    </FormField>
  );
}

/** One line of a result panel. */
export const ResultRow = termOf({ row: 'flex items-baseline justify-between gap-3 py-1.5 text-sm', term: 'text-slate-500', value: 'min-w-0 text-right font-medium break-words text-slate-900' });

/** What a money write just did, in its result card: the member's user ID, then the rows of the write. */
export function ResultRows({ userId, children }: { userId: string; children: ReactNode }) {
  return (
    <CardContent className="pt-2">
      <dl className="divide-y divide-slate-100">
        <ResultRow term="User ID">
          <span className="font-mono">{userId}</span>
        </ResultRow>
        {children}
      </dl>
    </CardContent>
  );
}
