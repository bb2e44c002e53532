import type { z } from 'zod';
import { AppError } from './app-error';

/** Parses with a contract schema; a refusal becomes a 400 whose message is the first field message. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
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
