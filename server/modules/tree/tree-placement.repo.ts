import { eq, sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { users } from '../../db/schema/index';
import type { Position } from '../../../contracts/enums';
import { jumpOfChild, runTopOfChild } from './jumps';
import { LOCKS } from '../../db/locks';

/**
 * The tree engine's storage (docs/spec/decisions.md §4). Every placement and every change of a placed member's
 * active state runs under one transaction-scoped advisory lock, so counters along the ancestor path are
 * updated in one order and a slot is chosen from a consistent picture; the unique (parent, position)
 * index is the last line of defence against a double-occupied slot.
 */

export async function lockTree(db: DbOrTx) {
  await db.execute(sql.raw(`select pg_advisory_xact_lock(${LOCKS.tree})`));
}

/** Makes a user the tree root (level 0); used once, for the first founder. */
export async function makeRoot(db: DbOrTx, userId: string, now: Date) {
  await db.update(users).set({ level: 0, parentId: null, position: null, placedAt: now, openDepth: 0, jumpId: null, runTop: null }).where(eq(users.id, userId));
}

/**
 * Follows open_depth down from `fromId`: at each full member, into the child whose subtree has the
 * shallowest free slot, the left one on a tie. That ends at the first free slot in breadth-first order
 * (shallowest level, leftmost within it) after visiting one member per level, never the whole leg.
 */
export async function descendToOpenSlot(db: DbOrTx, fromId: string) {
  const rows = await rawRows<{ id: string; left_child_id: string | null; right_child_id: string | null }>(
    db,
    sql`with recursive walk(id, open_depth, left_child_id, right_child_id, step) as (
          select u.id, u.open_depth, u.left_child_id, u.right_child_id, 0 from users u where u.id = ${fromId}
          union all
          select c.id, c.open_depth, c.left_child_id, c.right_child_id, w.step + 1
          from walk w
          cross join lateral (
            select x.id, x.open_depth, x.left_child_id, x.right_child_id
            from users x
            where x.id = w.left_child_id or x.id = w.right_child_id
            order by x.open_depth, (x.id = w.right_child_id)
            limit 1
          ) c
          where w.left_child_id is not null and w.right_child_id is not null and w.step < 100000
        )
        select id, left_child_id, right_child_id from walk order by step desc limit 1`,
  );
  return rows[0];
}

/**
 * Puts `childId` into the free slot (parentId, side): the member's own tree columns, the parent's child
 * pointer and open_depth upwards until it stops changing, all at once. The ancestors' member counts
 * follow through the journal (placeMember appends the entry).
 */
export async function occupySlot(db: DbOrTx, childId: string, parentId: string, side: Position, now: Date) {
  const [parent] = await db.select({ level: users.level, jumpId: users.jumpId, position: users.position, runTop: users.runTop }).from(users).where(eq(users.id, parentId));
  await db
    .update(users)
    .set({
      parentId,
      position: side,
      level: parent.level + 1,
      placedAt: now,
      leftChildId: null,
      rightChildId: null,
      openDepth: 0,
      jumpId: jumpOfChild({ id: parentId, level: parent.level, jumpId: parent.jumpId }),
      runTop: runTopOfChild({ id: parentId, position: parent.position, runTop: parent.runTop }, side),
    })
    .where(eq(users.id, childId));
  await db
    .update(users)
    .set(side === 'left' ? { leftChildId: childId } : { rightChildId: childId })
    .where(eq(users.id, parentId));
  await refreshOpenDepth(db, parentId);
}

/** Recomputes open_depth from `fromId` towards the root, stopping where nothing changes. */
export async function refreshOpenDepth(db: DbOrTx, fromId: string) {
  let id: string | null = fromId;
  while (id) {
    const [row]: { parent_id: string | null; open_depth: number; want: number }[] = await rawRows(
      db,
      sql`select u.parent_id, u.open_depth,
            case when u.left_child_id is null or u.right_child_id is null then 0
                 else 1 + least(l.open_depth, r.open_depth) end as want
          from users u
          left join users l on l.id = u.left_child_id
          left join users r on r.id = u.right_child_id
          where u.id = ${id}`,
    );
    if (!row || row.open_depth === row.want) return;
    await db.update(users).set({ openDepth: row.want }).where(eq(users.id, id));
    id = row.parent_id;
  }
}
