import { Badge, StatusBadge } from '../../../../components/ui/badge';
import { CYCLE_STATUS, PLAN_STATUS } from '../../../../lib/status-looks';
import type { PlanVersion } from './compensation-api';

export function CycleStatusBadge({ status }: { status: string }) {
  return <StatusBadge map={CYCLE_STATUS} value={status} />;
}

/** The version's status: "In force" for the one cycles use now, "Scheduled" for an activated one still to start. */
export function PlanStatusBadge({ plan }: { plan: Pick<PlanVersion, 'status' | 'inForce' | 'effectiveFrom'> }) {
  if (plan.inForce) return <Badge tone="success">In force</Badge>;
  if (plan.status === 'active' && plan.effectiveFrom && new Date(plan.effectiveFrom).getTime() > Date.now()) return <Badge tone="info">Scheduled</Badge>;
  return <StatusBadge map={PLAN_STATUS} value={plan.status} />;
}
