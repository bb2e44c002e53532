import { users } from './schema/users';

/**
 * The owning member's columns, selected beside a row (a purchase, a fund request, a ledger row…) for the admin's
 * lists: the user ID people type, the names and the email (contracts/answer-fields.ts `memberOwnerFields`). Join
 * `users` on the row's owner to use them.
 */
export const ownerColumns = { userDisplayId: users.userId, firstName: users.firstName, lastName: users.lastName, userEmail: users.email };
