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
      <span className="min-w-0 text-left">
        <span className="block truncate text-sm font-semibold text-slate-900">{memberName(node)}</span>
        <span className="block truncate font-mono text-[11px] text-slate-600">{caption ?? node.userId}</span>
      </span>
    </span>
  );
}
