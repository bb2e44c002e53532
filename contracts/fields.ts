import { z } from 'zod';
import { MSG } from './messages';
import { PASSWORD_MIN_LENGTH } from './constants';
import { isCommonPassword } from './passwords';

/** Building blocks reused by the request schemas. */

/** An empty or blank string as `undefined`, so that an optional field left blank in a form counts as not given. */
export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const emailField = (message: string = MSG.emailInvalid) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: message }).max(254, { error: message }));

/** A new password: at least 8 characters and not a common one; the server adds 12 for admins and founders. */
export const passwordField = (message: string = MSG.passwordMin) =>
  z
    .string({ error: message })
    .min(PASSWORD_MIN_LENGTH, { error: message })
    .max(200, { error: 'Password is too long' })
    .refine((p) => !isCommonPassword(p), { error: MSG.passwordCommon });

export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `At most ${max} characters` });

export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .optional();

export const upperOptional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .transform((v) => v.toUpperCase())
    .optional();

/** An optional code (a sponsor code, a document number) in capitals; an empty one counts as not given. */
export const optionalCode = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined));

export const tokenField = (message: string = MSG.tokenRequired) => z.string({ error: message }).trim().min(1, { error: message }).max(200, { error: message });
