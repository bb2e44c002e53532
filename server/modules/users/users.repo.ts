import { CREDENTIAL_COLUMNS, noteControlled } from '../../core/control-trace';
import { and, eq, getTableColumns, ilike, inArray, or, sql, desc } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { principalColumns, userPayoutDetails, users } from '../../db/schema/index';
import { payoutDetailsColumns, type PayoutDetails } from './payout-details.repo';
import { currentLookupHash, fieldKeys, lookupHashes } from '../../lib/field-crypto';
import { LOCK_CLASSES } from '../../db/locks';
import { kycState } from '../kyc';
import { isPlaced, placement } from '../tree';

export type { UserRow } from '../../db/schema/users';
import type { UserRow } from '../../db/schema/users';
import type { Principal } from '../../core/actor';
export type NewUser = typeof users.$inferInsert;

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The principal of a user (core/actor.ts): the impersonating admin of a bearer token is loaded as this. */
export async function findPrincipalById(db: DbOrTx, id: string): Promise<Principal | undefined> {
  const [row] = await db.select(principalColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Named columns of one user: for a service that needs a little more than the actor's principal, without reading
 * (and decrypting) the whole row.
 */
export async function findUserFields<K extends keyof UserRow>(db: DbOrTx, id: string, keys: readonly K[]): Promise<Pick<UserRow, K> | undefined> {
  const columns = Object.fromEntries(keys.map((k) => [k, users[k]])) as Record<K, (typeof users)[K]>;
  const [row] = await db.select(columns).from(users).where(eq(users.id, id)).limit(1);
  return row as Pick<UserRow, K> | undefined;
}

/** What the current-user view shows (users.service toCurrentUser): the principal, the profile, the payout details and four sealed numbers. */
export const currentUserColumns = {
  ...principalColumns,
  email: users.email,
  mobile: users.mobile,
  address: users.address,
  city: users.city,
  state: users.state,
  pincode: users.pincode,
  bankName: payoutDetailsColumns.bankName,
  bankAccountNumber: payoutDetailsColumns.bankAccountNumber,
  bankIFSC: payoutDetailsColumns.bankIFSC,
  bankAccountHolderName: payoutDetailsColumns.bankAccountHolderName,
  cryptoWalletAddress: payoutDetailsColumns.cryptoWalletAddress,
  payoutDetailsChangedAt: payoutDetailsColumns.payoutDetailsChangedAt,
  panNumber: kycState.panNumber,
  aadhaarNumber: kycState.aadhaarNumber,
  kycStatus: kycState.kycStatus,
  kycDeadline: kycState.kycDeadline,
  currentRank: users.currentRank,
  emailVerified: users.emailVerified,
  activationDate: users.activationDate,
  createdAt: users.createdAt,
};
type PayoutKeys = 'bankName' | 'bankAccountNumber' | 'bankIFSC' | 'bankAccountHolderName' | 'cryptoWalletAddress' | 'payoutDetailsChangedAt';
export type CurrentUserRow = Pick<UserRow, Exclude<keyof typeof currentUserColumns, PayoutKeys>> & Pick<PayoutDetails, PayoutKeys>;

function buildCurrentUserLookup(db: Db) {
  return db
    .select(currentUserColumns)
    .from(users)
    .leftJoin(userPayoutDetails, eq(userPayoutDetails.userId, users.id))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('find_current_user');
}
const currentUserLookups = new WeakMap<Db, ReturnType<typeof buildCurrentUserLookup>>();

/**
 * How a lookup that reaches the user from elsewhere (the session, in one round trip: GET /api/auth/user and the
 * page's boot block) joins the payout details the view shows.
 */
export const currentUserPayoutJoin = { table: userPayoutDetails, on: eq(userPayoutDetails.userId, users.id) };

/** The row of the current-user view, a prepared statement: every signed-in page and GET /api/auth/user read it. */
export async function findCurrentUser(db: Db, id: string): Promise<CurrentUserRow | undefined> {
  let lookup = currentUserLookups.get(db);
  if (!lookup) currentUserLookups.set(db, (lookup = buildCurrentUserLookup(db)));
  const [row] = await lookup.execute({ id });
  return row;
}

export async function findUserByUserId(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.userId, userId.toUpperCase())).limit(1);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

/** Sign-in accepts the public userId or the email, case-insensitively. */
export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserRow | undefined> {
  const value = login.trim();
  if (value.includes('@')) return findUserByEmail(db, value);
  return findUserByUserId(db, value);
}

export async function userIdExists(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.userId, userId)).limit(1);
  return Boolean(row);
}

const PAN = 'pan';

/** The PAN's keyed hash travels with the PAN (it is sealed at rest; the hash finds it again: panHolders). */
function withPanHash<T extends Partial<NewUser>>(values: T): T {
  if (values.panNumber === undefined) return values;
  return { ...values, panHash: values.panNumber ? currentLookupHash(fieldKeys(), PAN, values.panNumber) : null };
}

export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(withPanHash(values)).returning();
  return row;
}

export async function updateUser(db: DbOrTx, id: string, values: Partial<NewUser>): Promise<UserRow | undefined> {
  if (CREDENTIAL_COLUMNS.some((c) => (values as Record<string, unknown>)[c] !== undefined)) noteControlled('credentials');
  const [row] = await db
    .update(users)
    .set({ ...withPanHash(values), updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * The users holding this PAN, found through its keyed hash (under every key of the ring, so rows not yet
 * re-hashed by a key rotation are found too).
 */
export async function panHolders(db: DbOrTx, pan: string): Promise<{ id: string; status: string }[]> {
  return db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(inArray(kycState.panHash, lookupHashes(fieldKeys(), PAN, pan)));
}

/** Serialises registrations of the same PAN until the transaction ends, so two at once cannot both pass panHolders. */
export async function lockPan(db: DbOrTx, pan: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASSES.pan}, hashtext(${currentLookupHash(fieldKeys(), PAN, pan)}))`);
}

export async function findRootFounder(db: DbOrTx): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.role, 'founder'), sql`${placement.parentId} is null`, eq(placement.level, 0), isPlaced))
    .orderBy(users.createdAt)
    .limit(1);
  return row;
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row.n;
}

export async function searchUsers(db: DbOrTx, search: string | undefined, limit: number) {
  const term = search ? containsPattern(search) : undefined;
  const where = term
    ? or(
        ilike(users.userId, term),
        ilike(users.email, term),
        ilike(users.firstName, term),
        ilike(users.lastName, term),
        ilike(sql`coalesce(${users.firstName},'') || ' ' || coalesce(${users.lastName},'')`, term),
      )
    : undefined;
  return db
    .select({ ...getTableColumns(users), bankAccountNumber: userPayoutDetails.bankAccountNumber })
    .from(users)
    .leftJoin(userPayoutDetails, eq(userPayoutDetails.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt))
    .limit(limit);
}
