import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TwoFactorCodeRequest } from '@contracts';
import { Button } from './button';
import { FormField, fieldA11y } from './form-field';
import { Input } from './input';
import type { WriteResult } from '../../lib/api';

export interface CodeFormProps {
  /** Sends the code; the answer's message and field errors are shown under the field. */
  submit: (code: string) => Promise<WriteResult<unknown>>;
  /** Called after a 2xx answer. */
  onDone: (data: unknown) => void;
  submitLabel: string;
  /** Recovery codes are offered where they work (sign-in, step-up); enrolment takes an app code only. */
  allowRecovery?: boolean;
  /** Extra actions beside the submit button (Cancel, Back). */
  secondary?: ReactNode;
  id?: string;
}

/**
 * The second-factor code as a person types it: six digits from the authenticator app (the phone's keypad, the
 * one-time-code autofill), or a recovery code after "Use a recovery code". Validated with the server's schema.
 */
export function CodeForm({ submit, onDone, submitLabel, allowRecovery = true, secondary, id = 'code' }: CodeFormProps) {
  const [recovery, setRecovery] = useState(false);
  const form = useForm({ resolver: zodResolver(TwoFactorCodeRequest), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ code }) => {
    const res = await submit(code);
    if (res.ok) {
      form.reset();
      onDone(res.data);
      return;
    }
    form.setError('code', { message: res.error.fieldErrors?.code?.[0] ?? res.error.message ?? 'That code did not work.' });
    form.setFocus('code');
  });
  const error = errors.code?.message;
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <FormField
        id={id}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        error={error}
        hint={recovery ? 'One of the codes you saved when you set up two-factor sign-in; each works once.' : 'The 6-digit code your authenticator app shows now.'}
      >
        <Input
          key={recovery ? 'recovery' : 'app'}
          autoFocus
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 11 : 6}
          placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
          spellCheck={false}
          className="text-center font-mono text-lg tracking-[0.3em]"
          {...fieldA11y(id, error, true)}
          {...form.register('code')}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
        {allowRecovery ? (
          <button
            type="button"
            className="cursor-pointer text-left text-sm font-medium text-brand-700 hover:underline"
            onClick={() => {
              setRecovery((r) => !r);
              form.reset({ code: '' });
            }}
          >
            {recovery ? 'Use the code from my app' : 'Use a recovery code'}
          </button>
        ) : (
          <span />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {secondary}
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
