import type { z } from 'zod';
import type { AppContext } from '../context';
import type { Answer, Transactor } from '../core/transactor';
import type { Actor } from '../core/actor';
import type { RouteDef } from './routes';
import { moneyHandler } from './idempotency';
import { parse } from './validate';

type Decide = (ctx: AppContext, actor: Actor, transact: Transactor, id: string) => Promise<Answer<unknown>>;
type DecideWithReason = (ctx: AppContext, actor: Actor, transact: Transactor, id: string, reason: string) => Promise<Answer<unknown>>;

/**
 * An admin's approve and reject of a request that waits for a decision: `POST {base}/:id/approve` and
 * `POST {base}/:id/reject`. Both are money decisions (moneyHandler: an Idempotency-Key, the answer replayed); `idParam`
 * reads the id (its message names the request that was not found), `rejectBody` the reject's reason; `approve` and
 * `reject` are the module's service functions.
 */
export function approveRejectRoutes(
  ctx: AppContext,
  base: string,
  schemas: { idParam: z.ZodType<{ id: string }>; rejectBody: z.ZodType<{ reason: string }> },
  approve: Decide,
  reject: DecideWithReason,
): RouteDef[] {
  const idOf = (params: unknown) => parse(schemas.idParam, params).id;
  return [
    { method: 'POST', url: `${base}/:id/approve`, access: 'admin', handler: moneyHandler(ctx, (req, actor, transact) => approve(ctx, actor, transact, idOf(req.params))) },
    {
      method: 'POST',
      url: `${base}/:id/reject`,
      access: 'admin',
      handler: moneyHandler(ctx, (req, actor, transact) => reject(ctx, actor, transact, idOf(req.params), parse(schemas.rejectBody, req.body ?? {}).reason)),
    },
  ];
}
