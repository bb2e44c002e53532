import { and, eq } from 'drizzle-orm';
import { sqlLiteral, type DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';
import { sealedAnswer } from '../db/idempotency-keys';

/**
 * The claim and the stored answer as whole statements (values as literals), for `transactionAround`: the claim goes
 * with the transaction's BEGIN and the answer with its COMMIT. The claim answers a row when it claimed the key.
 */
export function claimIdempotencyKeyText(userId: string, key: string, route: string, requestHash: string) {
  return `insert into idempotency_keys (user_id, key, route, request_hash) values (${sqlLiteral(userId)}::uuid, ${sqlLiteral(key)}, ${sqlLiteral(route)}, ${sqlLiteral(requestHash)})
    on conflict do nothing returning true as claimed`;
}

export function storeIdempotentAnswerText(userId: string, key: string, statusCode: number, response: unknown) {
  const sealed = sealedAnswer(response);
  return `update idempotency_keys set status_code = ${sqlLiteral(statusCode)}, response = ${sqlLiteral(sealed)}::jsonb
    where user_id = ${sqlLiteral(userId)}::uuid and key = ${sqlLiteral(key)}`;
}

/** The row of a key claimed before (a repeat, or a request that waited on the first). */
export async function findIdempotencyKey(db: DbOrTx, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}
