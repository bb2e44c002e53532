import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict } from '../../http/app-error';
import { WALLET_MSG } from '../../../contracts/wallet';
import { EARNING_TYPES } from '../../../contracts/income-types';
import { sha256 } from '../../lib/crypto';
import { ensureWallet, shiftBalance, insertLedgerRow, claimIdempotencyKey, storeIdempotentAnswer } from './wallet.repo';

export const negate = (amount: string) => (amount.startsWith('-') ? amount.slice(1) : `-${amount}`);

/**
 * The only way money moves (decisions.md §6): the balance change and its ledger row, in the caller's
 * transaction. A debit that the balance does not cover is refused and changes nothing.
 * Order matters: shiftBalance's UPDATE locks the wallet row until the transaction ends, and only then is the
 * row inserted and its `seq` drawn from the sequence, so a concurrent movement of the same wallet (blocked on
 * that lock) gets a larger seq. Per wallet, seq order is the order the balance changes were applied, and
 * the lists of ledger rows sort by it.
 */
export async function postLedger(
  db: DbOrTx,
  userId: string,
  amount: string,
  type: string,
  opts: { description: string; referenceId?: string | null; metadata?: unknown; insufficientMessage?: string; now: Date },
) {
  await ensureWallet(db, userId);
  const credit = !amount.startsWith('-');
  // Credits of the registry's earning types (every income type, and admin_credit) add to total_earnings.
  const moved = await shiftBalance(db, userId, amount, { earnings: credit && EARNING_TYPES.has(type) ? amount : undefined });
  if (!moved) throw new AppError('INSUFFICIENT_FUNDS', 400, opts.insufficientMessage ?? WALLET_MSG.insufficientBalance, { amount: [opts.insufficientMessage ?? WALLET_MSG.insufficientBalance] });
  return insertLedgerRow(db, {
    userId, type, amount, description: opts.description, referenceId: opts.referenceId ?? null, balanceBefore: moved.before,
    balanceAfter: moved.after, metadata: opts.metadata ?? null, createdAt: opts.now,
  });
}

export interface Answer<T> {
  status: number;
  body: T;
}

const KEY_RE = /^[\x21-\x7e]{1,200}$/;

/**
 * Runs a money-moving request in one transaction, at most once per Idempotency-Key (decisions.md §6):
 * a repeat with the same body answers the first answer and moves nothing; the same key with another
 * body is refused. A request that fails leaves no key behind, so its retry runs again.
 */
export async function idempotent<T>(ctx: AppContext, req: FastifyRequest, actorId: string, run: (tx: DbOrTx) => Promise<Answer<T>>): Promise<Answer<T>> {
  const header = req.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return ctx.db.transaction(run);
  if (!KEY_RE.test(key)) throw badRequest(WALLET_MSG.idempotencyInvalid, { 'Idempotency-Key': [WALLET_MSG.idempotencyInvalid] });
  const route = `${req.method} ${req.routeOptions.url}`;
  const hash = sha256(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`);
  return ctx.db.transaction(async (tx) => {
    const claim = await claimIdempotencyKey(tx, actorId, key, route, hash);
    if (!claim.claimed) {
      if (!claim.row || claim.row.requestHash !== hash || claim.row.statusCode === null) throw conflict(WALLET_MSG.idempotencyReused, 'IDEMPOTENCY_MISMATCH');
      return { status: claim.row.statusCode, body: claim.row.response as T };
    }
    const answer = await run(tx);
    await storeIdempotentAnswer(tx, actorId, key, answer.status, answer.body);
    return answer;
  });
}
