import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { parse } from '../../http/validate';
import { ProfileUpdateRequest } from '../../../contracts/profile';
import { AdminUserListQuery } from '../../../contracts/users';
import { maskTail } from '../../../contracts/kyc';
import { searchUsers, updateOwnProfile } from './users.service';
import { actorOf } from '../../http/actor';
import { accountFields } from './admin-changes';

export function userRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'PUT',
      url: '/api/user/profile',
      access: 'session',
      handler: async (req) => {
        return updateOwnProfile(ctx, actorOf(req), parse(ProfileUpdateRequest, req.body));
      },
    },
    {
      method: 'GET',
      url: '/api/users',
      access: 'admin',
      handler: async (req) => {
        const q = parse(AdminUserListQuery, req.query);
        const rows = await searchUsers(ctx, q.search, q.limit);
        return rows.map((u) => ({
          id: u.id,
          ...accountFields(u),
          kycStatus: u.kycStatus,
          idStatus: u.idStatus,
          currentRank: u.currentRank,
          bankAccountNumber: maskTail(u.bankAccountNumber),
          packageAmount: u.packageAmount,
          createdAt: u.createdAt.toISOString(),
          activationDate: u.activationDate?.toISOString() ?? null,
        }));
      },
    },
  ];
}
