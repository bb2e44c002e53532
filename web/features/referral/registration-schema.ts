import type { z } from 'zod';
import { ReferralRegistrationRequest } from '@contracts';

/**
 * The form's part of the shared ReferralRegistrationRequest schema: everything but the five
 * document urls, which the pickers fill (doc 1 §3). The document has no confirm password.
 */
export const ReferralForm = ReferralRegistrationRequest.omit({
  panCardUrl: true,
  aadhaarFrontUrl: true,
  aadhaarBackUrl: true,
  bankCancelledChequeUrl: true,
  photoUrl: true,
});

export type ReferralFormInput = z.input<typeof ReferralForm>;
export type ReferralFormOutput = z.output<typeof ReferralForm>;

/** Field names the server's fieldErrors may name and the form can show. */
export const FORM_FIELDS = Object.keys(ReferralForm.shape).filter((k) => k !== 'referralToken' && k !== 'packageAmount');
