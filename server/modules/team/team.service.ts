import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Principal } from '../../core/actor';
import type { Position } from '../../../contracts/enums';
import type { DirectRecruit, DownlineQuery, DownlineResponse, DownlineLevel, TeamStats } from '../../../contracts/team';
import { findUserFields } from '../users';
import { rankProgress } from '../ranks';
import { addMoney } from '../../lib/money';
import { volumeOf } from '../volume';
import { statsFigures, sponsoredMembers, downlineOf, type MemberNodeRow } from './team.repo';
import { iso } from './team-format';
import { readDb } from '../../core/read-db';

function toDirect(u: MemberNodeRow): DirectRecruit {
  return {
    id: u.id,
    userId: u.userId,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    packageAmount: u.packageAmount,
    registrationDate: u.registrationDate.toISOString(),
    createdAt: u.createdAt.toISOString(),
    activationDate: iso(u.activationDate),
    idStatus: u.idStatus,
    status: u.status,
    position: (u.position as Position | null) ?? null,
  };
}

export async function teamStats(ctx: AppContext, principal: Principal): Promise<TeamStats> {
  // The team's figures tolerate a little lag (ADR 0031), as every read of this file.
  const db = readDb(ctx, principal);
  const [f, me] = await Promise.all([statsFigures(db, principal.id), findUserFields(db, principal.id, ['id', 'leftChildId', 'rightChildId', 'currentRank']).then((u) => u!)]);
  const achievements = f.achievements.map((a) => ({ rank: a.rank, achievedAt: new Date(a.achieved_at) }));
  return {
    totalDownline: f.left_count + f.right_count,
    activeMembers: f.left_active + f.right_active,
    directRecruits: f.total_directs,
    totalDirects: f.total_directs,
    directPositions: (me.leftChildId ? 1 : 0) + (me.rightChildId ? 1 : 0),
    currentRank: me.currentRank,
    teamBV: addMoney(f.left_bv, f.right_bv),
    leftBV: f.left_bv,
    rightBV: f.right_bv,
    leftCount: f.left_count,
    rightCount: f.right_count,
    leftActive: f.left_active,
    rightActive: f.right_active,
    depth: f.team_depth,
    pendingRecruits: f.pending,
    rank: rankProgress({ id: me.id, currentRank: me.currentRank, leftBV: f.left_bv, rightBV: f.right_bv, totalDirects: f.total_directs }, achievements),
  };
}

export async function directRecruits(ctx: AppContext, me: Principal, search?: string): Promise<DirectRecruit[]> {
  return (await sponsoredMembers(readDb(ctx, me), me.id, search)).map(toDirect);
}

/** Members listed per level: enough to browse; the figures of each level always cover all of it. */
const PER_LEVEL = 100;
const PER_LEVEL_FILTERED = 1000;

export async function downline(ctx: AppContext, principal: Principal, q: z.output<typeof DownlineQuery>): Promise<DownlineResponse> {
  const db = readDb(ctx, principal);
  const me = (await findUserFields(db, principal.id, ['id', 'placedAt']))!;
  const [rows, bv] = await Promise.all([
    me.placedAt ? downlineOf(db, me.id, q.levels, { search: q.search, level: q.level, status: q.status }, q.level ? PER_LEVEL_FILTERED : PER_LEVEL) : [],
    volumeOf(db, me.id),
  ]);
  const levels = new Map<number, DownlineLevel>();
  const members = rows.map((r) => {
    const lv = levels.get(r.depth);
    if (lv) lv.shown++;
    else {
      const count = Number(r.lvl_count);
      const left = Number(r.lvl_left);
      levels.set(r.depth, { level: r.depth, count, active: Number(r.lvl_active), bv: r.lvl_bv ?? '0.00', left, right: count - left, shown: 1 });
    }
    return {
      id: r.id,
      userId: r.user_id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      packageAmount: r.package_amount,
      registrationDate: iso(r.registration_date)!,
      createdAt: iso(r.created_at)!,
      activationDate: iso(r.activation_date),
      idStatus: r.id_status,
      status: r.status,
      position: (r.position as Position | null) ?? null,
      level: String(r.depth),
      totalBV: r.total_bv,
      leg: r.leg as Position,
    };
  });
  return {
    members,
    levels: [...levels.values()].sort((a, b) => a.level - b.level),
    summary: { totalDownline: bv.leftCount + bv.rightCount, activeMembers: bv.leftActive + bv.rightActive, totalLevels: bv.teamDepth, totalBV: addMoney(bv.leftBV, bv.rightBV) },
  };
}
