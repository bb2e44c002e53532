import { z } from 'zod';
import { instant } from './route-contract';

/**
 * The Direct Seller Agreement (issue 32; Consumer Protection (Direct Selling) Rules, 2021): the written contract every
 * direct seller accepts when joining, and again when a newer version is in force.
 */
export const AGREEMENT_MSG = {
  acceptRequired: 'Please read and accept the Direct Seller Agreement to continue.',
  outdated: 'The Direct Seller Agreement has been updated. Please read and accept the current version.',
  required: 'A new version of the Direct Seller Agreement is in force. Please read and accept it to continue.',
  accepted: 'Thank you. Your acceptance of the Direct Seller Agreement is recorded.',
  published: 'The new version of the Direct Seller Agreement is published and in force.',
  noneAccepted: 'You have not accepted a Direct Seller Agreement yet.',
  noneInForce: 'No Direct Seller Agreement has been published yet.',
  titleRequired: 'Enter a title',
  bodyRequired: 'Enter the agreement text (at least 200 characters)',
  tooManyReads: 'Too many requests. Please try again in a minute.',
} as const;

/** The checkbox's words on every joining form and the update screen. */
export const agreementCheckboxLabel = (version: number) => `I have read and accept the Direct Seller Agreement (version ${version})`;

/** Roles that are direct sellers and so must hold the agreement in force (admins and founders are not asked). */
export const AGREEMENT_ROLES = ['user', 'mini_franchise', 'basic_franchise'] as const;
export const needsAgreement = (role: string) => (AGREEMENT_ROLES as readonly string[]).includes(role);

/**
 * The version a joining form accepted: the checkbox sets it to the version shown. A JSON number, or the same digits
 * as a form field (the referral registration may come as multipart/form-data).
 */
export const agreementVersionField = () =>
  z.unknown().transform((v, ctx) => {
    const n = v === '' || v === null || v === undefined || v === false ? undefined : Number(v);
    if (n === undefined || !Number.isInteger(n) || n <= 0) {
      // `continue`: the form's other rules (passwords that match) are still checked beside this one.
      ctx.issues.push({ code: 'custom', message: AGREEMENT_MSG.acceptRequired, input: v, continue: true });
      return z.NEVER;
    }
    return n;
  });

export const AGREEMENT_TITLE_MAX = 200;
export const AGREEMENT_BODY_MIN = 200;
export const AGREEMENT_BODY_MAX = 60_000;

/** One version's text as a reader sees it. */
export const AgreementText = z.strictObject({
  version: z.number().int().positive(),
  title: z.string(),
  /** Plain text; paragraphs are separated by blank lines. Shown as text, never as markup. */
  body: z.string(),
  effectiveFrom: instant,
});
export type AgreementText = z.infer<typeof AgreementText>;

/** GET /api/agreement/current: the version in force, for the joining forms (null before any is published). */
export const CurrentAgreement = z.strictObject({ agreement: AgreementText.nullable() });
export type CurrentAgreement = z.infer<typeof CurrentAgreement>;

export const AcceptanceView = z.strictObject({ version: z.number().int().positive(), title: z.string(), acceptedAt: instant, ipAddress: z.string().nullable() });
export type AcceptanceView = z.infer<typeof AcceptanceView>;

/** GET /api/agreement: the version in force, the member's latest acceptance and whether they must accept now. */
export const MyAgreement = z.strictObject({ current: AgreementText.nullable(), accepted: AcceptanceView.nullable(), required: z.boolean() });
export type MyAgreement = z.infer<typeof MyAgreement>;

export const AcceptAgreementRequest = z.object({ version: agreementVersionField() });
export type AcceptAgreementRequest = z.input<typeof AcceptAgreementRequest>;

export const PublishAgreementRequest = z.object({
  title: z
    .string({ error: AGREEMENT_MSG.titleRequired })
    .trim()
    .min(1, { error: AGREEMENT_MSG.titleRequired })
    .max(AGREEMENT_TITLE_MAX, { error: `At most ${AGREEMENT_TITLE_MAX} characters` }),
  body: z
    .string({ error: AGREEMENT_MSG.bodyRequired })
    .transform((v) => v.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(AGREEMENT_BODY_MIN, { error: AGREEMENT_MSG.bodyRequired })
        .max(AGREEMENT_BODY_MAX, { error: `At most ${AGREEMENT_BODY_MAX} characters` }),
    ),
});
export type PublishAgreementRequest = z.input<typeof PublishAgreementRequest>;

export const AgreementVersionView = z.strictObject({
  id: z.string(),
  version: z.number().int().positive(),
  title: z.string(),
  body: z.string(),
  effectiveFrom: instant,
  createdAt: instant,
  createdBy: z.string().nullable(),
  inForce: z.boolean(),
  acceptances: z.number().int().nonnegative(),
});
export type AgreementVersionView = z.infer<typeof AgreementVersionView>;

export const AdminAgreements = z.strictObject({ versions: z.array(AgreementVersionView), inForce: z.number().int().positive().nullable() });
export type AdminAgreements = z.infer<typeof AdminAgreements>;

export const MemberAcceptances = z.strictObject({ acceptances: z.array(AcceptanceView.extend({ userAgent: z.string().nullable() })) });
export type MemberAcceptances = z.infer<typeof MemberAcceptances>;
