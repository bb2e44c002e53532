import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CheckCircle2, Circle, Loader2, XCircle } from 'lucide-react';
import { KycReviewRequest } from '@contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { fullName } from '../../../lib/format';
import { invalidatePaths, KEYS, schemaResolver, USER_LIST_KEYS } from '../../../lib/admin/queries';
import type { KycQueueEntry, ReviewDocument } from '../../../lib/admin/types';
import { decideAll, typeLabel, type Decision, type DecisionResult, type DocumentOutcome } from './kyc-review';
import { TextareaField } from '../../../components/ui/textarea-field';

type Values = { status: string; rejectionReason: string };

function OutcomeList({ targets, outcomes, working }: { targets: ReviewDocument[]; outcomes: DocumentOutcome[]; working: boolean }) {
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Document results">
      {targets.map((doc, i) => {
        const outcome = outcomes.find((o) => o.document.id === doc.id);
        const running = working && !outcome && i === outcomes.length;
        return (
          <li key={doc.id} className="flex items-start gap-3 px-3.5 py-2.5 text-sm">
            {outcome?.ok ? (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            ) : outcome ? (
              <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
            ) : running ? (
              <Loader2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin text-brand-600" />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-300" />
            )}
            <div className="min-w-0">
              <p className="font-medium text-slate-800">
                {typeLabel(doc.documentType)}
                <span className="sr-only">: {outcome?.ok ? 'updated' : outcome ? 'failed' : running ? 'updating' : 'waiting'}</span>
              </p>
              {outcome?.error ? <p className="text-red-700">{outcome.error}</p> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Approve or reject all of a user's KYC documents after a confirm (doc 2 §5): reject needs a
 * non-blank reason. While working and afterwards the dialog lists each document's outcome, with
 * the partial and total failure notices of doc 2 §8.
 */
export function KycDecisionDialog({ entry, decision, onClose }: { entry: KycQueueEntry; decision: Decision; onClose: () => void }) {
  const queryClient = useQueryClient();
  const name = fullName(entry, entry.email);
  const [working, setWorking] = useState(false);
  const [targets, setTargets] = useState<ReviewDocument[]>([]);
  const [outcomes, setOutcomes] = useState<DocumentOutcome[]>([]);
  const [result, setResult] = useState<DecisionResult | null>(null);

  const form = useForm<Values, unknown, z.output<typeof KycReviewRequest>>({
    resolver: schemaResolver<Values, typeof KycReviewRequest>(KycReviewRequest),
    defaultValues: { status: decision, rejectionReason: '' },
  });
  const reasonError = form.formState.errors.rejectionReason?.message;
  const approving = decision === 'approved';

  const onSubmit = form.handleSubmit(async (values) => {
    setWorking(true);
    setResult(null);
    const res = await decideAll(entry.userId, decision, values.rejectionReason, (done, all) => {
      setOutcomes(done);
      setTargets(all);
    });
    setWorking(false);
    setResult(res);
    if (res.kind === 'done') {
      await invalidatePaths(queryClient, [KEYS.kyc, KEYS.stats, KEYS.auditLog, ...USER_LIST_KEYS]);
      const failed = res.outcomes.filter((o) => !o.ok).length;
      if (failed === 0) {
        toast({
          title: approving ? 'KYC approved' : 'KYC rejected',
          description: `${res.outcomes.length} ${res.outcomes.length === 1 ? 'document' : 'documents'} of ${name} ${approving ? 'approved' : 'rejected'}.`,
          variant: 'success',
        });
        onClose();
      }
    }
  });

  const done = result?.kind === 'done' ? result.outcomes : null;
  const okCount = done?.filter((o) => o.ok).length ?? 0;
  const finished = result !== null;

  return (
    <Dialog open onOpenChange={(open) => !open && !working && onClose()}>
      <DialogContent title={approving ? 'Approve KYC' : 'Reject KYC'} description={approving ? `Approve all KYC documents of ${name}?` : `Reject all KYC documents of ${name}?`}>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          {result?.kind === 'fetch-failed' || result?.kind === 'none' ? (
            <Alert tone="danger" role="alert">
              {result.message}
            </Alert>
          ) : null}
          {result?.kind === 'nothing-to-change' ? (
            <Alert tone="info" role="status">
              Every document of {name} is already {approving ? 'approved' : 'rejected'}.
            </Alert>
          ) : null}
          {done && okCount === 0 ? (
            <Alert tone="danger" role="alert" title="No document was updated">
              None of the {done.length} documents could be {approving ? 'approved' : 'rejected'}. Please try again.
            </Alert>
          ) : null}
          {done && okCount > 0 && okCount < done.length ? (
            <Alert tone="warning" role="alert" title={`${okCount} of ${done.length} documents were ${approving ? 'approved' : 'rejected'}`}>
              The KYC records of {name} may be incomplete. Review the failed documents below and try again.
            </Alert>
          ) : null}

          {targets.length ? (
            <OutcomeList targets={targets} outcomes={outcomes} working={working} />
          ) : (
            <ul className="flex flex-wrap gap-1.5" aria-label="Documents">
              {entry.documents.map((d) => (
                <li key={d.id} className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700">
                  {typeLabel(d.documentType)}
                </li>
              ))}
            </ul>
          )}

          {!approving && !finished ? (
            <TextareaField
              id="kyc-reason"
              label="Rejection reason"
              error={reasonError}
              hint="The member sees this reason and can upload replacements."
              rows={3}
              disabled={working}
              registration={form.register('rejectionReason')}
            />
          ) : null}

          <DialogFooter>
            {finished ? (
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            ) : (
              <>
                <Button variant="outline" onClick={onClose} disabled={working}>
                  Cancel
                </Button>
                <Button type="submit" variant={approving ? 'primary' : 'destructive'} loading={working}>
                  {working ? (approving ? 'Approving...' : 'Rejecting...') : approving ? 'Approve All' : 'Reject All'}
                </Button>
              </>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
