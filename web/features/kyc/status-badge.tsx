import type { KycDocumentView } from '@contracts';
import { Badge } from '../../components/ui/badge';

const LOOK = {
  pending: { label: 'Under Review', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
} as const;

export function DocumentStatusBadge({ status }: { status: KycDocumentView['status'] }) {
  const look = LOOK[status] ?? LOOK.pending;
  return <Badge tone={look.tone}>{look.label}</Badge>;
}
