import { Link } from 'react-router';
import { Store } from 'lucide-react';
import type { CurrentUser, FranchiseRequestView } from '@contracts';
import { Alert } from '../../components/ui/alert';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
import { QueryError } from '../../components/ui/query-error';
import { InlineLoader } from '../../components/ui/spinner';
import { formatDate } from '../../lib/format';
import { formatBV, formatMoney } from '../../lib/money';
import { isFranchiseRole, ROLE_LABELS } from '../account';
import { useFranchiseRequests } from './api';
import { FranchiseRequestForm } from './franchise-request-form';
import { Term, type TermLook } from '../../components/ui/term';

const FIELD: TermLook = { term: 'text-slate-500', value: 'font-medium text-slate-900' };

const STATUS: Record<FranchiseRequestView['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
};
const typeLabel = (t: string) => (t.endsWith('Franchise') ? t : `${t} Franchise`);

function RequestItem({ r }: { r: FranchiseRequestView }) {
  const status = STATUS[r.status] ?? STATUS.pending;
  return (
    <li aria-label={`${typeLabel(r.franchiseType)} request`} className="space-y-2 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900">{typeLabel(r.franchiseType)}</p>
        <Badge tone={status.tone}>
          <span className="sr-only">Status: </span>
          {status.label}
        </Badge>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
        <Term look={FIELD} term="Investment">
          {r.investmentAmount ? formatMoney(r.investmentAmount) : '—'}
        </Term>
        <Term look={FIELD} term="Business volume">
          {r.businessVolume ? `${formatBV(r.businessVolume)} BV` : '—'}
        </Term>
        <Term look={FIELD} term="Submitted">
          {formatDate(r.createdAt)}
        </Term>
        <Term look={FIELD} term="Reviewed">
          {formatDate(r.reviewedAt, 'Not yet')}
        </Term>
      </dl>
      {r.adminNotes ? (
        <p className="rounded-lg bg-slate-50 p-2.5 text-sm text-slate-700">
          <span className="font-semibold">Admin notes:</span> {r.adminNotes}
        </p>
      ) : null}
      <details className="group text-sm">
        <summary className="cursor-pointer rounded font-medium text-brand-700 hover:underline">Business plan</summary>
        <p className="mt-1 whitespace-pre-line text-slate-600">{r.businessPlan}</p>
      </details>
    </li>
  );
}

/** The member's franchise request: apply, then follow its status (doc 3 §5.2). */
export function FranchiseRequestCard({ user }: { user: CurrentUser }) {
  const { data, isPending, isError, error, refetch, isFetching } = useFranchiseRequests();
  const pending = data?.find((r) => r.status === 'pending');
  const holder = isFranchiseRole(user.role);
  return (
    <TitledCard id="franchise-title" icon={Store} title="Franchise Request" description="Apply to run a franchise of your own. An admin reviews every request." contentClassName="space-y-5 pt-4">
      {holder ? (
        <Alert
          tone="success"
          title={`You hold a ${ROLE_LABELS[user.role]}`}
          action={
            <Button asChild size="sm" variant="outline">
              <Link to="/franchise">Open Franchise Portal</Link>
            </Button>
          }
        >
          Your franchise figures, team sales and orders are in the franchise portal.
        </Alert>
      ) : null}
      {isPending ? <InlineLoader label="Loading your franchise requests..." /> : null}
      {isError ? <QueryError title="Could not load your franchise requests" error={error} onRetry={() => void refetch()} retrying={isFetching} /> : null}
      {pending ? (
        <Alert tone="info" title={`Your ${typeLabel(pending.franchiseType)} request is under review`}>
          You can send another request once an admin has decided this one.
        </Alert>
      ) : data ? (
        <FranchiseRequestForm />
      ) : null}
      {data && data.length > 0 ? (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-slate-900">Your requests</h3>
          <ul aria-label="Franchise requests" className="space-y-3">
            {data.map((r) => (
              <RequestItem key={r.id} r={r} />
            ))}
          </ul>
        </div>
      ) : null}
    </TitledCard>
  );
}
