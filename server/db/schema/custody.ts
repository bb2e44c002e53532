import { sql } from 'drizzle-orm';
import { pgTable, varchar, index, check } from 'drizzle-orm/pg-core';
import { users } from './users';
import { ts, primaryId, ref, rupees } from './columns';

/**
 * Chain of custody (issue 29): each time an admin touches a member in a way that could set up money leaving (approved
 * the registration, credited the wallet, changed the email, password or payout details, verified the bank account,
 * opened the account by "Login as user"), a mark. A withdrawal is approved only by an admin without a mark on that
 * member in the last 30 days; the unilateral Send Fund credits of the last 24 hours are summed from the same rows.
 * Owned by the custody module (server/modules/custody); the audit log keeps the full story, this table the facts the
 * rules read, indexed for them.
 */
export const custodyMarks = pgTable(
  'custody_marks',
  {
    id: primaryId(),
    memberId: ref('member_id', () => users.id, 'cascade'),
    adminId: ref('admin_id', () => users.id, 'cascade'),
    kind: varchar('kind', { length: 40 }).notNull(),
    /** Rupees, for credits. */
    amount: rupees('amount'),
    at: ts('at').notNull(),
  },
  (t) => [
    index('custody_marks_member_idx').on(t.memberId, t.at),
    index('custody_marks_admin_idx').on(t.adminId, t.kind, t.at),
    check('custody_marks_amount_check', sql`${t.amount} is null or ${t.amount} > 0`),
  ],
);
