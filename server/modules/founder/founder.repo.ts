import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { users, memberVolume } from '../../db/schema/index';
import { salesTotals } from '../charts';
import { isPlaced, placement, placementIn } from '../tree';

/** Network figures of a founder, read from the tree counters (docs/spec/decisions.md §4, §10). */
export async function founderFigures(db: DbOrTx, founderId: string) {
  const [[hidden], [revenue], [legs]] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.isHiddenId, true), eq(users.sponsorId, founderId))),
    salesTotals(db, new Date(0)).then((t) => [{ total: t.amount }]),
    db.select({ l: memberVolume.leftCount, r: memberVolume.rightCount }).from(memberVolume).where(eq(memberVolume.memberId, founderId)),
  ]);
  const l = legs?.l ?? 0;
  const r = legs?.r ?? 0;
  return { totalUsers: l + r, hiddenIds: hidden.n, totalRevenue: revenue.total, leftLegUsers: l, rightLegUsers: r };
}

export async function hiddenIdsOf(db: DbOrTx, founderId: string) {
  return db
    .select({ id: users.id, userId: users.userId, firstName: users.firstName, lastName: users.lastName, email: users.email, position: placement.position, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.isHiddenId, true), eq(users.sponsorId, founderId)))
    .orderBy(desc(users.createdAt));
}

/** The founder's hidden IDs with their slot (parent), whether they have a child, and their applied BV (Network Override). */
export async function hiddenIdSlots(db: DbOrTx, founderId: string, ids?: string[]) {
  const t = placementIn('u');
  return rawRows<{
    id: string;
    user_id: string;
    first_name: string | null;
    last_name: string | null;
    email: string;
    position: 'left' | 'right' | null;
    placed: boolean;
    has_child: boolean;
    bv: string;
    parent_id: string | null;
    parent_user_id: string | null;
    parent_first: string | null;
    parent_last: string | null;
  }>(
    db,
    sql`select u.id::text, u.user_id, u.first_name, u.last_name, u.email, ${t.position}, ${t.placedAt} is not null as placed,
               (${t.leftChildId} is not null or ${t.rightChildId} is not null) as has_child,
               (coalesce(v.total_bv, 0) + coalesce(v.left_bv, 0) + coalesce(v.right_bv, 0))::text as bv,
               p.id::text as parent_id, p.user_id as parent_user_id, p.first_name as parent_first, p.last_name as parent_last
        from users u
        left join member_volume v on v.member_id = u.id
        left join users p on p.id = ${t.parentId}
        where u.is_hidden_id and u.sponsor_id = ${founderId}::uuid ${ids ? sql`and u.id = any(${sql.param(ids)}::uuid[])` : sql``}
        order by u.created_at desc`,
  );
}

export async function countHiddenIds(db: DbOrTx, founderId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.isHiddenId, true), eq(users.sponsorId, founderId)));
  return row.n;
}

/** Placed franchise holders (Mini and Basic), optionally matching `q` in user ID, name or email; the caller keeps its downline's. */
export async function placedFranchiseHolders(db: DbOrTx, q: string | undefined) {
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select({ id: users.id, userId: users.userId, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role, status: users.status })
    .from(users)
    .where(
      and(
        inArray(users.role, ['mini_franchise', 'basic_franchise']),
        isPlaced,
        like ? or(ilike(users.userId, like), ilike(users.email, like), sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) ilike ${like}`) : undefined,
      ),
    )
    .orderBy(users.userId)
    .limit(2000);
}
