import type { Db, DbOrTx } from '../db/client';

/** What a money-moving service answers: the HTTP status and body, stored as they are for idempotent repeats. */
export interface Answer<T> {
  status: number;
  body: T;
}

/** A request's Idempotency-Key, handed to a service that stores its answer in its own statement. */
export interface RequestKey {
  /** The user the request acts as: keys are theirs. */
  userId: string;
  key: string;
  /** `POST /api/purchases`: the route, as stored with the key. */
  route: string;
  /** The SHA-256 of the method, URL and body: a repeat with another body is refused. */
  requestHash: string;
}

/**
 * Thrown by a `oneStatement` service that could not settle a keyed request in its statement (the key was used
 * before, or its batch was refused as a whole): nothing was written, and the transactor runs the request again in
 * a transaction of its own, where the key's answer is replayed or the request runs once.
 */
export class InOwnTransaction extends Error {
  constructor() {
    super('the request runs again in a transaction of its own');
  }
}

/**
 * Runs a service's writes in one transaction. The HTTP layer passes one that honours the Idempotency-Key
 * header (http/idempotency.ts); jobs and scripts pass `plainTransaction(ctx)`.
 */
export interface Transactor {
  <T>(run: (tx: DbOrTx) => Promise<Answer<T>>): Promise<Answer<T>>;
  /**
   * For a service that writes in one statement (the wallet purchase, ADR 0035): no transaction is opened, `run`
   * gets the database itself. With an Idempotency-Key it gets the key too, and its statement stores its answer
   * under the key (db/idempotency-keys storeAnswersCte) only when it writes, or it throws InOwnTransaction and
   * runs again as `transact((tx) => run(tx, undefined))`.
   */
  oneStatement<T>(run: (db: DbOrTx, key: RequestKey | undefined) => Promise<Answer<T>>): Promise<Answer<T>>;
}

/** One plain transaction per call, nothing remembered. */
export function plainTransaction(ctx: { db: Db }): Transactor {
  const transact = (<T>(run: (tx: DbOrTx) => Promise<Answer<T>>) => ctx.db.transaction(run)) as Transactor;
  transact.oneStatement = (run) => run(ctx.db, undefined);
  return transact;
}
