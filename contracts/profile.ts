import { z } from 'zod';
import { MSG } from './messages';
import { requiredText } from './fields';

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalPattern = (re: RegExp, message: string, upper = false) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .transform((v) => (upper ? v.toUpperCase() : v))
      .pipe(z.string().regex(re, { error: message }))
      .nullable()
      .optional(),
  );
const optionalFree = (max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(max, { error: `At most ${max} characters` })
      .nullable()
      .optional(),
  );

export const MOBILE_RE = /^[6-9]\d{9}$/;
export const PINCODE_RE = /^\d{6}$/;
export const PAN_RE = /^[A-Z]{5}\d{4}[A-Z]$/;
export const AADHAAR_RE = /^\d{12}$/;
export const IFSC_RE = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** Profile update (doc 1 §7, doc 3 §5.2). Email is never part of it. */
export const ProfileUpdateRequest = z
  .object({
    firstName: requiredText(MSG.firstNameRequired, 80),
    lastName: requiredText(MSG.lastNameRequired, 80),
    mobile: optionalPattern(MOBILE_RE, MSG.mobilePattern),
    address: optionalFree(300),
    city: optionalFree(80),
    state: optionalFree(80),
    pincode: optionalPattern(PINCODE_RE, MSG.pincodePattern),
    bankName: optionalFree(120),
    // The masked value shown on screen (•••1234) means "unchanged".
    bankAccountNumber: z.preprocess((v) => (typeof v === 'string' && v.includes('•') ? undefined : v), optionalPattern(/^\d{6,20}$/, 'Bank account number must be 6 to 20 digits')),
    bankIFSC: optionalPattern(IFSC_RE, MSG.ifscPattern, true),
    bankAccountHolderName: optionalFree(120),
    cryptoWalletAddress: optionalFree(120),
    email: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.email !== undefined) ctx.addIssue({ code: 'custom', path: ['email'], message: MSG.emailNotEditable });
  })
  .transform(({ email: _email, ...rest }) => rest);
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateRequest>;
