import type { z } from 'zod';
import { AppError } from '../core/app-error';
import { MSG } from '../../contracts/messages';

/** Parses with a contract schema; a refusal becomes a 400 whose message is the first field message. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  // PostgreSQL text cannot hold NUL characters: refuse them here rather than fail in the driver.
  const nul = findNul(value);
  if (nul !== undefined) throw new AppError('VALIDATION_ERROR', 400, MSG.validationFailed, { [nul || '_']: ['Contains an invalid character'] });
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (fieldErrors[key] ??= []).push(issue.message);
  }
  const first = result.error.issues[0]?.message ?? 'Invalid input';
  throw new AppError('VALIDATION_ERROR', 400, first, fieldErrors);
}

/** The path of the first string (or key) holding a NUL character, if any. */
function findNul(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : undefined;
  if (!value || typeof value !== 'object' || depth > 20) return undefined;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return [...path, k.replaceAll('\u0000', '')].join('.');
    const found = findNul(v, [...path, k], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
