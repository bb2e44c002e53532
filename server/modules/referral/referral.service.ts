import type { ReferralValidateResponse } from '../../../contracts/referral';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict } from '../../core/app-error';
import { MSG } from '../../../contracts/messages';
import { REFERRAL_LINK_TTL_MS, REFERRAL_DOC_MAX_BYTES } from '../../../contracts/constants';
import type { KycDocumentType } from '../../../contracts/kyc';
import type { ReferralRegistrationRequest } from '../../../contracts/referral';
import type { z } from 'zod';
import { newToken, sha256 } from '../../lib/crypto';
import { hashPassword } from '../../lib/password';
import { findUserByEmail, insertUser, lockPan, panHolders, type UserRow } from '../users';
import { generateUserId, savePayoutDetails } from '../users';
import { isUniqueViolation } from '../auth';
import { enterPipeline } from '../recruitment';
import { addDocument, refreshUserKycStatus } from '../kyc';
import { decodeDocument, type SniffedType } from '../kyc';
import { safeDocument } from '../kyc';
import { acceptAtJoin, assertJoinAcceptance } from '../agreements';
import type { Origin } from '../../core/actor';
import { insertReferralLink, findLinkWithGenerator, markLinkUsed, type ReferralLinkRow } from './referral.repo';

/** The five document fields: data URLs of a JSON body, or the bytes of a form's files (referral.routes.ts). */
export const REGISTRATION_DOCUMENT_FIELDS = ['panCardUrl', 'aadhaarFrontUrl', 'aadhaarBackUrl', 'bankCancelledChequeUrl', 'photoUrl'] as const;
type DocumentField = (typeof REGISTRATION_DOCUMENT_FIELDS)[number];
export type Registration = Omit<z.output<typeof ReferralRegistrationRequest>, DocumentField> & Record<DocumentField, string | Buffer>;

/** A 48-hour, single-use link; bound to the recruit's email when one is given (docs/spec/decisions.md §3). */
export async function createReferralLink(
  ctx: AppContext,
  db: DbOrTx,
  generator: Pick<UserRow, 'id' | 'role'>,
  opts: { placementType?: 'sponsor' | 'strategic' | 'auto' | 'root'; placementSide?: 'left' | 'right' | null; parentId?: string | null; recruiteeEmail?: string; recruiteeName?: string },
) {
  const token = newToken();
  const link = await insertReferralLink(db, {
    tokenHash: sha256(token),
    generatedBy: generator.id,
    generatedByRole: generator.role,
    placementType: opts.placementType ?? 'sponsor',
    placementSide: opts.placementSide ?? null,
    parentId: opts.parentId ?? null,
    recruiteeEmail: opts.recruiteeEmail?.toLowerCase() ?? null,
    recruiteeName: opts.recruiteeName ?? null,
    expiresAt: new Date(ctx.clock.now().getTime() + REFERRAL_LINK_TTL_MS),
  });
  return { link, token, url: `${ctx.config.appUrl}/referral-register?ref=${token}` };
}

function usable(ctx: AppContext, found: { link: ReferralLinkRow; generator: UserRow } | undefined) {
  return Boolean(found && !found.link.isUsed && found.link.expiresAt.getTime() > ctx.clock.now().getTime() && found.generator.status === 'active');
}

export async function validateLink(ctx: AppContext, token: string): Promise<ReferralValidateResponse> {
  const found = await findLinkWithGenerator(ctx.db, sha256(token));
  if (!found || !usable(ctx, found)) return { valid: false, message: MSG.referralInvalid };
  return {
    valid: true,
    generatedBy: found.generator.userId,
    placementSide: (found.link.placementSide as 'left' | 'right' | null) ?? null,
    email: found.link.recruiteeEmail,
  };
}

export const documentSizeMessage = (label: string) => `${label} file size must be less than 10MB`;

export const DOCUMENT_FIELDS: [DocumentField, KycDocumentType, string][] = [
  ['panCardUrl', 'pan', 'PAN Card'],
  ['aadhaarFrontUrl', 'aadhaar_front', 'Aadhaar Front'],
  ['aadhaarBackUrl', 'aadhaar_back', 'Aadhaar Back'],
  ['bankCancelledChequeUrl', 'bank_cancelled_cheque', 'Bank/Cancelled Cheque'],
  ['photoUrl', 'photo', 'Profile Photo'],
];

async function decodeRegistrationDocuments(input: Registration) {
  const docs: { type: KycDocumentType; bytes: Buffer; contentType: SniffedType }[] = [];
  for (const [field, type, label] of DOCUMENT_FIELDS) {
    const value = input[field];
    if (value === '' || value.length === 0) continue;
    const decoded = decodeDocument(value, field);
    const { bytes, contentType } = await safeDocument(decoded, { maxBytes: REFERRAL_DOC_MAX_BYTES, isPhoto: type === 'photo', field, sizeMessage: documentSizeMessage(label) });
    docs.push({ type, bytes, contentType });
  }
  return docs;
}

