import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * zodResolver for a form of plain strings whose contract schema turns them into its own output
 * (blank to undefined, trimming, lower-cased email); the preprocess steps make the input type unknown.
 */
export function schemaResolver<V extends FieldValues, S extends z.ZodType>(schema: S): Resolver<V, unknown, z.output<S>> {
  return zodResolver(schema as never) as unknown as Resolver<V, unknown, z.output<S>>;
}
