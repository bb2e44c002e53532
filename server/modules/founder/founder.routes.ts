import type { AppContext } from '../../context';
import { identityOf, type RouteDef } from '../../http/routes';
import { HIDDEN_ID_LIMIT } from '../../../contracts/constants';
import { founderFigures, hiddenIdsOf } from './founder.repo';

export function founderRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET', url: '/api/founder/stats', access: 'founder',
      handler: async (req) => ({ ...(await founderFigures(ctx.db, identityOf(req).user)), hiddenIdLimit: HIDDEN_ID_LIMIT }),
    },
    {
      method: 'GET', url: '/api/founder/hidden-ids', access: 'founder',
      handler: async (req) =>
        (await hiddenIdsOf(ctx.db, identityOf(req).user.id)).map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })),
    },
  ];
}
