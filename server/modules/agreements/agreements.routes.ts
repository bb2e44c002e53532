import { z } from 'zod';
import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { AcceptAgreementRequest, AGREEMENT_MSG, PublishAgreementRequest } from '../../../contracts/agreements';
import { sendPdf, wantsDownload } from '../invoices';
import { acceptAgreement, adminAgreements, agreementPdf, currentAgreement, memberAcceptances, myAgreement, publishAgreement } from './agreements.service';

const UserId = z.object({ id: z.uuid() });

/**
 * The Direct Seller Agreement (issue 32). The member's routes stay open while a newer version waits for acceptance
 * (`duringAgreement`): they are how it is read and accepted.
 */
export function agreementRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/api/agreement/current',
      access: 'public',
      rateLimits: [{ name: 'agreement-ip', max: 60, windowMs: 60_000, message: AGREEMENT_MSG.tooManyReads }],
      handler: async () => currentAgreement(ctx),
    },
    { method: 'GET', url: '/api/agreement', access: 'session', duringAgreement: true, handler: async (req) => myAgreement(ctx, actorOf(req)) },
    {
      method: 'POST',
      url: '/api/agreement/accept',
      access: 'session',
      duringAgreement: true,
      denyImpersonation: true,
      handler: async (req) => acceptAgreement(ctx, actorOf(req), parse(AcceptAgreementRequest, req.body)),
    },
    {
      method: 'GET',
      url: '/api/agreement/pdf',
      access: 'session',
      duringAgreement: true,
      handler: async (req, reply) => sendPdf(reply, await agreementPdf(ctx, actorOf(req)), wantsDownload(req.query)),
    },
    { method: 'GET', url: '/api/admin/agreements', access: 'admin', handler: async () => adminAgreements(ctx) },
    {
      method: 'POST',
      url: '/api/admin/agreements',
      access: 'admin',
      handler: async (req, reply) => reply.status(201).send(await publishAgreement(ctx, actorOf(req), parse(PublishAgreementRequest, req.body))),
    },
    { method: 'GET', url: '/api/admin/users/:id/agreements', access: 'admin', handler: async (req) => memberAcceptances(ctx, parse(UserId, req.params).id) },
  ];
}
