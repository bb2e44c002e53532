import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, text, boolean, integer, bigint, bigserial, numeric, date, index, uniqueIndex, check, primaryKey, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { postalAddress, ts } from './columns';
import { sealedText } from '../sealed-columns';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: varchar('user_id', { length: 16 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    /** argon2id hash; null until an invited user sets a password. */
    password: text('password'),
    firstName: varchar('first_name', { length: 80 }),
    lastName: varchar('last_name', { length: 80 }),
    profileImageUrl: text('profile_image_url'),
    role: varchar('role', { length: 20 }).notNull().default('user'),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    emailVerified: boolean('email_verified').notNull().default(false),
    lastActiveAt: ts('last_active_at'),
    sponsorId: uuid('sponsor_id').references((): AnyPgColumn => users.id),
    /** The sponsor's public user ID, kept by a trigger (user IDs never change), so exports need no self-join. */
    sponsorUserId: varchar('sponsor_user_id', { length: 16 }),
    parentId: uuid('parent_id').references((): AnyPgColumn => users.id),
    leftChildId: uuid('left_child_id').references((): AnyPgColumn => users.id),
    rightChildId: uuid('right_child_id').references((): AnyPgColumn => users.id),
    position: varchar('position', { length: 5 }),
    level: integer('level').notNull().default(0),
    /**
     * The nearest ancestor whose level is a multiple of TREE_JUMP (64), strictly above (null for the root): "is X below
     * me" climbs by these and then by parents, about level/64 + 64 rows instead of one per level (ADR 0017). Written
     * with the slot at placement and checked by the recount.
     */
    jumpId: uuid('jump_id'),
    /**
     * The top of the run of same-side links this member ends (ADR 0017): a left child's is its parent's when the parent
     * is a left child too, else the parent itself (the same for right). A member's extreme left or right is then the
     * deepest member of one run: one index read (users_run_idx), not a walk down 5,000 levels. Null for the root.
     */
    runTop: uuid('run_top'),
    /** When the member took a tree slot (the root: at install); null while outside the tree. */
    placedAt: ts('placed_at'),
    // The per-leg member and active counts, the depth below and the direct recruits are applied from the volume
    // journal into member_volume (schema/volume.ts); the slot, level and open depth are written here at placement.
    /** Distance to the shallowest free slot of the subtree (0: this member has a free side); guides spillover. */
    openDepth: integer('open_depth').notNull().default(0),
    packageAmount: numeric('package_amount', { precision: 10, scale: 2 }),
    registrationDate: ts('registration_date').notNull().defaultNow(),
    activationDate: ts('activation_date'),
    idStatus: varchar('id_status', { length: 20 }).notNull().default('Inactive'),
    mobile: varchar('mobile', { length: 15 }),
    // Identity numbers are encrypted at rest (db/sealed-columns.ts, ADR 0011); the PAN's keyed hash finds a PAN
    // already registered (users.repo panHolders). Payout details are user_payout_details (below, ADR 0026).
    panNumber: sealedText('users', 'pan_number', { hash: { column: 'pan_hash', purpose: 'pan' } }),
    panHash: varchar('pan_hash', { length: 64 }),
    aadhaarNumber: sealedText('users', 'aadhaar_number'),
    ...postalAddress(),
    dateOfBirth: date('date_of_birth'),
    nominee: varchar('nominee', { length: 120 }),
    currentRank: varchar('current_rank', { length: 30 }).notNull().default('Executive'),
    // Personal BV and the lifetime BV of each leg live in member_volume (schema/volume.ts), which the volume applier rewrites.
    kycStatus: varchar('kyc_status', { length: 20 }).notNull().default('pending'),
    kycSubmittedAt: ts('kyc_submitted_at'),
    kycApprovedAt: ts('kyc_approved_at'),
    /** argon2id hash of the transaction PIN. */
    txnPin: text('txn_pin'),
    firstLogin: boolean('first_login').notNull().default(true),
    /** When two-factor sign-in was switched on (issue 13); required for admins and founders. Secrets: two_factor_secrets. */
    twoFactorEnabledAt: ts('two_factor_enabled_at'),
    passwordChangedAt: ts('password_changed_at'),
    isHiddenId: boolean('is_hidden_id').notNull().default(false),
    kycDeadline: ts('kyc_deadline'),
    kycLocked: boolean('kyc_locked').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_user_id_key').on(t.userId),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_tree_slot_key').on(t.parentId, t.position),
    uniqueIndex('users_left_child_key').on(t.leftChildId),
    uniqueIndex('users_right_child_key').on(t.rightChildId),
    index('users_sponsor_idx').on(t.sponsorId),
    index('users_status_idx').on(t.status, t.createdAt),
    index('users_role_idx').on(t.role),
    // Admin search at a million members: keyset sorts and trigram text search (docs/decisions/0006).
    index('users_user_id_pattern_idx').on(t.userId.op('varchar_pattern_ops')),
    index('users_registration_keyset_idx').on(t.registrationDate, t.id),
    index('users_activation_keyset_idx').on(sql`coalesce(${t.activationDate}, 'epoch'::timestamptz)`, t.id),
    index('users_name_keyset_idx').on(sql`lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, ''))`, t.id),
    // Sorted by package (and the BV filter, which walks it and stops at the page's last member instead of sorting them all).
    index('users_package_keyset_idx').on(sql`coalesce(${t.packageAmount}, -1)`, t.id),
    index('users_name_trgm_idx').using('gin', sql`lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_activation_idx').on(t.activationDate),
    index('users_rank_idx').on(sql`lower(${t.currentRank})`),
    index('users_pan_hash_idx')
      .on(t.panHash)
      .where(sql`${t.panHash} is not null`),
    check('users_role_check', sql`${t.role} in ('admin','user','founder','mini_franchise','basic_franchise')`),
    check('users_status_check', sql`${t.status} in ('invited','registered','active','inactive','pending','rejected','suspended')`),
    check('users_kyc_status_check', sql`${t.kycStatus} in ('pending','approved','rejected')`),
    check('users_position_check', sql`${t.position} is null or ${t.position} in ('left','right')`),
    index('users_open_slot_idx')
      .on(t.level, t.createdAt)
      .where(sql`${t.placedAt} is not null and (${t.leftChildId} is null or ${t.rightChildId} is null)`),
    // The genealogy search's nearest matches first: walked in order and filtered when a name is common (issue 15).
    index('users_placed_level_idx')
      .on(t.level, t.userId)
      .where(sql`${t.placedAt} is not null`),
    index('users_run_idx')
      .on(t.runTop, t.position, t.level)
      .where(sql`${t.runTop} is not null`),
    check('users_open_depth_nonneg', sql`${t.openDepth} >= 0`),
    // Activation follows registration (a day of slack for clocks); lets activation-date searches bound the registration order.
    check('users_activation_after_registration', sql`${t.activationDate} is null or ${t.registrationDate} <= ${t.activationDate} + interval '1 day'`),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * Where a member's withdrawals go (ADR 0026): the users module's payout-details part (modules/users/payout-details*)
 * owns this table; other modules read and change it through the users face. One row per member who gave any payout
 * detail; a member without a row has none. The account number and the crypto wallet are sealed at rest (ADR 0011)
 * and keep the additional data they had as columns of `users`, so values moved by migration 0043 still open.
 */
export const userPayoutDetails = pgTable('user_payout_details', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bankAccountNumber: sealedText('user_payout_details', 'bank_account_number', { aad: 'users.bank_account_number' }),
  bankIFSC: varchar('bank_ifsc', { length: 11 }),
  bankName: varchar('bank_name', { length: 120 }),
  bankAccountHolderName: varchar('bank_account_holder_name', { length: 120 }),
  cryptoWalletAddress: sealedText('user_payout_details', 'crypto_wallet_address', { aad: 'users.crypto_wallet_address' }),
  /**
   * When the payout details (bank account number, IFSC, bank name, holder name, crypto wallet) last changed after
   * registration, by the member or by an approved admin request; withdrawals wait 24 hours after it (issue 13).
   */
  payoutDetailsChangedAt: ts('payout_details_changed_at'),
  /** When the bank account itself (number or IFSC) last changed: a cheque approved before it no longer verifies the account. */
  bankAccountChangedAt: ts('bank_account_changed_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A member's payout details as the users module reads them. */
export type PayoutDetailsRow = typeof userPayoutDetails.$inferSelect;

/**
 * How many users have each combination of admin or not, status, KYC status and free or paid, so the
 * dashboards count a million users without reading them. A trigger on users appends +1/-1 rows to
 * user_tally_changes (insert-only, so concurrent writers never wait on each other); readers add the
 * changes to the folded totals in one statement, and a fold moves changes into user_tallies now and then.
 */
export const userTallies = pgTable(
  'user_tallies',
  {
    isAdmin: boolean('is_admin').notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    kycStatus: varchar('kyc_status', { length: 20 }).notNull(),
    isFree: boolean('is_free').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.isAdmin, t.status, t.kycStatus, t.isFree] })],
);

export const userTallyChanges = pgTable('user_tally_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  isAdmin: boolean('is_admin').notNull(),
  status: varchar('status', { length: 20 }).notNull(),
  kycStatus: varchar('kyc_status', { length: 20 }).notNull(),
  isFree: boolean('is_free').notNull(),
  delta: integer('delta').notNull(),
});

/**
 * A set of columns of `users` owned by one module (ADR 0026): they stay on the row (the tally trigger, the search
 * indexes, the tree engine's lock order), but only the owner's files name them; other modules compose what the
 * owner's face exports. tests/architecture/column-owners.test.ts holds the code to it.
 */
export interface ColumnSet<C extends Record<string, AnyPgColumn>> {
  /** The owning module's folder. */
  owner: string;
  /** The Drizzle columns, by property. */
  columns: C;
  /** The SQL names of the columns. */
  sqlNames: readonly string[];
}
const columnSet = <C extends Record<string, AnyPgColumn>>(owner: string, columns: C): ColumnSet<C> => ({ owner, columns, sqlNames: Object.values(columns).map((c) => c.name) });

/**
 * Tree placement, owned by the tree module (server/modules/tree), which writes it at placement and on moves: the slot
 * (parent, children, position), the level, the jump and run pointers (ADR 0017), when placed and the open depth. The
 * sponsor (`sponsor_id`, `sponsor_user_id`) is not part of it: recruitment and referral write it at registration.
 */
export const treePlacementColumns = columnSet('server/modules/tree', {
  parentId: users.parentId,
  leftChildId: users.leftChildId,
  rightChildId: users.rightChildId,
  position: users.position,
  level: users.level,
  jumpId: users.jumpId,
  runTop: users.runTop,
  placedAt: users.placedAt,
  openDepth: users.openDepth,
});

/**
 * KYC state, owned by the kyc module (server/modules/kyc), which decides it: the identity numbers (sealed, ADR 0011)
 * and the PAN's lookup hash, the status, its dates, the deadline and the lock.
 */
export const kycStateColumns = columnSet('server/modules/kyc', {
  panNumber: users.panNumber,
  panHash: users.panHash,
  aadhaarNumber: users.aadhaarNumber,
  kycStatus: users.kycStatus,
  kycSubmittedAt: users.kycSubmittedAt,
  kycApprovedAt: users.kycApprovedAt,
  kycDeadline: users.kycDeadline,
  kycLocked: users.kycLocked,
});

/** A row of `users`, as the users module reads it. */
export type UserRow = typeof users.$inferSelect;

/** The columns of a request's principal (core/actor.ts `Principal`); never a sealed one. */
export const principalColumns = {
  id: users.id,
  userId: users.userId,
  role: users.role,
  status: users.status,
  firstLogin: users.firstLogin,
  twoFactorEnabledAt: users.twoFactorEnabledAt,
  firstName: users.firstName,
  lastName: users.lastName,
};
