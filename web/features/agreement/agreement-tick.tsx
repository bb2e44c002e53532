import type { ReactNode } from 'react';
import { agreementCheckboxLabel } from '@contracts';

/** What the tick box itself carries: its id, its invalid state and the error it is described by, and its place. */
export interface TickA11y {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

/**
 * The "I accept" tick box of an agreement version with its label and its error (under `${id}-error`), on a joining
 * form and on the page that asks for a new version. `box` draws the checkbox the place uses with the props given.
 */
export function AgreementTick({ id, version, error, className, box }: { id: string; version: number; error: string | null | undefined; className?: string; box: (a11y: TickA11y) => ReactNode }) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        {box({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined, className: 'mt-0.5' })}
        <label htmlFor={id} className="cursor-pointer text-sm font-medium text-slate-900">
          {agreementCheckboxLabel(version)}
        </label>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
