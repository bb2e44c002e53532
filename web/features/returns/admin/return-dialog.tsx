import { useState } from 'react';
import { Banknote, CheckCircle2, PackageCheck, XCircle } from 'lucide-react';
import { RETURN_REASON_MIN } from '@contracts/returns';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { RecordNotFound } from '../../../components/ui/record-not-found';
import { DecisionDialog } from '../../../components/admin/confirm-dialog';
import { RejectReasonDialog } from '../../../components/admin/reject-reason-dialog';
import { formatMoney } from '../../../lib/money';
import { isNotFound } from '../../../lib/record-param';
import { buyerOf } from '../labels';
import { CreditNoteButton, ReturnDialogFrame, ReturnFacts, ReturnTimeline } from '../return-details';
import { adminCreditNoteUrl, type AdminReturn, useAdminReturn, useReturnDecision } from './returns-admin-api';
import { RefundDialog } from './refund-dialog';

type Step = 'approve' | 'reject' | 'receive' | 'refund' | null;

function Summary({ r }: { r: AdminReturn }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm">
      <p className="font-semibold text-slate-900">
        {r.number} · {r.productName} × {r.quantity}
      </p>
      <p className="text-slate-600">
        {buyerOf(r)} · refund {formatMoney(r.refundAmount, { decimals: 2 })}
      </p>
    </div>
  );
}

/** The words of the steps that only ask to confirm. */
const CONFIRM = {
  approve: (r: AdminReturn) => ({
    title: `Approve ${r.number}?`,
    description: 'Its BV leaves the tree now. Above the approval limit the return waits for a second admin in Approvals.',
    confirmLabel: 'Approve return',
  }),
  receive: (r: AdminReturn) => ({
    title: `Goods of ${r.number} received?`,
    description: r.franchise ? `The units go back into ${r.franchise.name}'s stock.` : "The units go back into the company's stock.",
    confirmLabel: 'Mark received',
  }),
};

/** The actions a return's status allows, each in its own dialog. */
function Actions({ r }: { r: AdminReturn }) {
  const [step, setStep] = useState<Step>(null);
  const approve = useReturnDecision(r.id, 'approve');
  const reject = useReturnDecision(r.id, 'reject');
  const receive = useReturnDecision(r.id, 'receive');
  const refund = useReturnDecision(r.id, 'refund');
  const close = () => setStep(null);
  const requested = r.status === 'requested' && !r.awaitingSecondAdmin;
  return (
    <div className="flex flex-wrap gap-2">
      {requested ? (
        <>
          <Button size="sm" onClick={() => setStep('approve')}>
            <CheckCircle2 aria-hidden="true" className="size-4" /> Approve
          </Button>
          <Button size="sm" variant="destructive" onClick={() => setStep('reject')}>
            <XCircle aria-hidden="true" className="size-4" /> Reject
          </Button>
        </>
      ) : null}
      {r.status === 'approved' ? (
        <Button size="sm" onClick={() => setStep('receive')}>
          <PackageCheck aria-hidden="true" className="size-4" /> Mark received
        </Button>
      ) : null}
      {r.status === 'approved' || r.status === 'received' ? (
        <Button size="sm" variant={r.status === 'received' ? 'primary' : 'outline'} onClick={() => setStep('refund')}>
          <Banknote aria-hidden="true" className="size-4" /> Refund
        </Button>
      ) : null}
      <CreditNoteButton r={r} href={adminCreditNoteUrl(r.id)} />

      {step === 'approve' || step === 'receive' ? (
        <DecisionDialog key={step} {...CONFIRM[step](r)} decide={() => (step === 'approve' ? approve : receive)({})} onClose={close}>
          <Summary r={r} />
        </DecisionDialog>
      ) : null}
      {step === 'reject' ? (
        <RejectReasonDialog
          title={`Reject ${r.number}`}
          description={`The member is told the reason (at least ${RETURN_REASON_MIN} characters).`}
          fieldId="return-reject-reason"
          placeholder="Why the return is refused"
          summary={<Summary r={r} />}
          decide={(body) => reject(body)}
          onClose={close}
        />
      ) : null}
      {step === 'refund' ? <RefundDialog r={r} decide={refund} onClose={close} /> : null}
    </div>
  );
}

/** A return, read by its id: what it is, its timeline and the actions valid for its status. */
export function AdminReturnDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const q = useAdminReturn(id);
  const r = q.data;
  if (q.isError && isNotFound(q.error)) return <RecordNotFound what="return" id={id} onClose={onClose} />;
  return (
    <ReturnDialogFrame r={r} q={q} description={(r) => `${buyerOf(r)} · ${r.productName} × ${r.quantity}`} className="sm:max-w-2xl" onClose={onClose}>
      {(r) => (
        <div className="space-y-5">
          {r.awaitingSecondAdmin ? (
            <Alert tone="info" title="Waiting for a second admin">
              The refund is above the approval limit: another admin approves this return in Approvals.
            </Alert>
          ) : null}
          <ReturnFacts r={r} admin />
          <Actions r={r} />
          <section aria-labelledby="admin-return-history" className="space-y-3">
            <h3 id="admin-return-history" className="text-sm font-semibold text-slate-900">
              Timeline
            </h3>
            <ReturnTimeline events={r.events} />
          </section>
        </div>
      )}
    </ReturnDialogFrame>
  );
}
