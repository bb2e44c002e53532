import { StatusBadge } from '../../../components/ui/badge';
import { REVIEW_STATUS } from '../../../lib/status-looks';

export function FranchiseStatusBadge({ status }: { status: string }) {
  return <StatusBadge map={REVIEW_STATUS} value={status} />;
}
