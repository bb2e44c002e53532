import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/index';
import type { Position } from '../../../contracts/enums';

/** Makes a user the tree root (level 0); used once, for the first founder. */
export async function makeRoot(db: DbOrTx, userId: string) {
  await db.update(users).set({ level: 0, treePath: sql`'/' || ${users.id}::text || '/'`, parentId: null, position: null }).where(eq(users.id, userId));
}

/**
 * Puts a user into a free slot. The unique (parent, position) index refuses a second occupant,
 * so a race for one slot fails here instead of corrupting the tree.
 */
export async function occupySlot(db: DbOrTx, childId: string, parent: { id: string; level: number; treePath: string | null }, side: Position) {
  await db
    .update(users)
    .set({ parentId: parent.id, position: side, level: parent.level + 1, treePath: `${parent.treePath ?? `/${parent.id}/`}${childId}/` })
    .where(eq(users.id, childId));
  await db
    .update(users)
    .set(side === 'left' ? { leftChildId: childId } : { rightChildId: childId })
    .where(eq(users.id, parent.id));
}

/** Direct-recruit counters of the sponsor, by the leg the recruit sits in under the sponsor. */
export async function countDirect(db: DbOrTx, sponsorId: string, side: Position | null) {
  await db
    .update(users)
    .set({
      totalDirects: sql`${users.totalDirects} + 1`,
      ...(side === 'left' ? { leftDirects: sql`${users.leftDirects} + 1` } : {}),
      ...(side === 'right' ? { rightDirects: sql`${users.rightDirects} + 1` } : {}),
    })
    .where(eq(users.id, sponsorId));
}
