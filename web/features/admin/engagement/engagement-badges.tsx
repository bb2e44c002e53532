import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { titleCase } from '../../../lib/format';

type Look = { label: string; tone: BadgeTone };
const look = (map: Record<string, Look>, value: string): Look => map[value] ?? { label: titleCase(value), tone: 'neutral' };

const FRANCHISE_STATUS: Record<string, Look> = {
  pending: { label: 'Pending', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
};
export function FranchiseStatusBadge({ status }: { status: string }) {
  const l = look(FRANCHISE_STATUS, status);
  return <Badge tone={l.tone}>{l.label}</Badge>;
}
