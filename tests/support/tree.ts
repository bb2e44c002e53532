import { expect } from 'vitest';
import type { Db, DbOrTx } from '../../server/db/client';
import { placeMember, treeRootId } from '../../server/modules/tree/tree.service';
import { scanPlacedMembers } from '../../server/modules/tree/tree.repo';
import { recount } from '../../server/modules/tree/recount';
import { findUserById, type UserRow } from '../../server/modules/users/users.repo';
import type { TestApp } from './test-app';

/**
 * The invariants of docs/spec/decisions.md §4 and counters equal to a recount from parent links, once the
 * journal is applied (`settle`, the test app's; the ancestors' counters follow through the journal).
 */
export async function expectTreeSound(db: DbOrTx, settle: () => Promise<void>) {
  await settle();
  const report = recount(await scanPlacedMembers(db));
  expect(report.problems, JSON.stringify(report.problems.slice(0, 5))).toEqual([]);
  expect(report.differences, JSON.stringify(report.differences.slice(0, 5))).toEqual([]);
  expect(report.roots).toBe(1);
  return report;
}

/** Places a created member in the tree (under the root's left leg, with spillover), as an approval would. */
export async function placeInTree(db: Db, member: { id: string; sponsorId: string | null; status: string }) {
  const root = await treeRootId(db);
  if (!root) throw new Error('no tree root');
  return db.transaction((tx) => placeMember(tx, member, { startId: root, side: 'left' }, new Date()));
}

/** Places a created member at `side` of `startId` (spillover as usual) at the app's clock; answers its row as placed. */
export async function placeAt(t: TestApp, u: UserRow, startId: string, side: 'left' | 'right'): Promise<UserRow> {
  const db = t.runtime.ctx.db;
  await db.transaction((tx) => placeMember(tx, u, { startId, side }, t.clock.now()));
  return (await findUserById(db, u.id))!;
}
