import { eq, sql, type InferInsertModel, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** A table keyed by `id` that stamps `updated_at` (server/db/schema/columns.ts). */
type StampedTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/**
 * The repositories' common write: change some columns of one row by its id, stamp `updated_at`, and answer the row as
 * it is now (undefined when there is no such row).
 */
export async function updateById<T extends StampedTable>(db: DbOrTx, table: T, id: string, values: Partial<InferInsertModel<T>>): Promise<InferSelectModel<T>> {
  const rows = await db
    .update(table)
    .set({ ...values, updatedAt: new Date() } as PgUpdateSetSource<T>)
    .where(eq(table.id, id))
    .returning();
  return (rows as InferSelectModel<T>[])[0];
}

/** Inserts one row and answers it as stored (defaults filled in). */
export async function insertRow<T extends PgTable>(db: DbOrTx, table: T, values: InferInsertModel<T>): Promise<InferSelectModel<T>> {
  const rows = await db
    .insert(table)
    .values(values as PgInsertValue<T>)
    .returning();
  return (rows as InferSelectModel<T>[])[0];
}

/** One row by its id, locked until the transaction ends (`select … for update`); undefined when there is none. */
export async function lockById<T extends PgTable & { id: PgColumn }>(db: DbOrTx, table: T, id: string): Promise<InferSelectModel<T> | undefined> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1)
    .for('update');
  return (rows as InferSelectModel<T>[])[0];
}

/**
 * The three writes of a table of requests that wait for a decision: insert one, read one under lock, change one
 * (stamped). The same functions as insertRow, lockById and updateById with the table given once.
 */
export function requestRows<T extends StampedTable>(table: T) {
  return {
    insert: (db: DbOrTx, values: InferInsertModel<T>) => insertRow(db, table, values),
    forUpdate: (db: DbOrTx, id: string) => lockById(db, table, id),
    update: (db: DbOrTx, id: string, values: Partial<InferInsertModel<T>>) => updateById(db, table, id, values),
  };
}

/** How many rows of a table are in each status (of those `where` keeps): one row a status that has any. */
export async function countsByStatus<T extends PgTable & { status: PgColumn }>(db: DbOrTx, table: T, where?: SQL): Promise<{ status: string; n: number }[]> {
  return db
    .select({ status: sql<string>`${table.status}`, n: sql<number>`count(*)::int` })
    .from(table as PgTable)
    .where(where)
    .groupBy(table.status);
}
