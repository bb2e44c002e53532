import { z } from 'zod';
import { id, instant } from './route-contract';

/** Field groups that several answers share, written once (spread them into a `z.strictObject`). */

/** Who a member is in the lists: the record id, the user ID people type, names and email. */
export const memberIdentityFields = {
  id,
  userId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
};

/** A member's account in the admin's lists: who, how to reach them, role, status, KYC, ID status and rank. */
export const memberAccountFields = {
  ...memberIdentityFields,
  mobile: z.string().nullable(),
  role: z.string(),
  status: z.string(),
  kycStatus: z.string(),
  idStatus: z.string(),
  currentRank: z.string(),
};

/** The member a row belongs to, as the admin's lists show it beside the row: record id, user ID, name and email. */
export const memberOwnerFields = {
  userId: id,
  userDisplayId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
};

/** The admin's view of a member's row: the row's own fields, then its owner (above), then what the admin sees besides. */
export const adminViewOf = <Row extends z.ZodRawShape, Extra extends z.ZodRawShape>(row: Row, extra: Extra) => z.strictObject({ ...row, ...memberOwnerFields, ...extra });

/** A postal address, each part optional. */
export const postalAddressFields = {
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
};

/** Where payouts to a bank go. */
export const bankAccountFields = {
  bankName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  bankIFSC: z.string().nullable(),
  bankAccountHolderName: z.string().nullable(),
};

/** The identity document numbers: PAN and Aadhaar. */
export const identityNumberFields = {
  panNumber: z.string().nullable(),
  aadhaarNumber: z.string().nullable(),
};

/**
 * An admin's decision on a member's wallet request (a withdrawal, a fund request): why it was rejected, the
 * transaction approving it made (a withdrawal's payout reference, a fund request's ledger row), when it was decided
 * and when it was asked.
 */
export const walletRequestDecisionFields = {
  rejectionReason: z.string().nullable(),
  transactionId: z.string().nullable(),
  processedAt: instant.nullable(),
  createdAt: instant,
};
