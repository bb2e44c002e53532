import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { parse } from '../../http/validate';
import { z } from 'zod';
import { MSG } from '../../../contracts/messages';
import { ReferralRegistrationRequest } from '../../../contracts/referral';
import { validateLink, completeRegistration } from './referral.service';

/** Five documents of up to 10 MB each, as data URLs (about 4/3 of the bytes). */
const REGISTRATION_BODY_LIMIT = 72 * 1024 * 1024;

export function referralRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET', url: '/api/referral/validate', access: 'public',
      rateLimits: [{ name: 'referral-validate-ip', max: 60, windowMs: 60_000, message: MSG.tooManyRequests }],
      handler: async (req) => {
        const { token } = parse(z.object({ token: z.string({ error: MSG.referralTokenRequired }).trim().min(1, { error: MSG.referralTokenRequired }).max(200) }), req.query);
        return validateLink(ctx, token);
      },
    },
    {
      method: 'POST', url: '/api/referral/complete-registration', access: 'public', bodyLimit: REGISTRATION_BODY_LIMIT,
      rateLimits: [{ name: 'referral-register-ip', max: 10, windowMs: 15 * 60_000, message: MSG.tooManySignups }],
      handler: async (req, reply) => reply.status(201).send(await completeRegistration(ctx, parse(ReferralRegistrationRequest, req.body))),
    },
  ];
}
