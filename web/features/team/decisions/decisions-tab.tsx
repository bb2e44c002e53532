import { useState } from 'react';
import { GitFork } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { InlineLoader } from '../../../components/ui/spinner';
import { usePendingDecisions } from '../api';
import { QueryError } from '../../../components/ui/query-error';
import { DecisionCard } from './decision-card';
import { DecisionDialog, type DecisionChoice } from './decision-dialog';

/** Position Decisions: recruits waiting for this upline to pick LEFT or RIGHT, or to reject them. */
export function DecisionsTab() {
  const { data, isPending, isError, error, refetch, isFetching } = usePendingDecisions();
  const [choice, setChoice] = useState<DecisionChoice | null>(null);

  if (isPending) return <InlineLoader label="Loading position decisions..." />;
  if (isError) return <QueryError title="Could not load position decisions" error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  if (data.length === 0) {
    return (
      <EmptyState icon={GitFork} title="No pending position decisions at the moment." description="When someone in your team recruits a new member, you choose their side here." className="bg-white" />
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">Choose the side of your tree for each recruit. After your decision the admin reviews the registration and sends the login credentials.</p>
      {data.map((recruit) => (
        <DecisionCard key={recruit.id} recruit={recruit} onChoose={(d) => setChoice(d === 'rejected' ? { recruit, decision: 'rejected' } : { recruit, decision: 'approved', position: d })} />
      ))}
      <DecisionDialog choice={choice} onClose={() => setChoice(null)} />
    </div>
  );
}
