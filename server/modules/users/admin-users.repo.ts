import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { escapeLike } from '../../db/like';
import { userPayoutDetails, users, walletBalances, withdrawalRequests, transactions, purchases, memberVolume } from '../../db/schema/index';
import { kycState } from '../kyc';
import { placement } from '../tree';

export interface UserFilter {
  query?: string;
  searchType: 'name' | 'id' | 'bv' | 'rank';
  status?: string;
  role?: string;
  kycStatus?: string;
  dateFilterType: 'registration' | 'activation';
  /** Inclusive bounds already turned into instants in the admin's time zone. */
  from?: Date;
  to?: Date;
  freeOnly?: boolean;
  paidOnly?: boolean;
  activatedFrom?: Date;
  activatedTo?: Date;
}

export type SortKey = 'registrationDate' | 'activationDate' | 'userId' | 'name' | 'packageAmount';

const sponsor = alias(users, 'sponsor');
const nameExpr = sql<string>`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;

/** Sort expressions are total (never null) so keyset pagination needs no null handling. */
const SORT_EXPR: Record<SortKey, SQL> = {
  registrationDate: sql`${users.registrationDate}`,
  activationDate: sql`coalesce(${users.activationDate}, 'epoch'::timestamptz)`,
  userId: sql`${users.userId}`,
  name: nameExpr,
  packageAmount: sql`coalesce(${users.packageAmount}, -1)`,
};

/** A complete bank account (number, IFSC and bank name) in the user_payout_details row `t` (an alias or the table). */
const bankCompleteOf = (t: SQL) => sql`(coalesce(${t}.bank_account_number, '') <> '' and coalesce(${t}.bank_ifsc, '') <> '' and coalesce(${t}.bank_name, '') <> '')`;

export function whereOf(f: UserFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.query) {
    const q = f.query.trim();
    if (f.searchType === 'id') parts.push(sql`${users.userId} like ${`${escapeLike(q.toUpperCase())}%`}`);
    else if (f.searchType === 'bv') parts.push(sql`${users.id} in (select ${memberVolume.memberId} from ${memberVolume} where ${memberVolume.totalBV} >= ${q}::numeric)`);
    else if (f.searchType === 'rank') parts.push(sql`lower(${users.currentRank}) = ${q.toLowerCase()}`);
    else {
      // Names never hold '@': such a query is looked up in the email alone.
      const pattern = `%${escapeLike(q.toLowerCase())}%`;
      parts.push(q.includes('@') ? ilike(users.email, pattern) : or(sql`${nameExpr} like ${pattern}`, ilike(users.email, pattern)));
    }
  }
  if (f.status) parts.push(eq(users.status, f.status));
  if (f.role) parts.push(eq(users.role, f.role));
  if (f.kycStatus) parts.push(eq(kycState.kycStatus, f.kycStatus));
  const dateCol = f.dateFilterType === 'activation' ? users.activationDate : users.registrationDate;
  if (f.from) parts.push(gte(dateCol, f.from));
  if (f.to) parts.push(lte(dateCol, f.to));
  // Registration precedes activation (users_activation_after_registration), so an activation upper bound
  // also bounds the registration date: the registration-order index can then start at that date.
  if (f.dateFilterType === 'activation' && f.to) parts.push(lte(users.registrationDate, new Date(f.to.getTime() + 86_400_000)));
  if (f.freeOnly) parts.push(sql`coalesce(${users.packageAmount}, 0) = 0`, sql`${users.role} <> 'admin'`);
  if (f.paidOnly) {
    parts.push(
      eq(kycState.kycStatus, 'approved'),
      eq(users.status, 'active'),
      sql`${users.packageAmount} > 0`,
      sql`exists (select 1 from ${userPayoutDetails} p where p.user_id = ${users.id} and ${bankCompleteOf(sql`p`)})`,
    );
  }
  if (f.activatedFrom) parts.push(gte(users.activationDate, f.activatedFrom));
  if (f.activatedTo) parts.push(lte(users.activationDate, f.activatedTo), lte(users.registrationDate, new Date(f.activatedTo.getTime() + 86_400_000)));
  const present = parts.filter(Boolean) as SQL[];
  return present.length ? and(...present) : undefined;
}

/** Only what the table shows: secrets are reduced to whether they are set, in the database. */
const USER_COLUMNS = {
  id: users.id,
  userId: users.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  mobile: users.mobile,
  role: users.role,
  status: users.status,
  kycStatus: kycState.kycStatus,
  idStatus: users.idStatus,
  currentRank: users.currentRank,
  totalBV: sql<string>`(select ${memberVolume.totalBV}::text from ${memberVolume} where ${memberVolume.memberId} = ${users.id})`,
  packageAmount: users.packageAmount,
  cryptoWalletAddress: userPayoutDetails.cryptoWalletAddress,
  firstLogin: users.firstLogin,
  bankName: userPayoutDetails.bankName,
  bankAccountNumber: userPayoutDetails.bankAccountNumber,
  bankIFSC: userPayoutDetails.bankIFSC,
  bankAccountHolderName: userPayoutDetails.bankAccountHolderName,
  registrationDate: users.registrationDate,
  activationDate: users.activationDate,
  hasPassword: sql<boolean>`(${users.password} is not null)`,
  txnPinSet: sql<boolean>`(${users.txnPin} is not null)`,
  bankComplete: sql<boolean>`coalesce(${bankCompleteOf(sql`user_payout_details`)}, false)`,
  hasTreePosition: sql<boolean>`(${placement.parentId} is not null or ${placement.placedAt} is not null)`,
};

const ROW = {
  user: USER_COLUMNS,
  sponsorUserId: sponsor.userId,
  walletBalance: sql<string>`coalesce(${walletBalances.balance}, 0)::numeric(14,2)::text`,
  totalEarnings: sql<string>`coalesce(${walletBalances.totalEarnings}, 0)::numeric(14,2)::text`,
  totalWithdrawals: sql<string>`coalesce(${walletBalances.totalWithdrawals}, 0)::numeric(14,2)::text`,
  withdrawStatus: sql<
    string | null
  >`(select ${withdrawalRequests.status} from ${withdrawalRequests} where ${withdrawalRequests.userId} = ${users.id} order by ${withdrawalRequests.createdAt} desc limit 1)`,
  sortValue: sql<string>`''`,
};

export type AdminUserRecord = Awaited<ReturnType<typeof searchUserPage>>[number];

/** One page of users after the cursor `(sortValue, id)`, in the chosen order. */
export async function searchUserPage(db: DbOrTx, filter: UserFilter, sort: SortKey, dir: 'asc' | 'desc', after: { v: string; id: string } | undefined, limit: number) {
  const expr = SORT_EXPR[sort];
  const keyset = after ? (dir === 'desc' ? sql`(${expr}, ${users.id}) < (${after.v}, ${after.id}::uuid)` : sql`(${expr}, ${users.id}) > (${after.v}, ${after.id}::uuid)`) : undefined;
  const where = and(...([whereOf(filter), keyset].filter(Boolean) as SQL[]));
  const order = dir === 'desc' ? [desc(expr), desc(users.id)] : [asc(expr), asc(users.id)];
  // Deferred join: pick the page's ids on narrow rows first, then read the wide rows of those ids only.
  const pageIds = db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(limit);
  return db
    .select({ ...ROW, sortValue: sql<string>`(${expr})::text` })
    .from(users)
    .leftJoin(sponsor, eq(sponsor.id, users.sponsorId))
    .leftJoin(walletBalances, eq(walletBalances.userId, users.id))
    .leftJoin(userPayoutDetails, eq(userPayoutDetails.userId, users.id))
    .where(inArray(users.id, pageIds))
    .orderBy(...order);
}

export async function countUsersWhere(db: DbOrTx, filter: UserFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(whereOf(filter));
  return row.n;
}

export async function hasLedgerOrPurchases(db: DbOrTx, userId: string): Promise<boolean> {
  const [ledger] = await db.select({ id: transactions.id }).from(transactions).where(eq(transactions.userId, userId)).limit(1);
  if (ledger) return true;
  const [order] = await db.select({ id: purchases.id }).from(purchases).where(eq(purchases.userId, userId)).limit(1);
  return Boolean(order);
}

export async function deleteUserRow(db: DbOrTx, id: string) {
  await db.delete(users).where(eq(users.id, id));
}
