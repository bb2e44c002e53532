import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './schema/users';

/**
 * The owning member's columns, selected beside a row (a purchase, a fund request, a ledger row…) for the admin's
 * lists: the user ID people type, the names and the email (contracts/answer-fields.ts `memberOwnerFields`). Join
 * `users` on the row's owner to use them.
 */
export const ownerColumns = { userDisplayId: users.userId, firstName: users.firstName, lastName: users.lastName, userEmail: users.email };

/** A user's (or an alias's) full name as SQL: first and last name, null when both are blank. */
export const fullNameOf = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) => sql<string | null>`nullif(trim(coalesce(${u.firstName}, '') || ' ' || coalesce(${u.lastName}, '')), '')`;
