import type { AppContext } from '../../context';
import { identityOf, type RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { HIDDEN_ID_LIMIT } from '../../../contracts/constants';
import { createHiddenId, founderFigures, hiddenIdList } from './founder.service';
import { parse } from '../../http/validate';
import { HiddenIdInput } from '../../../contracts/engagement';
import { FranchiseMasterQuery, HiddenIdParam, NetworkOverrideInput, OverrideRecruitParam } from '../../../contracts/founder';
import { moveHiddenId, overrideCandidates, overridePlacement } from './network-override.service';
import { franchiseMaster } from './franchise-master.service';

export function founderRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/api/founder/stats',
      access: 'founder',
      handler: async (req) => ({ ...(await founderFigures(ctx, identityOf(req).user.id)), hiddenIdLimit: HIDDEN_ID_LIMIT }),
    },
    {
      method: 'GET',
      url: '/api/founder/hidden-ids',
      access: 'founder',
      handler: async (req) => hiddenIdList(ctx, identityOf(req).user.id),
    },
    {
      method: 'POST',
      url: '/api/founder/create-hidden-id',
      access: 'founder',
      handler: async (req, reply) => reply.status(201).send(await createHiddenId(ctx, actorOf(req), parse(HiddenIdInput, req.body))),
    },
    {
      method: 'GET',
      url: '/api/founder/network-override',
      access: 'founder',
      handler: async (req) => overrideCandidates(ctx, actorOf(req)),
    },
    {
      method: 'POST',
      url: '/api/founder/network-override/:id',
      access: 'founder',
      handler: async (req) => overridePlacement(ctx, actorOf(req), parse(OverrideRecruitParam, req.params).id, parse(NetworkOverrideInput, req.body)),
    },
    {
      method: 'POST',
      url: '/api/founder/network-override/hidden-ids/:id',
      access: 'founder',
      handler: async (req) => moveHiddenId(ctx, actorOf(req), parse(HiddenIdParam, req.params).id, parse(NetworkOverrideInput, req.body)),
    },
    {
      method: 'GET',
      url: '/api/founder/franchises',
      access: 'founder',
      handler: async (req) => franchiseMaster(ctx, actorOf(req), parse(FranchiseMasterQuery, req.query).q),
    },
  ];
}
