import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import type { RateLimitRule } from '../../http/rate-limit';
import { perUser } from '../../http/rate-limit';
import { MSG } from '../../../contracts/messages';
import { TwoFactorCodeRequest, TwoFactorDisableRequest } from '../../../contracts/auth';
import * as twoFactor from './two-factor.service';

const codeLimits: RateLimitRule[] = [{ name: 'two-factor-user', max: 20, windowMs: 15 * 60_000, message: MSG.tooManyTwoFactorAttempts, keyOf: perUser }];

/** Two-factor sign-in (issue 13): enrolment, recovery codes, step-up. An admin's reset for a lost phone is in users (admin-users.service.ts). */
export function twoFactorRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/api/auth/two-factor',
      access: 'session',
      duringEnrolment: true,
      duringPasswordChange: true,
      handler: async (req) => twoFactor.status(ctx, actorOf(req).user),
    },
    {
      method: 'POST',
      url: '/api/auth/two-factor/setup',
      access: 'session',
      duringEnrolment: true,
      denyImpersonation: true,
      handler: async (req) => twoFactor.beginSetup(ctx, actorOf(req)),
    },
    {
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      access: 'session',
      duringEnrolment: true,
      denyImpersonation: true,
      rateLimits: codeLimits,
      handler: async (req) => twoFactor.enable(ctx, actorOf(req), parse(TwoFactorCodeRequest, req.body).code),
    },
    {
      method: 'POST',
      url: '/api/auth/two-factor/step-up',
      access: 'session',
      denyImpersonation: true,
      rateLimits: codeLimits,
      handler: async (req) => twoFactor.stepUp(ctx, actorOf(req), parse(TwoFactorCodeRequest, req.body).code),
    },
    {
      method: 'POST',
      url: '/api/auth/two-factor/recovery-codes',
      access: 'session',
      denyImpersonation: true,
      rateLimits: codeLimits,
      handler: async (req) => twoFactor.regenerateRecoveryCodes(ctx, actorOf(req), parse(TwoFactorCodeRequest, req.body).code),
    },
    {
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      access: 'session',
      denyImpersonation: true,
      rateLimits: codeLimits,
      handler: async (req) => {
        const input = parse(TwoFactorDisableRequest, req.body);
        return twoFactor.disable(ctx, actorOf(req), input.password, input.code);
      },
    },
  ];
}
