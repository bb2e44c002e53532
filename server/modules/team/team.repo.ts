import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { rawRows, preparedRows, type DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { users, memberVolume } from '../../db/schema/index';
import { ancestorsAtLevel, isPlaced, placement, placementIn } from '../tree';
import { teamFigureColumns } from '../volume';

/** Columns of a tree node and of a direct recruit (doc 3 §3.1). */
export const memberColumns = {
  id: users.id,
  userId: users.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  idStatus: users.idStatus,
  status: users.status,
  packageAmount: users.packageAmount,
  position: placement.position,
  level: placement.level,
  ...teamFigureColumns,
  leftChildId: placement.leftChildId,
  rightChildId: placement.rightChildId,
  parentId: placement.parentId,
  registrationDate: users.registrationDate,
  createdAt: users.createdAt,
  activationDate: users.activationDate,
  placedAt: placement.placedAt,
  currentRank: users.currentRank,
};

export async function memberNode(db: DbOrTx, id: string) {
  const [row] = await db.select(memberColumns).from(users).innerJoin(memberVolume, eq(memberVolume.memberId, users.id)).where(eq(users.id, id)).limit(1);
  return row;
}
export type MemberNodeRow = NonNullable<Awaited<ReturnType<typeof memberNode>>>;

export async function memberNodes(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select(memberColumns)
    .from(users)
    .innerJoin(memberVolume, eq(memberVolume.memberId, users.id))
    .where(
      sql`${users.id} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
}

export interface StatsFiguresRow {
  pending: number;
  left_bv: string;
  right_bv: string;
  left_count: number;
  right_count: number;
  left_active: number;
  right_active: number;
  team_depth: number;
  total_directs: number;
  achievements: { rank: string; achieved_at: string }[];
}

/**
 * What Team stats reads besides the member's own row, in one prepared statement (the page members open
 * most): recruits still waiting, the member's figures (legs, counters, directs) and the rank history.
 */
export async function statsFigures(db: DbOrTx, memberId: string): Promise<StatsFiguresRow> {
  const [row] = await preparedRows<StatsFiguresRow>(
    db,
    'team_stats_figures',
    sql`
    select (select count(*)::int from pending_recruits r
              where r.recruiter_id = ${memberId}::uuid and r.status in ('awaiting_upline', 'awaiting_admin')) as pending,
           coalesce(v.left_bv, 0)::numeric(14,2)::text as left_bv, coalesce(v.right_bv, 0)::numeric(14,2)::text as right_bv,
           coalesce(v.left_count, 0) as left_count, coalesce(v.right_count, 0) as right_count, coalesce(v.left_active, 0) as left_active,
           coalesce(v.right_active, 0) as right_active, coalesce(v.team_depth, 0) as team_depth, coalesce(v.total_directs, 0) as total_directs,
           coalesce((select json_agg(a) from (
             select rank, achieved_at from rank_achievements where user_id = ${memberId}::uuid order by achieved_at desc limit 20) a), '[]'::json) as achievements
    from (select 1) one left join member_volume v on v.member_id = ${memberId}::uuid`,
  );
  return row;
}

export interface PairingFiguresRow {
  member_id: string;
  carry_left: string | null;
  carry_right: string | null;
  cycle_left: string | null;
  cycle_right: string | null;
  carry_as_of: Date | string | null;
  open_starts_at: Date | string | null;
  open_ends_at: Date | string | null;
}

/**
 * The pairing figures of the visible tree nodes in one statement: each member's carry per leg after the last
 * posted pairing cycle (comp_carry) and the BV added to each leg in the open pairing cycle (member_volume and
 * leg_volumes, which the volume applier fills), both by primary key; the two cycles through comp_cycles' own indexes.
 */
export async function pairingFigures(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return rawRows<PairingFiguresRow>(
    db,
    sql`
    with posted as (
      select id, ends_at from comp_cycles where kind = 'pairing' and status = 'posted' order by starts_at desc limit 1
    ), open as (
      select id, starts_at, ends_at from comp_cycles where kind = 'pairing' and status = 'open' limit 1
    )
    select m.id::text as member_id, k.carry_left::text as carry_left, k.carry_right::text as carry_right,
           (coalesce(v.left_bv, 0) + case when mv.pairing_cycle_id = (select id from open) then mv.pairing_left else 0 end)::numeric(14,2)::text as cycle_left,
           (coalesce(v.right_bv, 0) + case when mv.pairing_cycle_id = (select id from open) then mv.pairing_right else 0 end)::numeric(14,2)::text as cycle_right,
           (select ends_at from posted) as carry_as_of, (select starts_at from open) as open_starts_at, (select ends_at from open) as open_ends_at
    from unnest(${sql.param(ids)}::uuid[]) as m(id)
    left join comp_carry k on k.cycle_id = (select id from posted) and k.member_id = m.id
    left join leg_volumes v on v.cycle_id = (select id from open) and v.member_id = m.id
    left join member_volume mv on mv.member_id = m.id`,
  );
}

/** Members this member sponsored who are in the tree, newest first; optional search on names and email. */
export async function sponsoredMembers(db: DbOrTx, sponsorId: string, search: string | undefined, limit = 500) {
  const term = search ? containsPattern(search) : undefined;
  return db
    .select(memberColumns)
    .from(users)
    .innerJoin(memberVolume, eq(memberVolume.memberId, users.id))
    .where(and(eq(users.sponsorId, sponsorId), isPlaced, term ? or(ilike(users.firstName, term), ilike(users.lastName, term), ilike(users.email, term)) : undefined))
    .orderBy(desc(users.registrationDate))
    .limit(limit);
}

export interface DownlineRow {
  id: string;
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  package_amount: string | null;
  registration_date: Date | string;
  created_at: Date | string;
  activation_date: Date | string | null;
  id_status: string;
  status: string;
  position: string | null;
  total_bv: string;
  depth: number;
  leg: string;
  lvl_count: number | string;
  lvl_active: number | string;
  lvl_left: number | string;
  lvl_bv: string;
}

/**
 * The downline of `rootId` down to `levels` levels, walked by parent links (one index probe per member),
 * filtered by the search box, the level and the status filter (docs/spec/decisions.md §11: they filter). Each
 * level's figures cover every matching member; at most `perLevel` members of a level are listed.
 */
export async function downlineOf(db: DbOrTx, rootId: string, levels: number, filters: { search?: string; level?: number; status?: 'active' | 'inactive' | 'pending' }, perLevel: number) {
  const term = filters.search ? containsPattern(filters.search) : null;
  const status = filters.status === 'inactive' ? sql`u.status in ('inactive', 'suspended')` : filters.status ? sql`u.status = ${filters.status}` : sql`true`;
  const t = placementIn('u');
  return rawRows<DownlineRow>(
    db,
    sql`with recursive down as (
          select u.id, u.user_id, u.first_name, u.last_name, u.email, u.package_amount, u.registration_date, u.created_at, u.activation_date,
                 u.id_status, u.status, ${t.position}, ${t.placedAt}, 1 as depth, ${t.position} as leg
          from users u where ${t.parentId} = ${rootId}::uuid
          union all
          select u.id, u.user_id, u.first_name, u.last_name, u.email, u.package_amount, u.registration_date, u.created_at, u.activation_date,
                 u.id_status, u.status, ${t.position}, ${t.placedAt}, d.depth + 1, d.leg
          from down d join users u on ${t.parentId} = d.id where d.depth < ${levels}::int
        ),
        matched as (
          select u.*, mv.total_bv from down u join member_volume mv on mv.member_id = u.id
          where ${status}
            and (${filters.level ?? null}::int is null or u.depth = ${filters.level ?? null}::int)
            and (${term}::text is null or u.first_name ilike ${term} or u.last_name ilike ${term} or u.email ilike ${term} or u.user_id ilike ${term}
                 or (coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) ilike ${term})
        ),
        ranked as (
          select m.*, row_number() over (partition by m.depth order by m.placed_at, m.id) as rn,
                 count(*) over w as lvl_count, count(*) filter (where m.status = 'active') over w as lvl_active,
                 count(*) filter (where m.leg = 'left') over w as lvl_left, (sum(m.total_bv) over w)::text as lvl_bv
          from matched m window w as (partition by m.depth)
        )
        select id, user_id, first_name, last_name, email, package_amount::text as package_amount, registration_date, created_at, activation_date,
               id_status, status, position, total_bv::text as total_bv, depth, leg, lvl_count, lvl_active, lvl_left, lvl_bv
        from ranked where rn <= ${perLevel}::int
        order by depth, rn`,
  );
}

/** Members with a free side, for strategic placement (doc 2 §5): shallowest first. */
export async function placementParents(db: DbOrTx, search: string | undefined, limit: number) {
  const term = search ? containsPattern(search) : undefined;
  return db
    .select({
      id: users.id,
      userId: users.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      level: placement.level,
      leftChildId: placement.leftChildId,
      rightChildId: placement.rightChildId,
    })
    .from(users)
    .where(
      and(
        sql`${placement.placedAt} is not null and (${placement.leftChildId} is null or ${placement.rightChildId} is null)`,
        eq(users.status, 'active'),
        term ? or(ilike(users.userId, term), ilike(users.email, term), sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) like lower(${term})`) : undefined,
      ),
    )
    .orderBy(placement.level, users.createdAt)
    .limit(limit);
}

