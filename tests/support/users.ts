import type { DbOrTx } from '../../server/db/client';
import * as repo from '../../server/modules/users/users.repo';
import { findPayoutDetails, type PayoutDetails } from '../../server/modules/users/payout-details.repo';

/**
 * A user as the tests read one: the users row with its payout details, which the users module keeps in
 * user_payout_details since ADR 0026 (optional in the type, so a bare users row passes too; always read here).
 */
export type UserRow = repo.UserRow & Partial<PayoutDetails>;

export async function withPayoutDetails(db: DbOrTx, u: repo.UserRow | undefined): Promise<UserRow | undefined> {
  return u && { ...u, ...(await findPayoutDetails(db, u.id)) };
}

export const findUserById = async (db: DbOrTx, id: string) => withPayoutDetails(db, await repo.findUserById(db, id));
export const findUserByEmail = async (db: DbOrTx, email: string) => withPayoutDetails(db, await repo.findUserByEmail(db, email));
