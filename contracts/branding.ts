import { z } from 'zod';
import { optionalText, blankToUndefined } from './fields';
import { postalAddressFields } from './answer-fields';

/**
 * The states and union territories of India with their GST state codes (the first two digits of a GSTIN). The
 * invoice charges CGST and SGST when the buyer is in the seller's state, IGST otherwise.
 */
export const GST_STATES = [
  ['01', 'Jammu and Kashmir'],
  ['02', 'Himachal Pradesh'],
  ['03', 'Punjab'],
  ['04', 'Chandigarh'],
  ['05', 'Uttarakhand'],
  ['06', 'Haryana'],
  ['07', 'Delhi'],
  ['08', 'Rajasthan'],
  ['09', 'Uttar Pradesh'],
  ['10', 'Bihar'],
  ['11', 'Sikkim'],
  ['12', 'Arunachal Pradesh'],
  ['13', 'Nagaland'],
  ['14', 'Manipur'],
  ['15', 'Mizoram'],
  ['16', 'Tripura'],
  ['17', 'Meghalaya'],
  ['18', 'Assam'],
  ['19', 'West Bengal'],
  ['20', 'Jharkhand'],
  ['21', 'Odisha'],
  ['22', 'Chhattisgarh'],
  ['23', 'Madhya Pradesh'],
  ['24', 'Gujarat'],
  ['26', 'Dadra and Nagar Haveli and Daman and Diu'],
  ['27', 'Maharashtra'],
  ['29', 'Karnataka'],
  ['30', 'Goa'],
  ['31', 'Lakshadweep'],
  ['32', 'Kerala'],
  ['33', 'Tamil Nadu'],
  ['34', 'Puducherry'],
  ['35', 'Andaman and Nicobar Islands'],
  ['36', 'Telangana'],
  ['37', 'Andhra Pradesh'],
  ['38', 'Ladakh'],
] as const satisfies readonly (readonly [string, string])[];

/** A state's name as the lookups compare it: letters only, lower case. */
export const squashStateName = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
const squash = squashStateName;
// Names people write for the same places.
const STATE_ALIASES = [
  ['Orissa', '21'],
  ['Pondicherry', '34'],
  ['NCT of Delhi', '07'],
  ['New Delhi', '07'],
  ['Jammu & Kashmir', '01'],
  ['Andaman & Nicobar', '35'],
  ['Daman and Diu', '26'],
  ['Dadra and Nagar Haveli', '26'],
] as const;
const BY_NAME = new Map<string, string>([...GST_STATES.map(([code, name]) => [squash(name), code] as const), ...STATE_ALIASES.map(([alias, code]) => [squash(alias), code] as const)]);

/** The GST state code of a state as people write it ('maharashtra', 'Tamil Nadu', 'Orissa'), or undefined. */
export function gstStateCode(state: string | null | undefined): string | undefined {
  return state ? BY_NAME.get(squash(state)) : undefined;
}

/** Every name of a state as `squashStateName` writes it (official name, aliases and the name given), or none when unknown. */
export function namesOfState(state: string | null | undefined): string[] {
  const code = gstStateCode(state);
  if (!code) return [];
  const names = [...BY_NAME].filter(([, c]) => c === code).map(([n]) => n);
  return [...new Set([...names, squash(state!)])];
}
export const gstStateName = (code: string) => GST_STATES.find(([c]) => c === code)?.[1];

/** GSTIN: two-digit state code, PAN, entity number, Z, check character (15 characters). */
export const GSTIN_RE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
/**
 * Corporate Identity Number: listing (L listed, U unlisted), 5-digit industry code, 2-letter state, year of
 * incorporation, 3-letter ownership class, 6-digit registration number (21 characters), e.g. U74999MH2020PTC123456.
 */
export const CIN_RE = /^[LU][0-9]{5}[A-Z]{2}[0-9]{4}[A-Z]{3}[0-9]{6}$/;
/** What the platform calls itself and its colour until an admin sets the company's branding. */
export const DEFAULT_BRAND = { companyName: 'Member Portal', primaryColor: '#4f46e5' } as const;
export const HEX_COLOR_RE = /^#[0-9a-fA-F]{6}$/;
export const BRANDING_LOGO_MAX_BYTES = 512 * 1024;

