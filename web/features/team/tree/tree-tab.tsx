import { useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Home } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { InlineLoader, Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatCycleMoment } from '../../../lib/cycles';
import type { BinaryTreeResponse } from '@contracts';
import { useBinaryTree } from '../api';
import { QueryError } from '../../../components/ui/query-error';
import { TreeBreadcrumb } from './tree-breadcrumb';
import { Subtree } from './tree-node';
import { TreePanels, TreeSummary } from './tree-panels';

/** What the L and R figures on each member mean, and which cycles they come from. */
function PairingNote({ pairing }: { pairing: BinaryTreeResponse['pairing'] }) {
  return (
    <p className="rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600">
      <span className="font-semibold text-slate-700">Carry</span>: BV carried forward in each leg (L, R){' '}
      {pairing.carryAsOf ? `after the last paid pairing cycle, which ended ${formatCycleMoment(pairing.carryAsOf)}` : '(no pairing cycle has been paid yet)'}.{' '}
      <span className="font-semibold text-slate-700">This cycle</span>: BV each leg gained
      {pairing.openCycle ? ` since ${formatCycleMoment(pairing.openCycle.startsAt)}` : ' in the current pairing cycle'}.
    </p>
  );
}

/**
 * Binary Tree: the viewed root and two levels below it. A click on a member opens that member's tree
 * (within the viewer's downline, decisions §11); the breadcrumb and 'Up one level' go back. The viewed
 * root lives in the address (?root=) so reloads and the browser's back button keep it.
 */
export function TreeTab() {
  const [params, setParams] = useSearchParams();
  const rootId = params.get('root');
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData } = useBinaryTree(rootId);
  const region = useRef<HTMLDivElement>(null);
  const viewedId = data?.id;

  // On a narrow screen the tree is wider than its card: start with the viewed root in the middle.
  useLayoutEffect(() => {
    const el = region.current;
    if (el && viewedId) el.scrollLeft = (el.scrollWidth - el.clientWidth) / 2;
  }, [viewedId]);

  const open = (id: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set('root', id);
      else next.delete('root');
      return next;
    });

  if (isPending) return <InlineLoader label="Loading your binary tree..." />;
  if (isError) {
    return (
      <div className="space-y-3">
        <QueryError title="Could not load the binary tree" error={error} onRetry={() => void refetch()} retrying={isFetching} />
        {rootId ? (
          <Button variant="outline" onClick={() => open(null)}>
            <Home aria-hidden="true" className="size-4" /> Back to my tree
          </Button>
        ) : null}
      </div>
    );
  }

  const own = data.path.length <= 1;
  const loadingOther = isFetching && isPlaceholderData;
  return (
    <div className="space-y-5">
      <TreeSummary tree={data} />
      <Card>
        <CardHeader className="flex flex-col gap-3">
          <div className="flex items-start justify-between gap-3">
            <div>
              <CardTitle>{own ? 'Your Binary Tree' : `Tree of ${data.path[data.path.length - 1]?.name ?? 'member'}`}</CardTitle>
              <CardDescription>
                Select a member to open their part of your tree.<span className="sm:hidden"> Swipe sideways to see all of it.</span>
              </CardDescription>
            </div>
            {loadingOther ? <Spinner label="Loading tree" className="text-brand-600" /> : null}
          </div>
          <TreeBreadcrumb path={data.path} omitted={data.pathOmitted ?? 0} onOpen={open} />
          <PairingNote pairing={data.pairing} />
        </CardHeader>
        <CardContent>
          <div ref={region} role="region" aria-label="Binary tree" tabIndex={0} className="relative -mx-5 overflow-x-auto px-5 pb-2 sm:-mx-6 sm:px-6">
            <div className={cn('mx-auto w-max min-w-full transition-opacity', loadingOther && 'opacity-50')}>
              <Subtree node={data} side="root" depth={0} rootCaption={own ? `You · ${data.userId}` : data.userId} onOpen={open} />
            </div>
          </div>
        </CardContent>
      </Card>
      <TreePanels tree={data} />
    </div>
  );
}