/** A member found by the genealogy search. */
export interface TreeMatchRow {
  id: string;
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  status: string;
  current_rank: string | null;
  level: number;
}
const u = placementIn('u');
const matchColumns = sql`u.id::text, u.user_id, u.first_name, u.last_name, u.status, u.current_rank, ${u.level}`;
/** The name as the trigram index `users_name_trgm_idx` holds it. */
const indexedName = sql.raw(`lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))`);

/** A placed member by user ID (user IDs are upper case), at or below a level. */
export async function placedByUserId(db: DbOrTx, userId: string, minLevel: number) {
  const [row] = await rawRows<TreeMatchRow>(
    db,
    sql`select ${matchColumns} from users u
    where u.user_id = ${userId.toUpperCase()} and ${u.placedAt} is not null and ${u.level} >= ${minLevel}::int`,
  );
  return row;
}

/** Placed members whose name contains the term, shallowest first (the whole tree: the root's or an admin's search). */
export async function nameMatchesAnywhere(db: DbOrTx, term: string, minLevel: number, limit: number) {
  return rawRows<TreeMatchRow>(
    db,
    sql`select ${matchColumns} from users u
    where ${u.placedAt} is not null and ${u.level} >= ${minLevel}::int and ${indexedName} like ${containsPattern(term.toLowerCase())}
    order by ${u.level}, u.user_id limit ${limit}::int`,
  );
}

