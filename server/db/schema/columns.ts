import { numeric, timestamp, uuid, varchar, type AnyPgColumn, type PgUUIDBuilderInitial, type UpdateDeleteAction } from 'drizzle-orm/pg-core';

/**
 * Column groups that most tables share, written once: the random uuid key, the created/updated instants, a required
 * reference to another row, who did something and when, and the two decimal kinds (rupees, BV). Each call builds a new column; the SQL is the same
 * as writing the column out (`npm run db:check` reports no drift).
 */

/** An instant: `timestamp with time zone`, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The key of most tables: `id uuid primary key default gen_random_uuid()`. */
export const primaryId = () => uuid('id').primaryKey().defaultRandom();

/** When the row was written. */
export const createdAt = () => ts('created_at').notNull().defaultNow();

/** When the row last changed (the writer sets it). */
export const updatedAt = () => ts('updated_at').notNull().defaultNow();

/** A required reference to another row's uuid (a user, a product, a ticket…), with what happens when that row goes. */
export const ref = (name: string, target: () => AnyPgColumn, onDelete?: UpdateDeleteAction) =>
  uuid(name)
    .notNull()
    .references(target, onDelete ? { onDelete } : {});

/**
 * Who did `act` to the row and when, both null until it is done: `...actedBy('reviewed', () => users.id)` is the pair
 * `reviewedBy` (`reviewed_by uuid references users(id)`) and `reviewedAt` (`reviewed_at timestamptz`).
 */
export const actedBy = <A extends string>(act: A, by: () => AnyPgColumn) =>
  ({ [`${act}By`]: uuid(`${act}_by`).references(by), [`${act}At`]: ts(`${act}_at`) }) as Record<`${A}By`, PgUUIDBuilderInitial<string>> & Record<`${A}At`, ReturnType<typeof ts>>;

/** Rupees: `numeric(14, 2)`. */
export const rupees = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** Business volume: `numeric(12, 2)`. */
export const bv = (name: string) => numeric(name, { precision: 12, scale: 2 });

/** The created/updated pair most editable rows carry; spread it where the two columns go: `...timestamps()`. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** A postal address (the company's, a member's): street, city, state and pincode. Spread it: `...postalAddress()`. */
export const postalAddress = () => ({
  address: varchar('address', { length: 300 }),
  city: varchar('city', { length: 80 }),
  state: varchar('state', { length: 80 }),
  pincode: varchar('pincode', { length: 10 }),
});
