import type { FormEvent, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button, type ButtonProps } from '../ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../ui/card';
import { TextareaField } from '../ui/textarea-field';

/** The remarks of a money write: up to 500 characters, kept with the movement. */
export function RemarksField({ id, error, hint, placeholder, registration }: { id: string; error?: string; hint: string; placeholder: string; registration: UseFormRegisterReturn }) {
  return <TextareaField id={id} label="Remarks" error={error} hint={hint} rows={3} maxLength={500} placeholder={placeholder} registration={registration} />;
}

/** The notes beside a money write's form: how it works, what it needs. */
function Notes({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-slate-50/70 p-4 text-sm text-slate-600">
      <p className="mb-2 font-semibold text-slate-800">{title}</p>
      {children}
    </div>
  );
}

/**
 * An admin's money write on a member's wallet (Send Fund, Withdraw Personally): the form in its card, its submit button
 * at the foot; beside it the result of the last write (once there is one) over the notes on how it works.
 */
export function MoneyWrite({
  onSubmit,
  label,
  titleId,
  title,
  description,
  busy,
  busyLabel,
  submitLabel,
  submitIcon,
  submitVariant,
  children,
  resultLabel,
  result,
  notesTitle,
  notes,
}: {
  onSubmit: (e: FormEvent<HTMLFormElement>) => Promise<void>;
  /** The form's name; without it the title names the form (titleId). */
  label?: string;
  titleId?: string;
  title: string;
  description: string;
  busy: boolean;
  busyLabel: string;
  submitLabel: string;
  submitIcon: ButtonProps['icon'];
  submitVariant?: ButtonProps['variant'];
  /** The form's fields. */
  children: ReactNode;
  /** The name of the side column. */
  resultLabel: string;
  result: ReactNode;
  notesTitle: string;
  notes: ReactNode;
}) {
  return (
    <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card>
        <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label={label} aria-labelledby={label ? undefined : titleId}>
          <CardHeader>
            <CardTitle id={titleId}>{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">{children}</CardContent>
          <CardFooter className="justify-end">
            <Button type="submit" variant={submitVariant} loading={busy} icon={busy ? undefined : submitIcon}>
              {busy ? busyLabel : submitLabel}
            </Button>
          </CardFooter>
        </form>
      </Card>

      <aside aria-label={resultLabel} className="space-y-3">
        {result}
        <Notes title={notesTitle}>{notes}</Notes>
      </aside>
    </div>
  );
}
