import { eq, inArray, sql } from 'drizzle-orm';
import { CREDENTIAL_COLUMNS, noteControlled } from '../../core/control-trace';
import type { DbOrTx } from '../../db/client';
import { userPayoutDetails, type PayoutDetailsRow } from '../../db/schema/index';

/**
 * The payout-details part's own table (ADR 0026): one row per member who gave any payout detail. Other modules read
 * and change it through the users face (payout-details.ts), never by SQL of their own.
 */
export type PayoutDetails = Omit<PayoutDetailsRow, 'userId' | 'updatedAt'>;
export type PayoutDetailsValues = Partial<PayoutDetails>;

/** A member with no row has no payout details. */
export const NO_PAYOUT_DETAILS: PayoutDetails = {
  bankAccountNumber: null,
  bankIFSC: null,
  bankName: null,
  bankAccountHolderName: null,
  cryptoWalletAddress: null,
  payoutDetailsChangedAt: null,
  bankAccountChangedAt: null,
};

const columns = {
  bankAccountNumber: userPayoutDetails.bankAccountNumber,
  bankIFSC: userPayoutDetails.bankIFSC,
  bankName: userPayoutDetails.bankName,
  bankAccountHolderName: userPayoutDetails.bankAccountHolderName,
  cryptoWalletAddress: userPayoutDetails.cryptoWalletAddress,
  payoutDetailsChangedAt: userPayoutDetails.payoutDetailsChangedAt,
  bankAccountChangedAt: userPayoutDetails.bankAccountChangedAt,
};

/** The columns of the details, for a users-module query that left-joins the table on its own rows. */
export const payoutDetailsColumns = columns;

export async function findPayoutDetails(db: DbOrTx, userId: string): Promise<PayoutDetails> {
  const [row] = await db.select(columns).from(userPayoutDetails).where(eq(userPayoutDetails.userId, userId)).limit(1);
  return row ?? { ...NO_PAYOUT_DETAILS };
}

/** The payout details of several members (those without a row are left out). */
export async function payoutDetailsOfMany(db: DbOrTx, userIds: string[]): Promise<Map<string, PayoutDetails>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: userPayoutDetails.userId, ...columns })
    .from(userPayoutDetails)
    .where(inArray(userPayoutDetails.userId, userIds));
  return new Map(rows.map(({ userId, ...details }) => [userId, details]));
}

/** Writes the given fields (undefined ones stay as they are), creating the member's row when there is none. */
export async function savePayoutDetails(db: DbOrTx, userId: string, values: PayoutDetailsValues): Promise<PayoutDetails> {
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as PayoutDetailsValues;
  if (CREDENTIAL_COLUMNS.some((c) => c in set)) noteControlled('credentials');
  const [row] = await db
    .insert(userPayoutDetails)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: userPayoutDetails.userId, set: { ...set, updatedAt: sql`now()` } })
    .returning(columns);
  return row;
}
