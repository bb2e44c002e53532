import { idempotencyKeys } from './schema/index';

/**
 * Idempotency-Keys stored by a statement of the request itself (ADR 0035), beside http/idempotency.repo's claim and
 * answer: the SQL a one-statement service composes, so that the table keeps one way of being written.
 */

/** An answer as stored (encrypted at rest), for a statement that stores it itself (storeAnswersCte). */
export const sealedAnswer = (response: unknown) => idempotencyKeys.response.mapToDriverValue(response) as string;

/**
 * A CTE, `keyed`, for one statement that settles keyed requests itself (commerce's coalesced purchases, ADR 0035):
 * it stores, for each row of `from` that carries a key, the answer under it, complete, in the same statement as the
 * request's writes, so the key exists exactly when they do. `from` has the columns `user_id`, `idem_key` (null: no
 * key), `route`, `request_hash`, `status_code` and `response` (sealedAnswer). No ON CONFLICT: a key stored before,
 * or meanwhile by another request (once that one commits), makes the whole statement fail with a unique violation,
 * which rolls its writes back; the caller then runs those requests again in transactions of their own. (No lookup of
 * the keys first: a cached plan could scan the whole table; the unique index is always used.)
 */
export function storeAnswersCte(from: string): string {
  return `keyed as (
    insert into idempotency_keys (user_id, key, route, request_hash, status_code, response)
    select ${from}.user_id, ${from}.idem_key, ${from}.route, ${from}.request_hash, ${from}.status_code, ${from}.response::jsonb
    from ${from} where ${from}.idem_key is not null
  )`;
}
