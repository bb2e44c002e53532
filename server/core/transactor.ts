import type { Db, DbOrTx } from '../db/client';

/** What a money-moving service answers: the HTTP status and body, stored as they are for idempotent repeats. */
export interface Answer<T> {
  status: number;
  body: T;
}

/**
 * Runs a service's writes in one transaction. The HTTP layer passes one that honours the Idempotency-Key
 * header (http/idempotency.ts); jobs and scripts pass `plainTransaction(ctx)`. An `autocommit`
 * transactor (the wallet purchase) hands the database itself to `run` when there is no key: such a
 * service writes in one statement, or opens `tx.transaction()` for several.
 */
export type Transactor = <T>(run: (tx: DbOrTx) => Promise<Answer<T>>) => Promise<Answer<T>>;

/** One plain transaction per call, nothing remembered. */
export function plainTransaction(ctx: { db: Db }): Transactor {
  return (run) => ctx.db.transaction(run);
}
