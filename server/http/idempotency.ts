import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { badRequest, conflict } from '../core/app-error';
import type { Answer, Transactor } from '../core/transactor';
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
export function idempotentTransactor(ctx: AppContext, req: FastifyRequest, actorId: string, opts: { autocommit?: boolean } = {}): Transactor {
  return async <T>(run: (tx: DbOrTx) => Promise<Answer<T>>): Promise<Answer<T>> => {
    const header = req.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    // autocommit: the service writes in one statement (or opens its own transaction), so without a key
    // no transaction is opened around it: two round trips fewer on the hottest route.
    if (key === undefined) return opts.autocommit ? run(ctx.db) : ctx.db.transaction(run);
    if (!KEY_RE.test(key)) throw badRequest(WALLET_MSG.idempotencyInvalid, { 'Idempotency-Key': [WALLET_MSG.idempotencyInvalid] });
    const route = `${req.method} ${req.routeOptions.url}`;
    const hash = sha256(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`);
    // The claim travels with the BEGIN and the answer with the COMMIT: three round trips with the service's own.
    return transactionAround(ctx.db, claimIdempotencyKeyText(actorId, key, route, hash), async (tx, claimed) => {
      if (!claimed.length) {
        const row = await findIdempotencyKey(tx, actorId, key);
        if (!row || row.requestHash !== hash || row.statusCode === null) throw conflict(WALLET_MSG.idempotencyReused, 'IDEMPOTENCY_MISMATCH');
        return { result: { status: row.statusCode, body: row.response as T } };
      }
      const answer = await run(tx);
      return { result: answer, last: storeIdempotentAnswerText(actorId, key, answer.status, answer.body) };
    });
  };
}

/** A money route's actor and its transactor; keys belong to the user the request acts as. */
export function actorWithTransactor(ctx: AppContext, req: FastifyRequest, opts: { autocommit?: boolean } = {}): { actor: Actor; transact: Transactor } {
  const actor = actorOf(req);
  return { actor, transact: idempotentTransactor(ctx, req, actor.user.id, opts) };
}

/**
 * The handler of a money route: `decide` runs with the acting user and the request's transactor (above), and its
 * Answer is written as it is, status and body.
 */
export function moneyHandler(ctx: AppContext, decide: (req: FastifyRequest, actor: Actor, transact: Transactor) => Promise<Answer<unknown>>, opts: { autocommit?: boolean } = {}) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const { actor, transact } = actorWithTransactor(ctx, req, opts);
    const a = await decide(req, actor, transact);
    return reply.status(a.status).send(a.body);
  };
}
