import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { columnNamesIn, columnsIn } from '../../db/column-names';
import { kycStateColumns } from '../../db/schema/index';

/**
 * The KYC state columns of `users` (db/schema/users.ts `kycStateColumns`, ADR 0026), lent through the kyc face:
 * the current-user view, the admin's list and search, the PAN check and the payout inputs select and filter by
 * these, never by `users.kycStatus` and the like.
 */
export const kycState = kycStateColumns.columns;

type KycStateKey = keyof typeof kycState;

/** The KYC state columns by SQL name for a raw query on `users` under `alias` (none: unqualified), e.g. `u.kyc_status`. */
export const kycStateIn = (alias?: string) => columnsIn(kycState, alias);

/** The same as text, for a statement built as a string (the CSV export's COPY): `kycStateNamesIn('u').kycStatus` is `'u.kyc_status'`. */
export const kycStateNamesIn = (alias?: string) => columnNamesIn(kycState, alias);

/** The KYC state columns of an alias of `users` (`alias(users, 'applicant')`), for a Drizzle query that joins users twice. */
export function kycStateOf<T extends Record<KycStateKey, AnyPgColumn>>(table: T): Pick<T, KycStateKey> {
  return Object.fromEntries(Object.keys(kycState).map((k) => [k, table[k as KycStateKey]])) as Pick<T, KycStateKey>;
}
