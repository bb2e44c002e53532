import type { FieldErrors, FieldValues } from 'react-hook-form';
import { toastError } from '../ui/toast';

/** doc 2 §5: a refused form shows its first problem as a toast titled 'Validation Error' (the fields show theirs too). */
export function toastValidation<T extends FieldValues>(errors: FieldErrors<T>, order: readonly string[]) {
  const first = order.map((f) => errors[f]?.message).find((m): m is string => typeof m === 'string' && m.length > 0);
  toastError(first ?? 'Please check the form.', 'Validation Error');
}