/**
 * Name matches in one member's downline, found by walking it breadth first from the member (nearest levels first)
 * and stopping at `limit` matches or after `budget` members. `complete` says whether the whole downline was walked.
 */
export async function nameMatchesInDownline(db: DbOrTx, topId: string, term: string, limit: number, budget: number) {
  const rows = await rawRows<TreeMatchRow>(
    db,
    sql`with recursive ${downlineWalk(topId)}
      select ${matchColumns} from (select id from down limit ${budget}::int) w join users u on u.id = w.id
      where u.id <> ${topId}::uuid and ${indexedName} like ${containsPattern(term.toLowerCase())}
      limit ${limit}::int`,
  );
  const complete = rows.length < limit && (await downlineWithin(db, topId, budget)) < budget;
  return { rows, complete };
}

/** The `down(id, left_id, right_id)` term of a breadth-first walk of a downline by child links, from (and with) `topId`. */
function downlineWalk(topId: string) {
  const [t, c] = [placementIn(), placementIn('c')];
  return sql`down(id, left_id, right_id) as (
        select id, ${t.leftChildId}, ${t.rightChildId} from users where id = ${topId}::uuid
        union all
        select c.id, ${c.leftChildId}, ${c.rightChildId} from down d join users c on c.id = any(array[d.left_id, d.right_id])
      )`;
}

