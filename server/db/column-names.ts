import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Named columns of a table (a module's columns of `users`, db/schema/users.ts) by SQL name, for a statement built as a
 * string under `alias` (none: unqualified): `columnNamesIn({ parentId: users.parentId }, 'u')` is `{ parentId: 'u.parent_id' }`.
 */
export function columnNamesIn<K extends string>(columns: Record<K, AnyPgColumn>, alias?: string): Record<K, string> {
  return Object.fromEntries(Object.entries<AnyPgColumn>(columns).map(([k, c]) => [k, alias ? `${alias}.${c.name}` : c.name])) as Record<K, string>;
}

/** The same names as SQL, composed into the caller's raw query (`sql.raw`), so its SQL is what it was written out. */
export function columnsIn<K extends string>(columns: Record<K, AnyPgColumn>, alias?: string): Record<K, SQL> {
  return Object.fromEntries(Object.entries<string>(columnNamesIn(columns, alias)).map(([k, name]) => [k, sql.raw(name)])) as Record<K, SQL>;
}
