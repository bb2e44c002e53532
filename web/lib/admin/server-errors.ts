import { useEffect } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** The fieldErrors of a refused read (apiGet throws "400: {json body}"), if any. */
export function serverFieldErrors(err: unknown): Record<string, string[] | undefined> | null {
  if (!(err instanceof Error)) return null;
  const match = /^400: ([\s\S]*)$/.exec(err.message);
  if (!match) return null;
  try {
    const body = JSON.parse(match[1]) as { fieldErrors?: Record<string, string[]> };
    return body.fieldErrors && typeof body.fieldErrors === 'object' ? body.fieldErrors : null;
  } catch {
    return null;
  }
}

/** A filter form whose search the server refused (400) shows the server's messages on its fields. */
export function useServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]) {
  useEffect(() => {
    const fieldErrors = serverFieldErrors(error);
    if (!fieldErrors) return;
    for (const [field, messages] of Object.entries(fieldErrors)) {
      if (fields.includes(field) && messages?.[0]) setError(field as Path<T>, { type: 'server', message: messages[0] });
    }
    // `fields` is a constant list at every call site.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, setError]);
}