/** Whether a downline (the member included) has fewer than `budget` members: walks at most `budget` of them. */
async function downlineWithin(db: DbOrTx, topId: string, budget: number) {
  const [row] = await rawRows<{ n: number }>(
    db,
    sql`with recursive ${downlineWalk(topId)}
      select count(*)::int as n from (select 1 from down limit ${budget}::int) x`,
  );
  return row.n;
}

/**
 * Of the placed members whose name contains the term (at most `candidates` of them, shallowest first), those in one
 * member's downline: each climbs to the member's level by the tree's jump pointers, all at once (ancestorsAtLevel).
 */
export async function nameMatchesBelow(db: DbOrTx, top: { id: string; level: number }, term: string, candidates: number) {
  const cand = await rawRows<TreeMatchRow>(
    db,
    sql`select u.id::text, u.user_id, u.first_name, u.last_name, u.status, u.current_rank, ${u.level}
        from users u where ${u.placedAt} is not null and ${u.level} > ${top.level}::int and ${indexedName} like ${containsPattern(term.toLowerCase())}
        order by ${u.level}, u.user_id limit ${candidates}::int`,
  );
  const under = new Set(
    (
      await ancestorsAtLevel(
        db,
        cand.map((c) => c.id),
        top.level,
      )
    )
      .filter((a) => a.id === top.id)
      .map((a) => a.of),
  );
  return cand.filter((c) => under.has(c.id));
}

/** The tree level of each member. */
export async function memberLevels(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, level: placement.level })
    .from(users)
    .where(sql`${users.id} = any(${`{${ids.join(',')}}`}::uuid[])`);
}

/** The nearest `n` ancestors of each member (the member first), none at or above `aboveLevel`. */
export async function nearestAncestors(db: DbOrTx, ids: string[], n: number, aboveLevel: number) {
  if (!ids.length) return [];
  const [bare, p] = [placementIn(), placementIn('p')];
  return rawRows<{ of: string; id: string; user_id: string; first_name: string | null; last_name: string | null; step: number }>(
    db,
    sql`with recursive up(of, id, parent, level, step) as (
        select id, id, ${bare.parentId}, ${bare.level}, 0 from users where id = any(${`{${ids.join(',')}}`}::uuid[])
        union all
        select up.of, p.id, ${p.parentId}, ${p.level}, up.step + 1 from up join users p on p.id = up.parent
        where up.step + 1 < ${n}::int and ${p.level} > ${aboveLevel}::int
      )
      select up.of::text, up.id::text, u.user_id, u.first_name, u.last_name, up.step from up join users u on u.id = up.id`,
  );
}

/**
 * The last member down one side from a node, and the steps to it: the deepest member of the run of that side through
 * the node (the run pointers, ADR 0017), one read of users_run_idx however long the run (the node itself when that side is empty).
 */
export async function outermost(db: DbOrTx, startId: string, side: 'left' | 'right') {
  const [t, x] = [placementIn(), placementIn('x')];
  const [row] = await rawRows<{ id: string; user_id: string; first_name: string | null; last_name: string | null; steps: number }>(
    db,
    sql`with s as (
          select id, ${t.level}, case when ${t.position} = ${side} and ${t.runTop} is not null then ${t.runTop} else id end as top from users where id = ${startId}::uuid
        )
        select coalesce(deep.id, s.id)::text as id, u.user_id, u.first_name, u.last_name, coalesce(deep.level, s.level) - s.level as steps
        from s
        left join lateral (
          select x.id, ${x.level} from users x where ${x.runTop} = s.top and ${x.position} = ${side} and ${x.level} > s.level order by ${x.level} desc limit 1
        ) deep on true
        join users u on u.id = coalesce(deep.id, s.id)`,
  );
  return { id: row.id, userId: row.user_id, firstName: row.first_name, lastName: row.last_name, steps: row.steps };
}
