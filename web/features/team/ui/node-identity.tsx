import type { TreeNode } from '@contracts';
import { cn } from '../../../lib/cn';
import { initials } from '../../../lib/format';
import { memberName } from '../format';

/** A tree node's initials badge (amber for the viewed root, brand when active), name and user ID (or a caption). */
export function NodeIdentity({ node, isRoot, caption }: { node: TreeNode; isRoot: boolean; caption?: string }) {
  const active = node.idStatus === 'Active';
  return (
    <span className="flex items-center gap-2">
      <span
        aria-hidden="true"
        className={cn(
          'flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-bold',
          isRoot ? 'bg-amber-400 text-amber-950' : active ? 'bg-brand-600 text-white' : 'bg-slate-300 text-slate-700',
        )}
      >
        {initials(node)}
      </span>
      {/* The whole name and ID, wrapped onto more lines in a narrow card, never cut (issue 30: 'Neha Sh…' at 390 px). */}
      <span className="min-w-0 text-left">
        <span className="block text-sm leading-tight font-semibold wrap-anywhere text-slate-900">{memberName(node)}</span>
        <span className="block font-mono text-[11px] wrap-anywhere text-slate-600">{caption ?? node.userId}</span>
      </span>
    </span>
  );
}
