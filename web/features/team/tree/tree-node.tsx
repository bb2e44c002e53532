import type { TreeNode } from '@contracts';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { bv, compactBV, fullBV, rupees } from '../format';
import { NodeIdentity } from '../ui/node-identity';

/** Levels drawn below the viewed root (the server sends two). */
const DEPTH = 2;

function NodeBody({ node, isRoot, rootCaption }: { node: TreeNode; isRoot: boolean; rootCaption?: string }) {
  const active = node.idStatus === 'Active';
  return (
    <>
      <NodeIdentity node={node} isRoot={isRoot} caption={rootCaption} />
      <span className="flex items-center justify-between gap-1">
        <Badge tone={active ? 'success' : 'neutral'} className="px-2 text-[11px]">
          {active ? 'Active' : 'Inactive'}
        </Badge>
        <span className="text-[11px] font-medium text-slate-500 tabular-nums">
          L {node.leftCount} · R {node.rightCount}
        </span>
      </span>
      <span className="grid grid-cols-2 gap-1 text-[11px] text-slate-500">
        <span>
          Package
          <span className="block font-semibold text-slate-800 tabular-nums">{rupees(node.packageAmount)}</span>
        </span>
        <span>
          BV
          <span className="block font-semibold text-slate-800 tabular-nums">{bv(node.totalBV)}</span>
        </span>
      </span>
      <PairingFigures node={node} />
    </>
  );
}

function LegFigure({ value, side }: { value: string; side: 'left' | 'right' }) {
  return (
    <span className="text-right font-semibold text-slate-800 tabular-nums" title={`${side === 'left' ? 'Left' : 'Right'}: ${fullBV(value)}`}>
      <span className="sr-only">{side} </span>
      {compactBV(value)}
    </span>
  );
}

/** Carry forward per leg (after the last posted pairing cycle) and the BV each leg gained in this cycle (docs/spec/compensation.md §3). */
function PairingFigures({ node }: { node: TreeNode }) {
  return (
    <span className="grid grid-cols-[1fr_auto_auto] items-baseline gap-x-2 gap-y-0.5 border-t border-slate-100 pt-1.5 text-[11px] text-slate-500">
      <span aria-hidden="true" />
      <span aria-hidden="true" className="text-right text-[10px] font-semibold tracking-wide uppercase">
        L
      </span>
      <span aria-hidden="true" className="text-right text-[10px] font-semibold tracking-wide uppercase">
        R
      </span>
      <span>Carry</span>
      <LegFigure value={node.carryLeftBV} side="left" />
      <LegFigure value={node.carryRightBV} side="right" />
      <span>This cycle</span>
      <LegFigure value={node.cycleLeftBV} side="left" />
      <LegFigure value={node.cycleRightBV} side="right" />
    </span>
  );
}

const box = 'flex w-36 sm:w-44 flex-col gap-2 rounded-xl border bg-white p-2.5 shadow-sm';

function Slot({ node, side, isRoot, rootCaption, onOpen }: { node: TreeNode | null; side: string; isRoot: boolean; rootCaption?: string; onOpen: (id: string) => void }) {
  if (!node) {
    return (
      <div className={cn(box, 'min-h-28 items-center justify-center border-dashed border-slate-300 bg-slate-50 text-center shadow-none')}>
        <span className="text-sm font-semibold text-slate-500">Open Position</span>
        <span className="text-[11px] text-slate-500 uppercase">{side}</span>
      </div>
    );
  }
  if (isRoot) {
    return (
      <div className={cn(box, 'w-48 border-amber-300 ring-2 ring-amber-200 sm:w-52')}>
        <NodeBody node={node} isRoot rootCaption={rootCaption} />
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={() => onOpen(node.id)}
      className={cn(
        box,
        'cursor-pointer border-slate-200 text-left transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
      )}
    >
      {/* The whole card is the button's name (visible text included, WCAG 2.5.3); this says what it does. */}
      <span className="sr-only">Open the tree of </span>
      <NodeBody node={node} isRoot={false} />
    </button>
  );
}

const line = 'bg-slate-300';

/** A node and, down to DEPTH, its left and right subtrees joined by connector lines. */
export function Subtree({ node, side, depth, rootCaption, onOpen }: { node: TreeNode | null; side: string; depth: number; rootCaption?: string; onOpen: (id: string) => void }) {
  const showChildren = depth < DEPTH && node !== null;
  return (
    <div className="flex w-full flex-col items-center">
      <Slot node={node} side={side} isRoot={depth === 0} rootCaption={rootCaption} onOpen={onOpen} />
      {showChildren ? (
        <>
          <div aria-hidden="true" className={cn('h-4 w-px', line)} />
          <div className="relative flex w-full">
            <div aria-hidden="true" className={cn('absolute top-0 right-1/4 left-1/4 h-px', line)} />
            {(['left', 'right'] as const).map((s) => (
              <div key={s} className="flex flex-1 flex-col items-center px-1.5">
                <div aria-hidden="true" className={cn('h-4 w-px', line)} />
                <Subtree node={s === 'left' ? node.leftChild : node.rightChild} side={s} depth={depth + 1} onOpen={onOpen} />
              </div>
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