/**
 * One account per PAN: a PAN held by another account (any but a rejected applicant's) is refused. The PAN is
 * encrypted at rest, so the lookup goes through its keyed hash; the advisory lock keeps two registrations of the
 * same PAN at once from both passing.
 */
async function refuseTakenPan(tx: DbOrTx, pan: string) {
  await lockPan(tx, pan);
  const holders = await panHolders(tx, pan);
  if (holders.some((u) => u.status !== 'rejected')) throw new AppError('DUPLICATE_PAN', 409, MSG.duplicatePan, { panNumber: [MSG.duplicatePan] });
}

/** Referral registration: a pending user, its documents and its pipeline row, in one transaction. */
export async function completeRegistration(ctx: AppContext, input: Registration, origin: Origin) {
  // The Direct Seller Agreement in force must be accepted with the form (issue 32): refused before any work.
  await assertJoinAcceptance(ctx, input.agreementVersion);
  const docs = await decodeRegistrationDocuments(input);
  const hash = await hashPassword(input.password);
  // What the recruit gave about themselves: on their user row, and in the pipeline row the upline and admins review.
  const details = {
    nominee: input.nominee,
    address: input.address,
    city: input.city,
    state: input.state,
    pincode: input.pincode,
    panNumber: input.panNumber || null,
    aadhaarNumber: input.aadhaarNumber || null,
    bankAccountNumber: input.bankAccountNumber || null,
    bankIFSC: input.bankIFSC || null,
    bankName: input.bankName || null,
    bankAccountHolderName: input.bankAccountHolderName || null,
  };
  const { bankAccountNumber, bankIFSC, bankName, bankAccountHolderName, ...profile } = details;
  const payout = { bankAccountNumber, bankIFSC, bankName, bankAccountHolderName };
  await ctx.db
    .transaction(async (tx) => {
      const found = await findLinkWithGenerator(tx, sha256(input.referralToken), true);
      if (!found || !usable(ctx, found)) throw badRequest(MSG.referralInvalid, { referralToken: [MSG.referralInvalid] }, 'INVALID_TOKEN');
      const { link, generator } = found;
      if (link.recruiteeEmail && link.recruiteeEmail !== input.email) {
        throw badRequest(MSG.referralEmailMismatch, { email: [MSG.referralEmailMismatch] }, 'INVALID_TOKEN');
      }
      if (await findUserByEmail(tx, input.email)) throw conflict(MSG.duplicateEmail, 'DUPLICATE_EMAIL');
      if (input.panNumber) await refuseTakenPan(tx, input.panNumber);
      const byReviewer = generator.role === 'admin' || generator.role === 'founder';
      const user = await insertUser(tx, {
        userId: await generateUserId(ctx, tx),
        email: input.email,
        password: hash,
        firstName: input.firstName,
        lastName: input.lastName,
        mobile: input.mobile,
        ...profile,
        role: 'user',
        status: 'pending',
        emailVerified: true,
        firstLogin: false,
        sponsorId: generator.role === 'admin' ? null : generator.id,
        registrationDate: ctx.clock.now(),
      });
      await acceptAtJoin(ctx, tx, user.id, input.agreementVersion, origin);
      // Payout details (the users module's own table, ADR 0026) given at registration start the same 24-hour hold
      // as a change (issue 29).
      if (Object.values(payout).some(Boolean)) {
        const stamp = input.bankAccountNumber || input.bankIFSC || input.bankName ? { payoutDetailsChangedAt: ctx.clock.now(), bankAccountChangedAt: ctx.clock.now() } : {};
        await savePayoutDetails(tx, user.id, { ...payout, ...stamp });
      }
      for (const d of docs) await addDocument(tx, user.id, d.type, d.bytes, d.contentType);
      if (docs.length) await refreshUserKycStatus(ctx, tx, user.id);
      const recruit = await enterPipeline(tx, user, {
        recruiterId: generator.id,
        uplineId: byReviewer ? null : generator.id,
        placementType: byReviewer ? (link.placementType as 'strategic' | 'auto' | 'root') : 'sponsor',
        placementParentId: link.parentId,
        position: (link.placementSide as 'left' | 'right' | null) ?? null,
        packageAmount: input.packageAmount.toFixed(2),
        referralLinkId: link.id,
        extra: details,
      });
      await markLinkUsed(tx, link.id, { usedBy: user.id, usedAt: ctx.clock.now(), pendingRecruitId: recruit.id });
    })
    .catch((err) => {
      if (isUniqueViolation(err)) throw conflict(MSG.duplicateEmail, 'DUPLICATE_EMAIL');
      throw err;
    });
  return { message: MSG.referralSubmitted };
}
