import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Actor } from '../../core/actor';
import { readDb } from '../../core/read-db';
import { badRequest } from '../../core/app-error';
import { FreeUsersQuery, TodayJoiningsQuery } from '../../../contracts/admin';
import { isValidTimeZone, startOfDayIn, endOfDayIn, todayIn } from '../../lib/time';
import { searchUserPage, countUsersWhere, type UserFilter } from './admin-users.repo';
import { toAdminUserRow } from './admin-users.service';

const base: UserFilter = { searchType: 'name', dateFilterType: 'registration' };

/** Paid members: approved KYC, complete bank details and an active package (document 2 §2.5). */
/* The admin's member lists tolerate a little lag: a replica serves them when one is in use (ADR 0031). */

export async function paidMembers(ctx: AppContext, actor: Actor, limit = 500) {
  const rows = await searchUserPage(readDb(ctx, actor), { ...base, paidOnly: true }, 'activationDate', 'desc', undefined, limit);
  return rows.map(toAdminUserRow);
}

/** Free users: package amount 0 or none; the count line needs both the matching and the total figure. */
export async function freeUsers(ctx: AppContext, actor: Actor, q: z.output<typeof FreeUsersQuery>) {
  const filter: UserFilter = { ...base, freeOnly: true, query: q.search };
  const db = readDb(ctx, actor);
  const [rows, matching, total] = await Promise.all([
    searchUserPage(db, filter, 'registrationDate', 'desc', undefined, q.limit),
    countUsersWhere(db, filter),
    countUsersWhere(db, { ...base, freeOnly: true }),
  ]);
  return { items: rows.map(toAdminUserRow), matching, total };
}

/** Users activated today in the browser's time zone. */
export async function todayJoinings(ctx: AppContext, actor: Actor, q: z.output<typeof TodayJoiningsQuery>) {
  if (!isValidTimeZone(q.timezone)) throw badRequest('Unknown time zone', { timezone: ['Unknown time zone'] });
  const day = todayIn(ctx.clock.now(), q.timezone);
  const rows = await searchUserPage(readDb(ctx, actor), { ...base, activatedFrom: startOfDayIn(day, q.timezone), activatedTo: endOfDayIn(day, q.timezone) }, 'activationDate', 'desc', undefined, 1000);
  return { date: day, timezone: q.timezone, items: rows.map(toAdminUserRow) };
}
