import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

// The keys live in keys.ts, which the first load of /admin imports without the form library below.
export * from './keys';

/**
 * zodResolver for a form whose fields are plain strings while the contract's schema turns them
 * into its own output (blank to undefined, trimming, lower-cased email).
 */
export function schemaResolver<V extends FieldValues, S extends z.ZodType>(schema: S): Resolver<V, unknown, z.output<S>> {
  return zodResolver(schema as never) as unknown as Resolver<V, unknown, z.output<S>>;
}
