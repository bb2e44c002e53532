import { Network } from 'lucide-react';
import type { TreeNode, TreePairingCycles } from '@contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { formatDate } from '../../../lib/format';
import { count, fullBV, memberName, rupees, sideLabel } from '../format';
import { DetailRow as Row } from '../ui/detail-row';

/** A member's card in the explorer: who, rank and status, the legs' members and BV, carry and this cycle. */
export function MemberCardDialog({ node, pairing, onClose, onViewFrom }: { node: TreeNode; pairing: TreePairingCycles | undefined; onClose: () => void; onViewFrom: (id: string) => void }) {
  const active = node.idStatus === 'Active';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={memberName(node)} description={`${node.userId} · ${node.email}`} className="sm:max-w-lg">
        <div className="flex flex-wrap gap-1.5">
          <Badge tone={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Inactive'}</Badge>
          <Badge tone="brand">{node.rank ?? 'No rank yet'}</Badge>
          {node.position ? <Badge tone="neutral">{sideLabel(node.position)} side</Badge> : null}
        </div>
        <dl className="divide-y divide-slate-100">
          <Row term="Package">{rupees(node.packageAmount)}</Row>
          <Row term="Total BV">{fullBV(node.totalBV)}</Row>
          <Row term="Members left / right">
            {count(node.leftCount)} / {count(node.rightCount)}
            <span className="block text-xs font-normal text-slate-600">
              {count(node.leftActive)} / {count(node.rightActive)} active
            </span>
          </Row>
          <Row term="BV left / right (lifetime)">
            {fullBV(node.leftBV)} / {fullBV(node.rightBV)}
          </Row>
          <Row term={pairing?.openCycle ? `This cycle (from ${formatDate(pairing.openCycle.startsAt)})` : 'This cycle'}>
            {fullBV(node.cycleLeftBV)} / {fullBV(node.cycleRightBV)}
          </Row>
          <Row term={pairing?.carryAsOf ? `Carry forward (as of ${formatDate(pairing.carryAsOf)})` : 'Carry forward'}>
            {fullBV(node.carryLeftBV)} / {fullBV(node.carryRightBV)}
          </Row>
        </dl>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => onViewFrom(node.id)}>
            <Network aria-hidden="true" className="size-4" /> View tree from here
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
