import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';

/** A quantity of units, as the stock request and the sale take it: a whole number from 1 to 10,000. */
export const wholeUnits = (message: string) => (v: string) => (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 10_000) || message;

/** The Quantity field of the stock request and of the sale, registered with wholeUnits. */
export function QuantityField({ id, error, registration }: { id: string; error: string | undefined; registration: UseFormRegisterReturn }) {
  return (
    <FormField id={id} label="Quantity" error={error}>
      <Input inputMode="numeric" autoComplete="off" {...fieldA11y(id, error)} {...registration} />
    </FormField>
  );
}
