/** The tree module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { isPlaced, placement, placementIn, placementNamesIn } from './placement.repo';
export type { AncestryCache } from './ancestry';
export type { BatchDeltas, JournalDelta } from './batch-deltas';
export { ancestorsAtLevel, deltasOf, findNode, isInDownline, legUnder, placedInDownline } from './tree.repo';
export type { AncestorDelta } from './tree.repo';
export { ancestryOf, lockAncestors, lockTree, moveLeaf, onStatusChange, placeMember, treeRootId, walkJournalUp, weakerRootLeg } from './tree.service';
