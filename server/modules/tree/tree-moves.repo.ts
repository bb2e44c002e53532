import { eq, sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { users, treeMoves } from '../../db/schema/index';
import type { Position } from '../../../contracts/enums';
import type { PathRow } from './ancestry';
import { jumpOfChild, runTopOfChild } from './jumps';

// ---- moves of members without a downline (ADR 0018) ----

/** One member of the path from a member up to the root, with its children and their applied depths below. */
export interface PathUpRow {
  id: string;
  parent_id: string | null;
  position: Position | null;
  level: number;
  left_child_id: string | null;
  right_child_id: string | null;
  team_depth: number;
  left_depth: number | null;
  right_depth: number | null;
}

/** `fromId` and every ancestor up to the root, deepest first, with what a move needs to recompute their depth below. */
export async function pathUp(db: DbOrTx, fromId: string) {
  return rawRows<PathUpRow>(
    db,
    sql`with recursive up(id, parent_id, position, level, left_child_id, right_child_id) as (
          select id, parent_id, position, level, left_child_id, right_child_id from users where id = ${fromId}::uuid
          union all
          select p.id, p.parent_id, p.position, p.level, p.left_child_id, p.right_child_id from up join users p on p.id = up.parent_id
        )
        select up.id::text, up.parent_id::text, up.position, up.level, up.left_child_id::text, up.right_child_id::text,
               v.team_depth, lv.team_depth as left_depth, rv.team_depth as right_depth
        from up join member_volume v on v.member_id = up.id
        left join member_volume lv on lv.member_id = up.left_child_id
        left join member_volume rv on rv.member_id = up.right_child_id
        order by up.level desc`,
  );
}

/** What a move changes in one member's applied figures: counts and direct recruits per leg by these deltas, and the depth below when given. */
export interface FigureChange {
  id: string;
  lc: number;
  rc: number;
  la: number;
  ra: number;
  ld: number;
  rd: number;
  depth: number | null;
}

/** Writes a move's figure changes to member_volume in one statement (the caller holds the applier's lock). */
export async function changeFigures(db: DbOrTx, changes: FigureChange[]) {
  if (!changes.length) return;
  const col = <K extends keyof FigureChange>(k: K) => changes.map((c) => c[k]);
  await db.execute(sql`
    update member_volume t set left_count = t.left_count + f.lc, right_count = t.right_count + f.rc,
      left_active = t.left_active + f.la, right_active = t.right_active + f.ra,
      left_directs = t.left_directs + f.ld, right_directs = t.right_directs + f.rd,
      team_depth = coalesce(f.depth, t.team_depth)
    from unnest(${sql.param(col('id'))}::uuid[], ${sql.param(col('lc'))}::int[], ${sql.param(col('rc'))}::int[], ${sql.param(col('la'))}::int[],
                ${sql.param(col('ra'))}::int[], ${sql.param(col('ld'))}::int[], ${sql.param(col('rd'))}::int[], ${sql.param(col('depth'))}::int[])
      as f(id, lc, rc, la, ra, ld, rd, depth)
    where t.member_id = f.id`);
}

/** Takes a placed member without children out of its slot and puts it into the free slot (parentId, side), with its level and jump. */
export async function relinkLeaf(
  db: DbOrTx,
  member: { id: string; parentId: string; position: Position },
  to: { id: string; level: number; jumpId: string | null; position: string | null; runTop: string | null },
  side: Position,
) {
  await db
    .update(users)
    .set(member.position === 'left' ? { leftChildId: null } : { rightChildId: null })
    .where(eq(users.id, member.parentId));
  await db
    .update(users)
    .set({ parentId: to.id, position: side, level: to.level + 1, jumpId: jumpOfChild(to), runTop: runTopOfChild(to, side) })
    .where(eq(users.id, member.id));
  await db
    .update(users)
    .set(side === 'left' ? { leftChildId: member.id } : { rightChildId: member.id })
    .where(eq(users.id, to.id));
}

export async function insertTreeMove(db: DbOrTx, row: typeof treeMoves.$inferInsert) {
  await db.insert(treeMoves).values(row);
}

/** The moves after `afterId` with each moved member's link as it is now (parents first). */
export async function movesSince(db: DbOrTx, afterId: number) {
  return rawRows<PathRow & { move_id: string }>(
    db,
    sql`select m.id::text as move_id, u.id::text, u.parent_id::text, u.position, u.level
        from tree_moves m join users u on u.id = m.member_id where m.id > ${afterId} order by m.id`,
  );
}

/** Pending journal entries of a member (a move waits until its entries are applied). */
export async function pendingEntriesOf(db: DbOrTx, memberId: string) {
  const [row] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from volume_events where member_id = ${memberId}::uuid and applied_at is null`);
  return row.n;
}
