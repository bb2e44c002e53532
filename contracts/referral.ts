import { agreementVersionField } from './agreements';
import { z } from 'zod';
import { MSG } from './messages';
import { REFERRAL_PACKAGE_AMOUNT } from './constants';
import { passwordField, upperOptional } from './fields';

const req = (message: string, min = 1, max = 200) => z.string({ error: message }).trim().min(min, { error: message }).max(max, { error: message });
const optionalUrl = z.string().max(15_000_000).optional().default('');

/** Referral registration (doc 1 §3, §5; doc 3 §5.2). */
export const ReferralRegistrationRequest = z.object({
  firstName: req(MSG.firstNameRequired, 1, 80),
  lastName: req(MSG.lastNameRequired, 1, 80),
  email: z
    .string({ error: MSG.validEmailRequired })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: MSG.validEmailRequired }).max(254, { error: MSG.validEmailRequired })),
  mobile: req(MSG.mobileRequired, 10, 15),
  nominee: req(MSG.nomineeRequired, 1, 120),
  password: passwordField(),
  address: req(MSG.addressRequired, 10, 300),
  city: req(MSG.cityRequired, 1, 80),
  state: req(MSG.stateRequired, 1, 80),
  pincode: req(MSG.pincodeRequired, 6, 10),
  panNumber: upperOptional(10),
  aadhaarNumber: z.string().trim().max(14).optional(),
  bankAccountNumber: upperOptional(20),
  bankIFSC: upperOptional(11),
  bankName: upperOptional(120),
  bankAccountHolderName: upperOptional(120),
  packageAmount: z.coerce.number({ error: MSG.packageAmountInvalid }).gt(0, { error: MSG.packageAmountInvalid }).max(10_000_000, { error: MSG.packageAmountInvalid }).default(REFERRAL_PACKAGE_AMOUNT),
  referralToken: req(MSG.referralTokenRequired, 1, 200),
  panCardUrl: optionalUrl,
  aadhaarFrontUrl: optionalUrl,
  aadhaarBackUrl: optionalUrl,
  bankCancelledChequeUrl: optionalUrl,
  photoUrl: optionalUrl,
  /** The Direct Seller Agreement version the form showed and the recruit accepted (issue 32). */
  agreementVersion: agreementVersionField(),
});
export type ReferralRegistrationRequest = z.input<typeof ReferralRegistrationRequest>;

export const ReferralValidateQuery = z.object({ token: z.string({ error: MSG.referralTokenRequired }).trim().min(1, { error: MSG.referralTokenRequired }).max(200) });
/** A live link names who generated it, the side it places on and (a recruit link) the email it is for. */
export const ReferralValidateResponse = z.union([
  z.strictObject({ valid: z.literal(true), generatedBy: z.string(), placementSide: z.enum(['left', 'right']).nullable(), email: z.string().nullable() }),
  z.strictObject({ valid: z.literal(false), message: z.string() }),
]);
export type ReferralValidateResponse = z.infer<typeof ReferralValidateResponse>;
