import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { actorOf, originOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { ImpersonationExchangeRequest } from '../../../contracts/auth';
import { MSG } from '../../../contracts/messages';
import { exchangeCode, revoke } from './impersonation.service';

export function impersonationRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'POST',
      url: '/api/impersonation/exchange',
      access: 'public',
      rateLimits: [{ name: 'impersonation-ip', max: 30, windowMs: 15 * 60_000, message: MSG.tooManyRequests }],
      handler: async (req) => exchangeCode(ctx, originOf(req), parse(ImpersonationExchangeRequest, req.body).code, req.identity?.impersonation ? undefined : req.identity?.user.id),
    },
    {
      method: 'POST',
      url: '/api/impersonation/revoke',
      access: 'session',
      duringPasswordChange: true,
      handler: async (req) => revoke(ctx, actorOf(req)),
    },
  ];
}
