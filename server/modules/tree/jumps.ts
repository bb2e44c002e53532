/**
 * Levels between the jump pointers (users.jump_id, ADR 0017): a member's jump is its nearest ancestor at a level that
 * is a multiple of TREE_JUMP, strictly above (the root has none). Climbing from level L to level T then reads about
 * (L - T) / 64 + 64 rows instead of L - T.
 */
export const TREE_JUMP = 64;

/** The jump of a member placed below `parent`: the parent itself when its level is a multiple of TREE_JUMP, else the parent's jump. */
export function jumpOfChild(parent: { id: string; level: number; jumpId: string | null }) {
  return parent.level % TREE_JUMP === 0 ? parent.id : parent.jumpId;
}

/** The run top of a member placed on `side` of `parent` (users.run_top): the parent's own run goes on when the parent is on the same side. */
export function runTopOfChild(parent: { id: string; position: string | null; runTop: string | null }, side: string) {
  return parent.position === side && parent.runTop ? parent.runTop : parent.id;
}
