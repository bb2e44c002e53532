/**
 * The tree engine's storage (docs/spec/decisions.md §4), each part in its own file (this file re-exports them):
 * - tree-placement.repo.ts: the tree lock, the root, and placing a member into a free slot;
 * - tree-nodes.repo.ts: reads of nodes, children and ancestry;
 * - tree-moves.repo.ts: moves of members without a downline (ADR 0018);
 * - tree-scan.repo.ts: whole-tree reads and counter writes for the repair command and the benchmark seed;
 * - tree-journal.repo.ts and fold-deltas.ts: the journal's side of the tree (ancestors' per-leg counters).
 */
export { lockTree, makeRoot, descendToOpenSlot, occupySlot, refreshOpenDepth } from './tree-placement.repo';
export { type TreeNodeRow, findNode, findTreeRoot, legCountsOf, ancestorsAtLevel, childrenOf, legUnder, isInDownline, placedInDownline } from './tree-nodes.repo';
export { type PathUpRow, pathUp, type FigureChange, changeFigures, relinkLeaf, insertTreeMove, movesSince, pendingEntriesOf } from './tree-moves.repo';
export { type TreeScanRow, scanPlacedMembers, type CounterFix, writeCounters } from './tree-scan.repo';
export { ancestorDeltas, takeInMoves, placedLinks, lockMembersDeepestFirst } from './tree-journal.repo';
export { type AncestorDelta, deltasOf, foldDeltas } from './fold-deltas';

/** What one journal entry adds at its member: BV, members and active members. */
export type { JournalDelta } from './batch-deltas';
