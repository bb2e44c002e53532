import { sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from './client';

/** Whether the PostgreSQL server runs autovacuum (README, Production on PostgreSQL, Autovacuum). */
export async function autovacuumIsOn(db: DbOrTx): Promise<boolean> {
  const [row] = await rawRows<{ autovacuum: string }>(db, sql`show autovacuum`);
  return row?.autovacuum === 'on';
}
