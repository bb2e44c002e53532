import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { identityOf, requireStepUp, type RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { IdParam } from '../../../contracts/notifications';
import { AdminUserSearchQuery, AdminUserEditRequest, MemberEditRequest, CreateUserRequest, UserStatusRequest } from '../../../contracts/admin';
import * as svc from './admin-users.service';

const UserIdParam = z.object({ userId: z.string().trim().min(1).max(16) });

export function adminUserRoutes(ctx: AppContext): RouteDef[] {
  // The edit dialog's call, reached by internal id (PATCH) or by public user id (PUT).
  const editFound = async (req: FastifyRequest, target: Awaited<ReturnType<typeof svc.findUserById>>) => {
    const input = parse(AdminUserEditRequest, req.body);
    // Setting another user's password or TXN PIN asks for the second factor again (issue 13, step-up).
    if (input.password !== undefined || input.txnPin !== undefined) requireStepUp(identityOf(req), ctx.clock.now());
    const u = await svc.editUser(ctx, actorOf(req), target, input);
    return { message: 'User updated successfully', id: u.id };
  };
  return [
    {
      method: 'GET', url: '/api/admin/users/search', access: 'admin',
      handler: async (req) => svc.searchUsers(ctx, parse(AdminUserSearchQuery, req.query)),
    },
    {
      method: 'PATCH', url: '/api/admin/users/:id/status', access: 'admin',
      handler: async (req) => {
        const { id } = parse(IdParam, req.params);
        const { status } = parse(UserStatusRequest, req.body);
        const u = await svc.setStatus(ctx, actorOf(req), id, status);
        return { message: status === 'active' ? 'User activated' : 'User blocked', id: u.id, status: u.status };
      },
    },
    {
      method: 'PATCH', url: '/api/admin/users/:id', access: 'admin',
      handler: async (req) => editFound(req, await svc.findUserById(ctx.db, parse(IdParam, req.params).id)),
    },
    {
      method: 'PUT', url: '/api/users/:userId', access: 'admin',
      handler: async (req) => editFound(req, await svc.findUserByUserId(ctx.db, parse(UserIdParam, req.params).userId)),
    },
    {
      method: 'PATCH', url: '/api/users/:id', access: 'admin',
      handler: async (req) => {
        const { id } = parse(IdParam, req.params);
        const input = parse(MemberEditRequest, req.body);
        // A change of role asks for the second factor again (issue 13, step-up).
        const target = await svc.findUserById(ctx.db, id);
        if (target && target.role !== input.role) requireStepUp(identityOf(req), ctx.clock.now());
        const u = await svc.editMember(ctx, actorOf(req), id, input);
        return { message: 'User updated successfully', id: u.id };
      },
    },
    {
      method: 'POST', url: '/api/users', access: 'admin',
      handler: async (req, reply) => {
        const input = parse(CreateUserRequest, req.body);
        // Making an admin is a role change: the second factor again (issue 13, step-up).
        if (input.role === 'admin') requireStepUp(identityOf(req), ctx.clock.now());
        const u = await svc.createUser(ctx, actorOf(req), input);
        return reply.status(201).send({ message: 'Signup email sent', id: u.id, userId: u.userId });
      },
    },
    {
      method: 'DELETE', url: '/api/users/:id', access: 'admin',
      handler: async (req) => {
        const { id } = parse(IdParam, req.params);
        await svc.deleteUser(ctx, actorOf(req), id);
        return { message: 'User deleted successfully' };
      },
    },
    {
      method: 'POST', url: '/api/admin/login-as-user/:id', access: 'reviewer',
      handler: async (req) => {
        const { id } = parse(IdParam, req.params);
        return { message: 'Impersonation code issued', ...(await svc.loginAsUser(ctx, actorOf(req), id)) };
      },
    },
    {
      method: 'POST', url: '/api/admin/impersonate/:id', access: 'reviewer',
      handler: async (req) => {
        const { id } = parse(IdParam, req.params);
        const issued = await svc.loginAsUser(ctx, actorOf(req), id);
        return { message: 'Impersonation code issued', code: issued.code, redirectUrl: issued.url };
      },
    },
  ];
}
