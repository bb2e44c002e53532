import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { parse } from '../../http/validate';
import { actorOf } from '../../http/actor';
import { FreeUsersQuery, TodayJoiningsQuery, ExportQuery } from '../../../contracts/admin';
import { paidMembers, freeUsers, todayJoinings } from './member-lists.service';
import { exportUsers, exportFilename } from './export.service';

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

export function memberListRoutes(ctx: AppContext): RouteDef[] {
  return [
    { method: 'GET', url: '/api/users/paid-members', access: 'admin', handler: async (req) => paidMembers(ctx, actorOf(req)) },
    { method: 'GET', url: '/api/users/free-users', access: 'admin', handler: async (req) => freeUsers(ctx, actorOf(req), parse(FreeUsersQuery, req.query)) },
    {
      method: 'GET',
      url: '/api/users/today-joinings',
      access: 'admin',
      handler: async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return todayJoinings(ctx, actorOf(req), parse(TodayJoiningsQuery, req.query));
      },
    },
    {
      method: 'GET',
      url: '/api/admin/users/export',
      access: 'admin',
      handler: async (req, reply) => {
        const q = parse(ExportQuery, req.query);
        const stream = exportUsers(ctx, actorOf(req), q);
        return reply
          .header('content-type', CONTENT_TYPES[q.format])
          .header('content-disposition', `attachment; filename="${exportFilename(q.scope, q.format, ctx.clock.now())}"`)
          .header('cache-control', 'no-store')
          .send(stream);
      },
    },
  ];
}
