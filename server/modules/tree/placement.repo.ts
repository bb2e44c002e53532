import { sql, type SQL } from 'drizzle-orm';
import { treePlacementColumns } from '../../db/schema/index';

/**
 * The tree placement columns of `users` (db/schema/users.ts `treePlacementColumns`, ADR 0026), lent through the
 * tree's face: other modules select and filter by these, never by `users.parentId` and the like, so the tree
 * module stays the one place that knows how placement is stored.
 */
export const placement = treePlacementColumns.columns;

type PlacementKey = keyof typeof placement;

/**
 * The placement columns by SQL name for a raw query on `users` under `alias` (none: unqualified), e.g.
 * `placementIn('u').parentId` is `u.parent_id`: composed into the caller's statement, so its SQL is what it was.
 */
export function placementIn(alias?: string): Record<PlacementKey, SQL> {
  return Object.fromEntries(Object.entries(placementNamesIn(alias)).map(([k, name]) => [k, sql.raw(name)])) as Record<PlacementKey, SQL>;
}

/** The same as text, for a statement built as a string (a COPY): `placementNamesIn('u').parentId` is `'u.parent_id'`. */
export function placementNamesIn(alias?: string): Record<PlacementKey, string> {
  return Object.fromEntries(Object.entries(placement).map(([k, c]) => [k, alias ? `${alias}.${c.name}` : c.name])) as Record<PlacementKey, string>;
}

/** The member holds a tree slot (the root included). */
export const isPlaced = sql`${placement.placedAt} is not null`;
