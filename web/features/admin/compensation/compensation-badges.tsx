import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { titleCase } from '../../../lib/format';
import type { CycleStatus, PlanVersion } from './compensation-api';

/** open → closed → calculated → approved → posted (compensation.md §2). */
export const CYCLE_STATUS_LOOK: Record<CycleStatus, { label: string; tone: BadgeTone }> = {
  open: { label: 'Open', tone: 'info' },
  closed: { label: 'Closed', tone: 'neutral' },
  calculated: { label: 'Calculated', tone: 'warning' },
  approved: { label: 'Approved', tone: 'brand' },
  posted: { label: 'Posted', tone: 'success' },
};

export function CycleStatusBadge({ status }: { status: string }) {
  const look = CYCLE_STATUS_LOOK[status as CycleStatus] ?? { label: titleCase(status), tone: 'neutral' as const };
  return <Badge tone={look.tone}>{look.label}</Badge>;
}

const PLAN_STATUS_LOOK: Record<PlanVersion['status'], { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'warning' },
  active: { label: 'Active', tone: 'brand' },
  retired: { label: 'Retired', tone: 'neutral' },
};

/** The version's status: "In force" for the one cycles use now, "Scheduled" for an activated one still to start. */
export function PlanStatusBadge({ plan }: { plan: Pick<PlanVersion, 'status' | 'inForce' | 'effectiveFrom'> }) {
  if (plan.inForce) return <Badge tone="success">In force</Badge>;
  if (plan.status === 'active' && plan.effectiveFrom && new Date(plan.effectiveFrom).getTime() > Date.now()) return <Badge tone="info">Scheduled</Badge>;
  const look = PLAN_STATUS_LOOK[plan.status] ?? { label: titleCase(plan.status), tone: 'neutral' as const };
  return <Badge tone={look.tone}>{look.label}</Badge>;
}
