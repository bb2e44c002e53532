import { useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Landmark, PlusCircle, Smartphone } from 'lucide-react';
import type { z } from 'zod';
import { FUND_REQUEST_MSG, FundRequestFields, KYC_MAX_BYTES, MSG, type MemberFundRequests } from '@contracts';
import { Button } from '../../components/ui/button';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { Dialog, DialogContent, DialogFooter, DialogTrigger } from '../../components/ui/dialog';
import { FileField } from '../../components/ui/file-field';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { isAllowedDocument } from '../../lib/files';
import { compareMoney, formatMoney } from '../../lib/money';
import { schemaResolver } from '../../lib/schema-resolver';
import { useRequestTopUp } from './top-up-api';

interface Values {
  method: 'bank' | 'upi';
  amount: string;
  reference: string;
}
const FIELDS = ['method', 'amount', 'reference', 'proofData'] as const;
const EMPTY: Values = { method: 'upi', amount: '', reference: '' };

/** The proof's client check: the KYC page's types and size (decisions §7); null when the file is fine. */
const proofProblem = (file: File | null): string | null => (!file ? FUND_REQUEST_MSG.proofRequired : !isAllowedDocument(file) ? MSG.kycFileType : file.size >= KYC_MAX_BYTES ? MSG.kycFileSize : null);

/**
 * Top Up Wallet (issue 16): after paying the company by bank transfer or UPI, the member gives the amount, the
 * payment's reference number and a screenshot or receipt; an admin checks the payment and credits the wallet.
 */
export function TopUpDialog({ limits }: { limits: MemberFundRequests['limits'] | undefined }) {
  const [open, setOpen] = useState(false);
  const [proof, setProof] = useState<File | null>(null);
  const [proofError, setProofError] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const submit = useRequestTopUp();
  const schema = FundRequestFields.superRefine((v, ctx) => {
    if (limits && compareMoney(v.amount, limits.maxPerRequest) > 0) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: `${FUND_REQUEST_MSG.aboveMax} ${formatMoney(limits.maxPerRequest, { decimals: 2 })}.` });
    } else if (limits && compareMoney(v.amount, limits.leftToday) > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `${FUND_REQUEST_MSG.dailyLimit} ${formatMoney(limits.dailyLimit, { decimals: 2 })} (${formatMoney(limits.leftToday, { decimals: 2 })} left today).`,
      });
    }
  });
  const form = useForm<Values, unknown, z.output<typeof FundRequestFields>>({ resolver: schemaResolver<Values, typeof schema>(schema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const change = (next: boolean) => {
    if (isSubmitting) return;
    if (next) {
      form.reset(EMPTY);
      setProof(null);
      setProofError(undefined);
    }
    setOpen(next);
  };

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const picked = e.target.files?.[0] ?? null;
    const problem = picked ? proofProblem(picked) : null;
    setProofError(problem ?? undefined);
    setProof(problem ? null : picked);
    if (problem) e.target.value = '';
  }

  const onSubmit = form.handleSubmit(
    async (v) => {
      const problem = proofProblem(proof);
      if (problem || !proof) return setProofError(problem ?? undefined);
      const res = await submit.run({ ...v, proof }, { setError: form.setError, fields: FIELDS });
      if (res.ok) setOpen(false);
      else if (res.failure?.error.fieldErrors?.proofData) setProofError(res.failure.error.fieldErrors.proofData[0]);
    },
    () => setProofError(proofProblem(proof) ?? undefined),
  );

  const err = (f: keyof Values) => errors[f]?.message;
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button variant="outline" icon={PlusCircle}>
          Top Up Wallet
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Top Up Wallet"
        description="Pay the company by bank transfer or UPI first, then send the payment's reference number and a screenshot or receipt. An admin checks the payment and credits your wallet."
      >
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          {limits ? (
            <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900">
              Up to {formatMoney(limits.maxPerRequest, { decimals: 2 })} per request and {formatMoney(limits.dailyLimit, { decimals: 2 })} per day;{' '}
              <strong className="tabular-nums">{formatMoney(limits.leftToday, { decimals: 2 })}</strong> left today.
            </p>
          ) : null}
          <ChoiceCards
            legend="Paid by"
            options={[
              { value: 'upi', label: 'UPI', icon: Smartphone },
              { value: 'bank', label: 'Bank Transfer', icon: Landmark },
            ]}
            error={err('method')}
            {...form.register('method')}
          />
          <FormField id="topup-amount" label="Amount (₹)" error={err('amount')} hint="The amount you paid, up to 2 decimals.">
            <Input inputMode="decimal" autoComplete="off" placeholder="0.00" {...fieldA11y('topup-amount', err('amount'), true)} {...form.register('amount')} />
          </FormField>
          <FormField id="topup-reference" label="Reference Number" error={err('reference')} hint="The UTR or UPI transaction ID of your payment.">
            <Input autoComplete="off" spellCheck={false} className="font-mono uppercase" {...fieldA11y('topup-reference', err('reference'), true)} {...form.register('reference')} />
          </FormField>
          <FileField
            id="topup-proof"
            label="Payment Proof"
            hint="A screenshot or receipt: JPEG, PNG or PDF, smaller than 5MB."
            error={proofError}
            file={proof}
            inputRef={fileInput}
            onChange={onFile}
          />
          <DialogFooter>
            <Button variant="outline" onClick={() => change(false)} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {isSubmitting ? null : <PlusCircle aria-hidden="true" className="size-4" />} Submit Request
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