export const BRANDING_MSG = {
  companyNameRequired: 'Company name is required',
  colorInvalid: 'Enter a colour as #RRGGBB',
  gstinInvalid: 'Enter a valid 15-character GSTIN',
  cinInvalid: 'Enter a valid 21-character CIN (for example U74999MH2020PTC123456)',
  legalNameInvalid: 'Legal name must be 2 to 160 characters',
  gstinState: "The GSTIN's state code does not match the state",
  stateInvalid: 'Choose a state of India',
  pincodeInvalid: 'Pincode must be 6 digits',
  emailInvalid: 'Enter a valid email address',
  phoneInvalid: 'Enter a valid phone number',
  logoSize: 'Logo must be smaller than 512KB',
  logoType: 'Logo must be a PNG or JPEG image',
  saved: 'Company settings saved',
} as const;

/** The admin's company settings form (issue 15, branding). */
export const BrandingInput = z
  .object({
    companyName: z.string({ error: BRANDING_MSG.companyNameRequired }).trim().min(2, { error: BRANDING_MSG.companyNameRequired }).max(120),
    /** The registered legal name, when it differs from the name shown (blank: the company name). */
    legalName: z.preprocess(blankToUndefined, z.string().trim().min(2, { error: BRANDING_MSG.legalNameInvalid }).max(160, { error: BRANDING_MSG.legalNameInvalid }).optional()),
    cin: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toUpperCase()) : v),
      z.string({ error: BRANDING_MSG.cinInvalid }).regex(CIN_RE, { error: BRANDING_MSG.cinInvalid }).optional(),
    ),
    primaryColor: z
      .string()
      .trim()
      .regex(HEX_COLOR_RE, { error: BRANDING_MSG.colorInvalid })
      .transform((v) => v.toLowerCase()),
    supportEmail: z.preprocess(blankToUndefined, z.email({ error: BRANDING_MSG.emailInvalid }).max(254).optional()),
    supportPhone: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^\+?[0-9][0-9 -]{6,18}$/, { error: BRANDING_MSG.phoneInvalid })
        .optional(),
    ),
    gstin: z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toUpperCase()) : v), z.string().regex(GSTIN_RE, { error: BRANDING_MSG.gstinInvalid }).optional()),
    address: z.preprocess(blankToUndefined, optionalText(300)),
    city: z.preprocess(blankToUndefined, optionalText(80)),
    state: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .refine((s) => gstStateCode(s) !== undefined, { error: BRANDING_MSG.stateInvalid })
        .optional(),
    ),
    pincode: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[1-9][0-9]{5}$/, { error: BRANDING_MSG.pincodeInvalid })
        .optional(),
    ),
    /** A new logo as a data URL or base64 (PNG or JPEG, at most 512 KB); absent keeps the current one. */
    logo: z.string().max(800_000).optional(),
    removeLogo: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.gstin && v.state && v.gstin.slice(0, 2) !== gstStateCode(v.state)) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: BRANDING_MSG.gstinState });
    }
  });
export type BrandingInput = z.input<typeof BrandingInput>;

/** What anyone may see: the portal's title, sign-in page and mails. */
export const PublicBranding = z.object({
  companyName: z.string(),
  primaryColor: z.string(),
  supportEmail: z.string().nullable(),
  supportPhone: z.string().nullable(),
  /** Address of the current logo (changes with every new logo), or null. */
  logoUrl: z.string().nullable(),
});
export type PublicBranding = z.infer<typeof PublicBranding>;

/** The admin's view: everything, the seller's tax details included. */
export const BrandingView = PublicBranding.extend({
  legalName: z.string().nullable(),
  cin: z.string().nullable(),
  gstin: z.string().nullable(),
  ...postalAddressFields,
  updatedAt: z.string().nullable(),
});
export type BrandingView = z.infer<typeof BrandingView>;
