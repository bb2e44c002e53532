import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, boolean, integer, bigint, jsonb, index, uniqueIndex, primaryKey, check } from 'drizzle-orm/pg-core';
import { users } from './users';
import { sealedJson } from '../sealed-columns';
import { ts, primaryId, createdAt, updatedAt, ref } from './columns';

/** Server-side sessions (docs/spec/decisions.md §2). `sid` is the SHA-256 of the cookie value, never the value itself. */
export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 64 }).primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: ts('expire').notNull(),
    userId: ref('user_id', () => users.id, 'cascade'),
    /** When the second factor was last given in this session (sign-in or step-up); step-up needs it within 5 minutes. */
    verifiedAt: ts('verified_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_idx').on(t.userId)],
);

/**
 * A user's authenticator secret (issue 13), apart from `users` so that no user row carries it. Both secrets are
 * sealed with AES-256-GCM under a key derived from APP_SECRET; `lastStep` is the last time step accepted, so a
 * code works once.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: varchar('secret', { length: 200 }),
  /** The secret of an enrolment started and not yet confirmed with a code. */
  pendingSecret: varchar('pending_secret', { length: 200 }),
  pendingSince: ts('pending_since'),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(-1),
  updatedAt: updatedAt(),
});

/** One-time recovery codes: only their SHA-256 is kept (the codes carry 50 random bits each). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: primaryId(),
    userId: ref('user_id', () => users.id, 'cascade'),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_hash_key').on(t.userId, t.codeHash)],
);

/** A sign-in whose password was right and whose second factor is awaited (5 minutes, 5 tries). */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: ref('user_id', () => users.id, 'cascade'),
    rememberMe: boolean('remember_me').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId), index('login_challenges_expires_idx').on(t.expiresAt)],
);

/** Single-use tokens: only their SHA-256 is kept (docs/spec/decisions.md §2). */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: primaryId(),
    email: varchar('email', { length: 254 }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    type: varchar('type', { length: 30 }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    revokedAt: ts('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => users.id),
    ipAddress: varchar('ip_address', { length: 64 }),
    isConsumed: boolean('is_consumed').notNull().default(false),
    isRevoked: boolean('is_revoked').notNull().default(false),
    scopedData: jsonb('scoped_data'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_key').on(t.tokenHash),
    index('email_tokens_lookup_idx').on(t.email, t.type),
    check('email_tokens_type_check', sql`${t.type} in ('email_verification','password_reset','invitation','impersonation_code')`),
  ],
);

/** Impersonation access tokens (docs/spec/decisions.md §8): bound to the target and the issuing admin. */
export const impersonationTokens = pgTable(
  'impersonation_tokens',
  {
    id: primaryId(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    adminId: ref('admin_id', () => users.id, 'cascade'),
    targetUserId: ref('target_user_id', () => users.id, 'cascade'),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('impersonation_tokens_hash_key').on(t.tokenHash)],
);

/** Fixed-window counters shared by every app process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 200 }).notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

/** Idempotency-Key answers of money-moving POSTs (docs/spec/decisions.md §6). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: varchar('key', { length: 200 }).notNull(),
    userId: ref('user_id', () => users.id, 'cascade'),
    route: varchar('route', { length: 200 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    statusCode: integer('status_code'),
    /** The stored answer, encrypted at rest: it may show payout details (ADR 0011). */
    response: sealedJson<unknown>('idempotency_keys', 'response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
