import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../../contracts/messages';
import type { AppContext } from '../../context';
import { identityOf, type RouteDef } from '../../http/routes';
import { requireStepUp } from '../auth';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { IdParam } from '../../../contracts/notifications';
import { UserIdParam } from '../../../contracts/auth';
import { AdminUserSearchQuery, AdminUserEditRequest, MemberEditRequest, CreateUserRequest, UserStatusRequest, UserDisplayIdParam } from '../../../contracts/admin';
import * as svc from './admin-users.service';

export function adminUserRoutes(ctx: AppContext): RouteDef[] {
  // The edit dialog's call, reached by internal id (PATCH) or by public user id (PUT).
  // A change of payout details waits for a second admin (202, issue 13); the rest of the edit is applied either way.
  const editFound = async (req: FastifyRequest, reply: FastifyReply, target: Awaited<ReturnType<typeof svc.findUserById>>) => {
    const input = parse(AdminUserEditRequest, req.body);
    // Another user's password, PIN or email, or anything of an admin or founder, asks for the second factor again
    // (issues 13 and 29, the money-control matrix's condition for this route).
    const actor = actorOf(req);
    if (target && (input.password !== undefined || input.txnPin !== undefined || input.email !== target.email || svc.isGuardedTarget(actor, target))) {
      requireStepUp(identityOf(req), ctx.clock.now());
    }
    const { user, approval, approvalKind } = await svc.editUser(ctx, actor, target, input);
    if (approval) return reply.status(202).send({ message: approvalKind === 'credential_change' ? MSG.credentialChangeRequested : MSG.payoutChangeRequested, id: user.id, approval });
    return { message: 'User updated successfully', id: user.id };
  };
  return [
    {
      method: 'GET',
      url: '/api/admin/users/search',
      access: 'admin',
      handler: async (req) => svc.searchUsers(ctx, actorOf(req), parse(AdminUserSearchQuery, req.query)),
    },
    {
      method: 'PATCH',
      url: '/api/admin/users/:id/status',
      access: 'admin',
      handler: async (req) => {
        const { id } = parse(IdParam, req.params);
        const { status } = parse(UserStatusRequest, req.body);
        // Blocking or activating an admin or founder asks for the second factor again (issue 29).
        const target = await svc.findUserById(ctx.db, id);
        if (target && svc.isGuardedTarget(actorOf(req), target)) requireStepUp(identityOf(req), ctx.clock.now());
        const u = await svc.setStatus(ctx, actorOf(req), id, status);
        return { message: status === 'active' ? 'User activated' : 'User blocked', id: u.id, status: u.status };
      },
    },
    {
      method: 'PATCH',
      url: '/api/admin/users/:id',
      access: 'admin',
      handler: async (req, reply) => editFound(req, reply, await svc.findUserById(ctx.db, parse(IdParam, req.params).id)),
    },
    {
      method: 'PUT',
      url: '/api/users/:userId',
      access: 'admin',
      handler: async (req, reply) => editFound(req, reply, await svc.findUserByUserId(ctx.db, parse(UserDisplayIdParam, req.params).userId)),
    },
    {
      method: 'PATCH',
      url: '/api/users/:id',
      access: 'admin',
      handler: async (req, reply) => {
        const { id } = parse(IdParam, req.params);
        const input = parse(MemberEditRequest, req.body);
        // A change of role or email asks for the second factor again (issues 13 and 29, step-up).
        const target = await svc.findUserById(ctx.db, id);
        if (target && (target.role !== input.role || target.email !== input.email)) requireStepUp(identityOf(req), ctx.clock.now());
        const { user, approval, approvalKind } = await svc.editMember(ctx, actorOf(req), id, input);
        // A role change to admin or founder waits for a second admin, an admin's email for a third person (202).
        if (approval) return reply.status(202).send({ message: approvalKind === 'credential_change' ? MSG.credentialChangeRequested : MSG.roleChangeRequested, id: user.id, approval });
        return { message: 'User updated successfully', id: user.id };
      },
    },
    {
      method: 'POST',
      url: '/api/users',
      access: 'admin',
      handler: async (req, reply) => {
        const input = parse(CreateUserRequest, req.body);
        // Making an admin is a role change: the second factor again (issue 13, step-up).
        if (input.role === 'admin') requireStepUp(identityOf(req), ctx.clock.now());
        const { user, approval } = await svc.createUser(ctx, actorOf(req), input);
        // A new admin account waits for a second admin (202, issue 13).
        if (!user) return reply.status(202).send({ message: MSG.adminInviteRequested, approval });
        return reply.status(201).send({ message: 'Signup email sent', id: user.id, userId: user.userId });
      },
    },
    {
      method: 'DELETE',
      url: '/api/users/:id',
      access: 'admin',
      handler: async (req) => {
        const { id } = parse(IdParam, req.params);
        await svc.deleteUser(ctx, actorOf(req), id);
        return { message: 'User deleted successfully' };
      },
    },
    {
      // Step-up from the money-control matrix; an admin's or founder's reset waits for a third person (202, issue 29).
      method: 'POST',
      url: '/api/admin/users/:id/two-factor/reset',
      access: 'admin',
      handler: async (req, reply) => {
        const { approval } = await svc.resetTwoFactor(ctx, actorOf(req), parse(UserIdParam, req.params).id);
        if (approval) return reply.status(202).send({ message: MSG.credentialChangeRequested, approval });
        return { message: MSG.twoFactorReset };
      },
    },
  ];
}
