/** Reads of the tree: nodes, the root, children, leg counts, and ancestry (who is above or below whom). */
import { eq, sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { users, memberVolume } from '../../db/schema/index';
import type { Position } from '../../../contracts/enums';
import { TREE_JUMP } from './jumps';

export interface TreeNodeRow {
  id: string;
  parentId: string | null;
  position: string | null;
  level: number;
  leftChildId: string | null;
  rightChildId: string | null;
  openDepth: number;
  placedAt: Date | null;
  status: string;
  jumpId: string | null;
  runTop: string | null;
}

const nodeColumns = {
  id: users.id,
  parentId: users.parentId,
  position: users.position,
  level: users.level,
  leftChildId: users.leftChildId,
  rightChildId: users.rightChildId,
  openDepth: users.openDepth,
  placedAt: users.placedAt,
  status: users.status,
  jumpId: users.jumpId,
  runTop: users.runTop,
};

export async function findNode(db: DbOrTx, id: string): Promise<TreeNodeRow | undefined> {
  const [row] = await db.select(nodeColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The root of the tree: the first founder, placed at install. */
export async function findTreeRoot(db: DbOrTx) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`${users.placedAt} is not null and ${users.parentId} is null and ${users.level} = 0`)
    .orderBy(users.placedAt)
    .limit(1);
  return row;
}

/** A member's members per leg (applied from the journal). */
export async function legCountsOf(db: DbOrTx, id: string) {
  const [row] = await db.select({ left: memberVolume.leftCount, right: memberVolume.rightCount }).from(memberVolume).where(eq(memberVolume.memberId, id));
  return row ?? { left: 0, right: 0 };
}

/**
 * The ancestor at `level` of each of these placed members (a member at that level answers itself; one above it, or not
 * placed, answers nothing): climbs by jump pointers while a jump stays at or below `level`, then by parents, all
 * members at once. A missing jump falls back to the parent (slower, never wrong).
 */
export async function ancestorsAtLevel(db: DbOrTx, ids: string[], level: number) {
  if (!ids.length) return [];
  return rawRows<{ of: string; id: string; parent_id: string | null; position: Position | null }>(
    db,
    sql`with recursive up(of, id, parent_id, jump_id, position, level) as (
          select u.id, u.id, u.parent_id, u.jump_id, u.position, u.level from users u
          where u.id = any(${sql.param(ids)}::uuid[]) and u.placed_at is not null and u.level >= ${level}::int
          union all
          select up.of, n.id, n.parent_id, n.jump_id, n.position, n.level
          from up join users n on n.id = coalesce(case when ((up.level - 1) / ${TREE_JUMP}::int) * ${TREE_JUMP}::int >= ${level}::int then up.jump_id end, up.parent_id)
          where up.level > ${level}::int
        )
        select of::text, id::text, parent_id::text, position from up where level = ${level}::int`,
  );
}

/** Children of a set of members (for the breadth-first fallback and the tree reads). */
export async function childrenOf(db: DbOrTx, parentIds: string[]) {
  if (!parentIds.length) return [];
  return db
    .select(nodeColumns)
    .from(users)
    .where(
      sql`${users.parentId} in (${sql.join(
        parentIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
}

/** Which leg of `ancestorId` holds `nodeId` (null when it is not below it). */
export async function legUnder(db: DbOrTx, ancestorId: string, nodeId: string): Promise<Position | null> {
  const [ancestor] = await db.select({ level: users.level, placedAt: users.placedAt }).from(users).where(eq(users.id, ancestorId));
  if (!ancestor?.placedAt || nodeId === ancestorId) return null;
  const [below] = await ancestorsAtLevel(db, [nodeId], ancestor.level + 1);
  return below?.parent_id === ancestorId ? below.position : null;
}

/**
 * Whether a placed member is in another's downline (or is that member): climbs from it to the other's level by jump
 * pointers (about 100 rows from 5,000 levels down) and compares the member reached there.
 */
export async function isInDownline(db: DbOrTx, ancestor: { id: string; level: number }, nodeId: string) {
  if (nodeId === ancestor.id) return true;
  if (ancestor.level === 0) {
    // The root (the one placed member without a parent): every placed member is below it.
    const [node] = await rawRows<{ placed: boolean }>(db, sql`select placed_at is not null as placed from users where id = ${nodeId}`);
    return Boolean(node?.placed);
  }
  const [top] = await ancestorsAtLevel(db, [nodeId], ancestor.level);
  return top?.id === ancestor.id;
}

/**
 * Which of `ids` are placed members in `ancestor`'s downline (the ancestor itself included), in one query: each climbs
 * to the ancestor's level by jump pointers (ancestorsAtLevel) and is kept when the member reached there is the ancestor.
 */
export async function placedInDownline(db: DbOrTx, ancestor: { id: string; level: number }, ids: string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set();
  if (ancestor.level === 0) {
    const rows = await rawRows<{ id: string }>(db, sql`select id::text from users where id = any(${sql.param(unique)}::uuid[]) and placed_at is not null`);
    return new Set(rows.map((r) => r.id));
  }
  return new Set((await ancestorsAtLevel(db, unique, ancestor.level)).filter((a) => a.id === ancestor.id).map((a) => a.of));
}
