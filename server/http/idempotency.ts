import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { badRequest, conflict } from '../core/app-error';
import { InOwnTransaction, type Answer, type RequestKey, type Transactor } from '../core/transactor';
import type { Actor } from '../core/actor';
import { WALLET_MSG } from '../../contracts/wallet';
import { sha256 } from '../lib/crypto';
import { claimIdempotencyKeyText, findIdempotencyKey, storeIdempotentAnswerText } from './idempotency.repo';
import { transactionAround } from '../db/client';
import { actorOf } from './actor';

const KEY_RE = /^[\x21-\x7e]{1,200}$/;

/**
 * The transactor of a money-moving request: one transaction, run at most once per Idempotency-Key
 * (docs/spec/decisions.md §6). A repeat with the same body answers the first answer and moves nothing; the same key
 * with another body is refused. A request that fails leaves no key behind, so its retry runs again.
 * Without the header it is a plain transaction. The header is read when the service runs its writes.
 */
export function idempotentTransactor(ctx: AppContext, req: FastifyRequest, actorId: string): Transactor {
  /** The request's key, or undefined without the header; refused when malformed. */
  const keyOf = (): RequestKey | undefined => {
    const header = req.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined) return undefined;
    if (!KEY_RE.test(key)) throw badRequest(WALLET_MSG.idempotencyInvalid, { 'Idempotency-Key': [WALLET_MSG.idempotencyInvalid] });
    return { userId: actorId, key, route: `${req.method} ${req.routeOptions.url}`, requestHash: sha256(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`) };
  };
  const transact = (async <T>(run: (tx: DbOrTx) => Promise<Answer<T>>): Promise<Answer<T>> => {
    const k = keyOf();
    if (!k) return ctx.db.transaction(run);
    // The claim travels with the BEGIN and the answer with the COMMIT: three round trips with the service's own.
    return transactionAround(ctx.db, claimIdempotencyKeyText(k.userId, k.key, k.route, k.requestHash), async (tx, claimed) => {
      if (!claimed.length) {
        const row = await findIdempotencyKey(tx, k.userId, k.key);
        if (!row || row.requestHash !== k.requestHash || row.statusCode === null) throw conflict(WALLET_MSG.idempotencyReused, 'IDEMPOTENCY_MISMATCH');
        return { result: { status: row.statusCode, body: row.response as T } };
      }
      const answer = await run(tx);
      return { result: answer, last: storeIdempotentAnswerText(k.userId, k.key, answer.status, answer.body) };
    });
  }) as Transactor;
  // One statement on the database itself, the key's answer stored by that statement (ADR 0035); a key used before,
  // or a statement refused, runs again the way above.
  transact.oneStatement = async (run) => {
    const k = keyOf();
    try {
      return await run(ctx.db, k);
    } catch (err) {
      if (!(err instanceof InOwnTransaction)) throw err;
    }
    return transact((tx) => run(tx, undefined));
  };
  return transact;
}

/** A money route's actor and its transactor; keys belong to the user the request acts as. */
export function actorWithTransactor(ctx: AppContext, req: FastifyRequest): { actor: Actor; transact: Transactor } {
  const actor = actorOf(req);
  return { actor, transact: idempotentTransactor(ctx, req, actor.user.id) };
}

/**
 * The handler of a money route: `decide` runs with the acting user and the request's transactor (above), and its
 * Answer is written as it is, status and body.
 */
export function moneyHandler(ctx: AppContext, decide: (req: FastifyRequest, actor: Actor, transact: Transactor) => Promise<Answer<unknown>>) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const { actor, transact } = actorWithTransactor(ctx, req);
    const a = await decide(req, actor, transact);
    return reply.status(a.status).send(a.body);
  };
}
