import type { TreeNode } from '@contracts';

/** A node as the explorer draws it: its figures with the children loaded so far (the view's or an expansion's). */
export interface Shown {
  node: TreeNode;
  /** Levels below the viewed root (root 0). */
  depth: number;
  parent: string | null;
  left: Shown | null;
  right: Shown | null;
  /** A child exists on that side that is not loaded yet. */
  more: boolean;
}

/** What the keyboard moves between: parent, children and the neighbours on the same level (left to right). */
export interface TreeIndex {
  byId: Map<string, Shown>;
  levels: string[][];
}

/** The drawn tree from the view's answer and the expanded subtrees (id -> that node with its levels below). */
export function buildShown(root: TreeNode, expanded: Record<string, TreeNode>): { root: Shown; index: TreeIndex } {
  const byId = new Map<string, Shown>();
  const levels: string[][] = [];
  const visit = (raw: TreeNode, depth: number, parent: string | null): Shown => {
    const node = expanded[raw.id] ?? raw;
    const left = node.leftChild ? visit(node.leftChild, depth + 1, node.id) : null;
    const right = node.rightChild ? visit(node.rightChild, depth + 1, node.id) : null;
    const shown: Shown = { node, depth, parent, left, right, more: (node.hasLeftChild && !left) || (node.hasRightChild && !right) };
    byId.set(node.id, shown);
    return shown;
  };
  const top = visit(root, 0, null);
  // Breadth first, so each level reads left to right.
  const queue: Shown[] = [top];
  while (queue.length) {
    const s = queue.shift()!;
    (levels[s.depth] ??= []).push(s.node.id);
    if (s.left) queue.push(s.left);
    if (s.right) queue.push(s.right);
  }
  return { root: top, index: { byId, levels } };
}

export type Move = 'up' | 'down' | 'left' | 'right' | 'home' | 'end';

/** The node a key moves to from `id` (the same id when there is nowhere to go). */
export function moveFrom(index: TreeIndex, id: string, move: Move): string {
  const s = index.byId.get(id);
  if (!s) return id;
  const row = index.levels[s.depth] ?? [];
  const at = row.indexOf(id);
  switch (move) {
    case 'up':
      return s.parent ?? id;
    case 'down':
      return s.left?.node.id ?? s.right?.node.id ?? id;
    case 'left':
      return at > 0 ? row[at - 1] : id;
    case 'right':
      return at >= 0 && at < row.length - 1 ? row[at + 1] : id;
    case 'home':
      return index.levels[0]?.[0] ?? id;
    case 'end': {
      const last = index.levels[index.levels.length - 1] ?? [];
      return last[0] ?? id;
    }
  }
}
