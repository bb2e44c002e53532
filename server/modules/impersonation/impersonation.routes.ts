import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { actorOf, originOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { ImpersonationExchangeRequest } from '../../../contracts/auth';
import { MSG } from '../../../contracts/messages';
import { exchangeCode, loginAsUser, revoke } from './impersonation.service';
import { IdParam } from '../../../contracts/notifications';

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
    // The admin's "Login as user": a single-use code for the member (docs/spec/decisions.md §8).
    {
      method: 'POST',
      url: '/api/admin/login-as-user/:id',
      access: 'reviewer',
      handler: async (req) => {
        const { id } = parse(IdParam, req.params);
        return { message: 'Impersonation code issued', ...(await loginAsUser(ctx, actorOf(req), id)) };
      },
    },
    {
      method: 'POST',
      url: '/api/admin/impersonate/:id',
      access: 'reviewer',
      handler: async (req) => {
        const { id } = parse(IdParam, req.params);
        const issued = await loginAsUser(ctx, actorOf(req), id);
        return { message: 'Impersonation code issued', code: issued.code, redirectUrl: issued.url };
      },
    },
  ];
}
