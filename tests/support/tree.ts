import { expect } from 'vitest';
import type { DbOrTx } from '../../server/db/client';
import { scanPlacedMembers } from '../../server/modules/tree/tree.repo';
import { recount } from '../../server/modules/tree/recount';

/**
 * The invariants of decisions.md §4 and counters equal to a recount from parent links, once the
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
