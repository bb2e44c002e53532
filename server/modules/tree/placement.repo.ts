import { sql } from 'drizzle-orm';
import { columnNamesIn, columnsIn } from '../../db/column-names';
import { treePlacementColumns } from '../../db/schema/index';

/**
 * The tree placement columns of `users` (db/schema/users.ts `treePlacementColumns`, ADR 0026), lent through the
 * tree's face: other modules select and filter by these, never by `users.parentId` and the like, so the tree
 * module stays the one place that knows how placement is stored.
 */
export const placement = treePlacementColumns.columns;

/**
 * The placement columns by SQL name for a raw query on `users` under `alias` (none: unqualified), e.g.
 * `placementIn('u').parentId` is `u.parent_id`: composed into the caller's statement, so its SQL is what it was.
 */
export const placementIn = (alias?: string) => columnsIn(placement, alias);

/** The same as text, for a statement built as a string (a COPY): `placementNamesIn('u').parentId` is `'u.parent_id'`. */
export const placementNamesIn = (alias?: string) => columnNamesIn(placement, alias);

/** The member holds a tree slot (the root included). */
export const isPlaced = sql`${placement.placedAt} is not null`;
