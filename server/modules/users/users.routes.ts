import type { AppContext } from '../../context';
import { get, put, type RouteDef } from '../../http/routes';
import { parse } from '../../http/validate';
import { ProfileUpdateRequest } from '../../../contracts/profile';
import { AdminUserListQuery } from '../../../contracts/users';
import { maskTail } from '../../../contracts/kyc';
import { searchUsers, updateOwnProfile } from './users.service';
import { actorOf } from '../../http/actor';
import { accountFields } from './admin-changes';

export function userRoutes(ctx: AppContext): RouteDef[] {
  return [
    put('/api/user/profile', 'session', async (req) => {
      return updateOwnProfile(ctx, actorOf(req), parse(ProfileUpdateRequest, req.body));
    }),
    get('/api/users', 'admin', async (req) => {
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
    }),
  ];
}
