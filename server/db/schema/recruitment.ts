import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, text, boolean, integer, numeric, date, jsonb, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { users } from './users';
import { sealedText, sealedJson } from '../sealed-columns';
import { ts, primaryId, createdAt, ref, timestamps, postalAddress, actedBy } from './columns';

export const referralLinks = pgTable(
  'referral_links',
  {
    id: primaryId(),
    /** SHA-256 of the link token; the token itself only travels in the URL. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    generatedBy: ref('generated_by', () => users.id),
    generatedByRole: varchar('generated_by_role', { length: 20 }).notNull(),
    placementType: varchar('placement_type', { length: 20 }).notNull().default('sponsor'),
    placementSide: varchar('placement_side', { length: 5 }),
    parentId: uuid('parent_id').references(() => users.id),
    recruiteeEmail: varchar('recruitee_email', { length: 254 }),
    recruiteeName: varchar('recruitee_name', { length: 160 }),
    pendingRecruitId: uuid('pending_recruit_id'),
    isUsed: boolean('is_used').notNull().default(false),
    ...actedBy('used', () => users.id),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_links_token_key').on(t.tokenHash),
    index('referral_links_generated_by_idx').on(t.generatedBy),
    check('referral_links_side_check', sql`${t.placementSide} is null or ${t.placementSide} in ('left','right')`),
    check('referral_links_type_check', sql`${t.placementType} in ('sponsor','strategic','auto','root')`),
  ],
);

export const recruitmentRequests = pgTable('recruitment_requests', {
  id: primaryId(),
  referralLinkId: uuid('referral_link_id').references(() => referralLinks.id),
  recruiteeEmail: varchar('recruitee_email', { length: 254 }).notNull(),
  recruiteeName: varchar('recruitee_name', { length: 160 }),
  recruiteeId: uuid('recruitee_id').references(() => users.id),
  status: varchar('status', { length: 20 }).notNull().default('pending'),
  ...actedBy('approved', () => users.id),
  placementLocked: boolean('placement_locked').notNull().default(false),
  notes: text('notes'),
  createdAt: createdAt(),
});

/** Every member enters the tree through one of these (docs/spec/decisions.md §3). */
export const pendingRecruits = pgTable(
  'pending_recruits',
  {
    id: primaryId(),
    applicantUserId: uuid('applicant_user_id').references(() => users.id, { onDelete: 'cascade' }),
    referralLinkId: uuid('referral_link_id').references(() => referralLinks.id),
    email: varchar('email', { length: 254 }).notNull(),
    fullName: varchar('full_name', { length: 160 }).notNull(),
    mobile: varchar('mobile', { length: 15 }),
    recruiterId: uuid('recruiter_id').references(() => users.id),
    uplineId: uuid('upline_id').references(() => users.id),
    placementType: varchar('placement_type', { length: 20 }).notNull().default('sponsor'),
    placementParentId: uuid('placement_parent_id').references(() => users.id),
    packageAmount: numeric('package_amount', { precision: 10, scale: 2 }),
    position: varchar('position', { length: 5 }),
    uplineDecision: varchar('upline_decision', { length: 20 }).notNull().default('pending'),
    uplineDecisionAt: ts('upline_decision_at'),
    status: varchar('status', { length: 20 }).notNull().default('awaiting_upline'),
    rejectionReason: text('rejection_reason'),
    ...actedBy('rejected', () => users.id),
    version: integer('version').notNull().default(1),
    placementLocked: boolean('placement_locked').notNull().default(false),
    lockExpiresAt: ts('lock_expires_at'),
    riskScore: integer('risk_score'),
    kycStatus: varchar('kyc_status', { length: 20 }).notNull().default('pending'),
    dateOfBirth: date('date_of_birth'),
    nominee: varchar('nominee', { length: 120 }),
    ...postalAddress(),
    // Encrypted at rest (db/sealed-columns.ts, ADR 0011).
    panNumber: sealedText('pending_recruits', 'pan_number'),
    aadhaarNumber: sealedText('pending_recruits', 'aadhaar_number'),
    bankAccountNumber: sealedText('pending_recruits', 'bank_account_number'),
    bankIFSC: varchar('bank_ifsc', { length: 11 }),
    bankName: varchar('bank_name', { length: 120 }),
    bankAccountHolderName: varchar('bank_account_holder_name', { length: 120 }),
    panCardUrl: text('pan_card_url'),
    aadhaarFrontUrl: text('aadhaar_front_url'),
    aadhaarBackUrl: text('aadhaar_back_url'),
    bankCancelledChequeUrl: text('bank_cancelled_cheque_url'),
    profileImageUrl: text('profile_image_url'),
    ...timestamps(),
  },
  (t) => [
    index('pending_recruits_status_idx').on(t.status, t.createdAt),
    index('pending_recruits_upline_idx').on(t.uplineId, t.status),
    index('pending_recruits_recruiter_idx').on(t.recruiterId, t.status),
    uniqueIndex('pending_recruits_applicant_key').on(t.applicantUserId),
    check('pending_recruits_status_check', sql`${t.status} in ('awaiting_upline','awaiting_admin','approved','rejected')`),
    check('pending_recruits_position_check', sql`${t.position} is null or ${t.position} in ('left','right')`),
  ],
);

/**
 * Approval requests: the recruit reviews of the original schema, and the maker-checker requests of issue 13 (`kind`
 * 'send_fund': a Send Fund above the threshold waits here, with its form in `payload`, for a second admin).
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: primaryId(),
    kind: varchar('kind', { length: 30 }).notNull().default('recruit'),
    /** The request itself, sealed (a payout-details request carries the new account number; ADR 0011). */
    payload: sealedJson<unknown>('approval_requests', 'payload'),
    targetUserId: uuid('target_user_id').references(() => users.id),
    applicantId: uuid('applicant_id').references(() => users.id),
    pendingRecruitId: uuid('pending_recruit_id').references(() => pendingRecruits.id),
    sponsorId: uuid('sponsor_id').references(() => users.id),
    planId: varchar('plan_id', { length: 30 }).notNull().default('binary'),
    placementScope: varchar('placement_scope', { length: 30 }),
    formSnapshot: jsonb('form_snapshot'),
    kycStatus: varchar('kyc_status', { length: 20 }),
    riskScore: integer('risk_score'),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    requestedBy: uuid('requested_by').references(() => users.id),
    ...actedBy('reviewed', () => users.id),
    rejectionReason: text('rejection_reason'),
    approvalNotes: text('approval_notes'),
    createdAt: createdAt(),
  },
  (t) => [index('approval_requests_kind_status_idx').on(t.kind, t.status, t.createdAt)],
);
