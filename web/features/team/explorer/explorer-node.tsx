import { ChevronsDown } from 'lucide-react';
import type { TreeNode } from '@contracts';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { compactBV, count } from '../format';
import { NodeIdentity } from '../ui/node-identity';
import type { Shown } from './visible-tree';

const hasCarry = (n: TreeNode) => Number(n.carryLeftBV) > 0 || Number(n.carryRightBV) > 0;

/** Rank, status, members per leg, BV per leg this cycle and the carry when there is one. */
function NodeCard({ node, isRoot }: { node: TreeNode; isRoot: boolean }) {
  const active = node.idStatus === 'Active';
  return (
    <>
      <NodeIdentity node={node} isRoot={isRoot} />
      <span className="flex flex-wrap items-center gap-1">
        <Badge tone={active ? 'success' : 'neutral'} className="px-1.5 py-0 text-[10px]">
          {active ? 'Active' : 'Inactive'}
        </Badge>
        <Badge tone="brand" className="max-w-full truncate px-1.5 py-0 text-[10px]">
          {node.rank ?? 'No rank'}
        </Badge>
      </span>
      <span className="grid grid-cols-[auto_1fr_1fr] gap-x-1.5 text-[11px] text-slate-600 tabular-nums">
        <span />
        <span className="text-right font-medium">L</span>
        <span className="text-right font-medium">R</span>
        <span>Team</span>
        <span className="text-right font-semibold text-slate-800">{count(node.leftCount)}</span>
        <span className="text-right font-semibold text-slate-800">{count(node.rightCount)}</span>
        <span>Cycle BV</span>
        <span className="text-right font-semibold text-slate-800">{compactBV(node.cycleLeftBV)}</span>
        <span className="text-right font-semibold text-slate-800">{compactBV(node.cycleRightBV)}</span>
        {hasCarry(node) ? (
          <>
            <span>Carry</span>
            <span className="text-right font-semibold text-slate-800">{compactBV(node.carryLeftBV)}</span>
            <span className="text-right font-semibold text-slate-800">{compactBV(node.carryRightBV)}</span>
          </>
        ) : null}
      </span>
    </>
  );
}

function OpenSlot({ side }: { side: 'left' | 'right' }) {
  return <span className="flex h-14 w-36 items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white/60 text-[11px] text-slate-600">Open {side}</span>;
}

export interface NodeHandlers {
  focusId: string;
  loading: string | null;
  onOpen: (node: TreeNode) => void;
  onExpand: (id: string) => void;
  /** True while a drag is moving the view: the click that ends it opens nothing. */
  dragging: () => boolean;
}

/**
 * One member of the tree (role treeitem: the explorer's keyboard moves between them) with its two child slots.
 * A node whose children are not loaded yet carries "Load levels below" (Enter on the node does the same).
 */
export function ExplorerNode({ shown, h, posinset }: { shown: Shown; h: NodeHandlers; posinset: number }) {
  const { node, left, right, more, depth } = shown;
  const hasChildren = node.hasLeftChild || node.hasRightChild;
  const childSlot = (child: Shown | null, side: 'left' | 'right', pos: number) => (
    <li
      role="none"
      className={cn(
        'relative flex flex-col items-center px-1.5 pt-5',
        'before:absolute before:top-0 before:left-1/2 before:h-5 before:border-l before:border-slate-300',
        'after:absolute after:top-0 after:border-t after:border-slate-300',
        side === 'left' ? 'after:right-0 after:left-1/2' : 'after:right-1/2 after:left-0',
      )}
    >
      {child ? <ExplorerNode shown={child} h={h} posinset={pos} /> : (side === 'left' ? node.hasLeftChild : node.hasRightChild) ? null : <OpenSlot side={side} />}
    </li>
  );
  const drawnChildren = left || right;
  // The cards are the tree's items; the boxes and lists that lay them out are presentation only, so the tree
  // reads as a flat list of items with their level, place among siblings and expanded state (WAI-ARIA tree view).
  return (
    <div role="none" className="flex flex-col items-center">
      <div
        role="treeitem"
        data-node-id={node.id}
        tabIndex={h.focusId === node.id ? 0 : -1}
        aria-level={depth + 1}
        aria-posinset={posinset}
        aria-setsize={depth === 0 ? 1 : 2}
        aria-expanded={hasChildren ? Boolean(drawnChildren) && !more : undefined}
        aria-busy={h.loading === node.id || undefined}
        onClick={() => !h.dragging() && h.onOpen(node)}
        className={cn(
          'flex w-40 cursor-pointer flex-col gap-1.5 rounded-xl border bg-white p-2.5 shadow-sm transition-shadow outline-none hover:shadow-md',
          depth === 0 ? 'border-amber-300 ring-2 ring-amber-200' : 'border-slate-200',
          'focus-visible:ring-3 focus-visible:ring-brand-600',
        )}
      >
        <NodeCard node={node} isRoot={depth === 0} />
        {more ? (
          <button
            type="button"
            tabIndex={-1}
            onClick={(e) => {
              e.stopPropagation();
              h.onExpand(node.id);
            }}
            disabled={h.loading === node.id}
            className="inline-flex items-center justify-center gap-1 rounded-full bg-brand-700 px-2.5 py-1 text-[11px] font-semibold text-white shadow-sm hover:bg-brand-800 disabled:opacity-60"
          >
            <ChevronsDown aria-hidden="true" className="size-3.5" />
            {h.loading === node.id ? 'Loading…' : 'Load levels below'}
          </button>
        ) : null}
      </div>
      {drawnChildren || (!more && hasChildren) ? (
        <ul role="none" className="relative flex pt-5 before:absolute before:top-0 before:left-1/2 before:h-5 before:border-l before:border-slate-300">
          {childSlot(left, 'left', 1)}
          {childSlot(right, 'right', 2)}
        </ul>
      ) : null}
    </div>
  );
}
