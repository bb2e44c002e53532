import type { ReactNode } from 'react';
import { ArrowLeftRight, GitBranch, ListChecks, TrendingUp, UserCheck, Users, type LucideIcon } from 'lucide-react';
import type { BinaryTreeResponse } from '@contracts';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { bv as formatBV, count, fullBV, memberName } from '../format';
import { StatCard } from '../ui/stat-card';
import { DetailRow as Row } from '../ui/detail-row';

/** A small card of the tree page: its icon and title over the content. */
function Panel({ icon: Icon, title, className, children }: { icon: LucideIcon; title: string; className?: string; children: ReactNode }) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base sm:text-base">
          <Icon aria-hidden="true" className="size-4 text-brand-600" /> {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="pt-2">{children}</CardContent>
    </Card>
  );
}

/** Direct Recruits, Left Position, Right Position, Total BV of the viewed root. */
export function TreeSummary({ tree }: { tree: BinaryTreeResponse }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label="Direct Recruits" value={count(tree.directRecruits)} icon={Users} />
      <StatCard label="Left Position" value={tree.leftChild ? memberName(tree.leftChild) : 'Open'} hint={tree.leftChild?.userId} icon={UserCheck} tone="sky" />
      <StatCard label="Right Position" value={tree.rightChild ? memberName(tree.rightChild) : 'Open'} hint={tree.rightChild?.userId} icon={UserCheck} tone="violet" />
      <StatCard label="Total BV" value={formatBV(tree.totalBV)} icon={TrendingUp} tone="amber" />
    </div>
  );
}

function LegCard({ title, members, active, bv, carry, cycle, filled }: { title: string; members: number; active: number; bv: string; carry: string; cycle: string; filled: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base sm:text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="pt-2">
        <dl className="divide-y divide-slate-100">
          <Row term="Members">
            {count(members)} <span className="text-xs font-normal text-slate-500">({count(active)} active)</span>
          </Row>
          <Row term="BV">{formatBV(bv)}</Row>
          <Row term="Carry forward">{fullBV(carry)}</Row>
          <Row term="This cycle">{fullBV(cycle)}</Row>
          <Row term="Status">
            <Badge tone={filled ? 'success' : 'neutral'}>{filled ? 'Active' : 'Empty'}</Badge>
          </Row>
        </dl>
      </CardContent>
    </Card>
  );
}

/** Leg performance, balance and the placement rules. */
export function TreePanels({ tree }: { tree: BinaryTreeResponse }) {
  const left = tree.leftChild !== null;
  const right = tree.rightChild !== null;
  const growth = left && right ? 'Balanced' : left || right ? 'Growing' : 'Empty';
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
      <LegCard title="Left Leg Performance" members={tree.leftCount} active={tree.leftActive} bv={tree.leftBV} carry={tree.carryLeftBV} cycle={tree.cycleLeftBV} filled={left} />
      <LegCard title="Right Leg Performance" members={tree.rightCount} active={tree.rightActive} bv={tree.rightBV} carry={tree.carryRightBV} cycle={tree.cycleRightBV} filled={right} />
      <Panel icon={ArrowLeftRight} title="Tree Balance">
        <dl className="divide-y divide-slate-100">
          <Row term="Ratio">
            {left ? 1 : 0}:{right ? 1 : 0}
          </Row>
          <Row term="Depth">{tree.depth}</Row>
          <Row term="Growth">
            <Badge tone={growth === 'Balanced' ? 'success' : growth === 'Growing' ? 'info' : 'neutral'}>{growth}</Badge>
          </Row>
        </dl>
      </Panel>
      <Panel icon={ListChecks} title="Binary Rules" className="bg-brand-50/40">
        <ul className="space-y-2 text-sm text-slate-700">
          <li className="flex gap-2">
            <GitBranch aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" /> Maximum 2 direct positions: left and right.
          </li>
          <li className="flex gap-2">
            <GitBranch aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" /> Extra recruits spill over to the next available position in the chosen leg.
          </li>
          <li className="flex gap-2">
            <GitBranch aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" /> Unlimited depth.
          </li>
        </ul>
      </Panel>
    </div>
  );
}
