import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Puts the server's fieldErrors onto the form's own fields. Answers true when at least one
 * field received a message (the caller may then skip a generic toast).
 */
export function applyFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, fieldErrors: Record<string, string[] | undefined> | undefined, fields: readonly string[]): boolean {
  if (!fieldErrors) return false;
  let applied = false;
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if (!messages?.length || !fields.includes(field)) continue;
    setError(field as Path<T>, { type: 'server', message: messages[0] });
    applied = true;
  }
  return applied;
}
