import { DEFAULT_PLAN, POOL_TYPES, type PlanConfig } from '../../contracts/compensation';
import type { SnapshotMember } from '../../server/modules/compensation/engine';

/** A member of a test tree: [member, parent (null: the slot the tree hangs in), side, sponsor (null: the slot's owner)]. */
export type TreeRow<K extends string = string> = readonly [K, K | null, 'left' | 'right', K | null];

/**
 * The example tree of docs/spec/compensation.md §7 below its root A, one member a row: [member, parent, side, sponsor].
 * B and C are A's legs; D and E hang under B, F under C; A sponsored B, C and E, B sponsored D, C sponsored F.
 */
export const SPEC_7_TREE_BELOW_A: TreeRow<'A' | 'B' | 'C' | 'D' | 'E' | 'F'>[] = [
  ['B', 'A', 'left', 'A'],
  ['C', 'A', 'right', 'A'],
  ['D', 'B', 'left', 'B'],
  ['E', 'B', 'right', 'A'],
  ['F', 'C', 'right', 'C'],
];

/**
 * Plan P1 of §7 as the examples start from it: the default plan with 5 pairs a cycle at the most and every pool at
 * 0 %. A test adds its own consistency and pools.
 */
export const P1_BASE: PlanConfig = {
  ...DEFAULT_PLAN,
  pairing: { ...DEFAULT_PLAN.pairing, capPairs: 5 },
  pools: Object.fromEntries(POOL_TYPES.map((p) => [p, { ...DEFAULT_PLAN.pools[p], percent: '0' }])) as PlanConfig['pools'],
};

/** Plan P1 of §7: no pools, no consistency. */
export const P1_NO_POOLS: PlanConfig = { ...P1_BASE, consistency: { ...DEFAULT_PLAN.consistency, percent: '0' } };

/**
 * The tree of §7 as the pure engine's snapshot, A at the root: every member active, without own BV, an Executive.
 * `roles` by member (a user when absent); `userId` gives a member's display id.
 */
export function spec7Snapshot(roles: Record<string, string> = {}, userId: (id: string) => string = (id) => id): Map<string, SnapshotMember> {
  const rows = [['A', null, null, null] as const, ...SPEC_7_TREE_BELOW_A];
  return new Map(
    rows.map(([id, parent, position, sponsor]) => [id, { id, userId: userId(id), parent, position, sponsor, role: roles[id] ?? 'user', active: true, personalBV: 0n, rank: 'Executive' }]),
  );
}
