import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, text, integer, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { users } from './users';
import { primaryId, createdAt, ref, ts } from './columns';

/**
 * The Direct Seller Agreement (issue 32; Consumer Protection (Direct Selling) Rules, 2021): the written contract
 * every direct seller accepts. Each published text is a version of its own, never edited: a new text supersedes it.
 * The version in force is the highest whose `effective_from` has come.
 */
export const agreementVersions = pgTable(
  'agreement_versions',
  {
    id: primaryId(),
    version: integer('version').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    /** Plain text, paragraphs separated by blank lines; shown as text, never as markup. */
    body: text('body').notNull(),
    effectiveFrom: ts('effective_from').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('agreement_versions_version_uq').on(t.version), check('agreement_versions_version_check', sql`${t.version} > 0`)],
);

/** Who accepted which version, when and from where (the address and the browser, as the request carried them). */
export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    id: primaryId(),
    userId: ref('user_id', () => users.id, 'cascade'),
    versionId: ref('version_id', () => agreementVersions.id),
    version: integer('version').notNull(),
    acceptedAt: ts('accepted_at').notNull(),
    ipAddress: varchar('ip_address', { length: 64 }),
    userAgent: varchar('user_agent', { length: 500 }),
  },
  (t) => [uniqueIndex('agreement_acceptances_user_version_uq').on(t.userId, t.version), index('agreement_acceptances_version_idx').on(t.versionId)],
);
