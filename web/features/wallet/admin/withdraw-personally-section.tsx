import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { CheckCircle2, ChevronRight, PenLine } from 'lucide-react';
import { WALLET_MSG, WithdrawPersonallyRequest, type WithdrawalView } from '@contracts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatINR } from '../../../lib/admin/format';
import { schemaResolver } from '../../../lib/admin/queries';
import { sectionHref } from '../../../lib/admin/sections';
import { ChoiceGroup } from '../../../components/admin/choice-group';
import { SectionHeader } from '../../../components/admin/section-header';
import { toastValidation } from '../../../components/admin/validation-toast';
import { useMoneyPost } from './money-api';
import { AmountField, ResultRow, ResultRows, UserIdField } from '../../../components/admin/money-fields';
import { TextareaField } from '../../../components/ui/textarea-field';

const FIELDS = ['userId', 'withdrawalType', 'amount', 'remarks'] as const;
type Values = { userId: string; withdrawalType: 'INR' | 'USD'; amount: string; remarks: string };
type Created = { userId: string; currency: 'INR' | 'USD'; withdrawal: Partial<WithdrawalView> & { amount: string } };

/** A11 Withdraw Personally (doc 2 §2.11): an admin-created request that enters the same pending flow. */
export function WithdrawPersonallySection() {
  const withdraw = useMoneyPost<z.output<typeof WithdrawPersonallyRequest>, { message?: string; withdrawal?: WithdrawalView }>('/api/admin/withdraw-personally', {
    failed: 'Failed to create withdrawal request',
    successToast: (data) => ({ title: 'Success', description: data?.message || WALLET_MSG.withdrawalCreated }),
  });
  const [created, setCreated] = useState<Created | null>(null);
  const form = useForm<Values, unknown, z.output<typeof WithdrawPersonallyRequest>>({
    resolver: schemaResolver<Values, typeof WithdrawPersonallyRequest>(WithdrawPersonallyRequest),
    defaultValues: { userId: '', withdrawalType: 'INR', amount: '', remarks: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const err = (f: (typeof FIELDS)[number]) => errors[f]?.message;
  const usd = form.watch('withdrawalType') === 'USD';

  const onSubmit = form.handleSubmit(
    async (values) => {
      const body = { ...values, userId: values.userId.toUpperCase() };
      const res = await withdraw.run(body, { setError: form.setError, fields: FIELDS });
      if (!res.ok) return;
      setCreated({ userId: body.userId, currency: body.withdrawalType, withdrawal: res.data?.withdrawal ?? { amount: body.amount } });
      form.reset({ userId: '', withdrawalType: form.getValues('withdrawalType'), amount: '', remarks: '' });
    },
    (errs) => toastValidation(errs, FIELDS),
  );

  return (
    <div className="space-y-5">
      <SectionHeader
        eyebrow="Withdraw Management"
        title="Withdraw Personally"
        description="Create a withdrawal on a member’s behalf. It joins the pending requests like any other: the amount is held from the wallet now and paid out on approval."
      />

      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card>
          <form noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="wp-title">
            <CardHeader>
              <CardTitle id="wp-title">Create Withdrawal Request</CardTitle>
              <CardDescription>The payout goes to the bank details or the USDT address on the member’s profile.</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              <UserIdField id="wp-userId" error={err('userId')} registration={form.register('userId')} />
              <ChoiceGroup
                legend="Withdrawal type"
                idPrefix="wp-type"
                error={err('withdrawalType')}
                registration={form.register('withdrawalType')}
                choices={[
                  { value: 'INR', label: 'INR (₹)', description: 'Bank transfer' },
                  { value: 'USD', label: 'USD ($)', description: 'USDT to the wallet address' },
                ]}
              />
              <AmountField
                id="wp-amount"
                symbol="₹"
                error={err('amount')}
                registration={form.register('amount')}
                hint={usd ? 'Held from the member’s rupee wallet and paid out as USDT (TRC20).' : 'Held from the member’s wallet and paid to their bank account.'}
              />
              <TextareaField
                id="wp-remarks"
                label="Remarks"
                error={err('remarks')}
                hint="Why this withdrawal is made; kept with the request."
                rows={3}
                maxLength={500}
                placeholder="e.g. Requested by phone, verified by the branch"
                registration={form.register('remarks')}
              />
            </CardContent>
            <CardFooter className="justify-end">
              <Button type="submit" loading={isSubmitting}>
                {isSubmitting ? (
                  'Creating...'
                ) : (
                  <>
                    <PenLine aria-hidden="true" className="size-4" /> Create Withdrawal Request
                  </>
                )}
              </Button>
            </CardFooter>
          </form>
        </Card>

        <aside aria-label="Last request" className="space-y-3">
          {created ? (
            <Card className="border-emerald-200">
              <CardHeader>
                <p className="flex items-center gap-2 text-sm font-semibold text-emerald-800">
                  <CheckCircle2 aria-hidden="true" className="size-4.5" /> {WALLET_MSG.withdrawalCreated}
                </p>
              </CardHeader>
              <ResultRows userId={created.userId}>
                <ResultRow term="Amount">{formatINR(created.withdrawal.amount)}</ResultRow>
                <ResultRow term="Type">{created.currency === 'USD' ? 'USD ($) · USDT' : 'INR (₹) · Bank Transfer'}</ResultRow>
                <ResultRow term="Status">Pending</ResultRow>
              </ResultRows>
              <CardFooter>
                <Button asChild variant="link">
                  <Link to={sectionHref('withdrawals-pending')}>
                    Open Pending Withdraw Requests <ChevronRight aria-hidden="true" className="size-4" />
                  </Link>
                </Button>
              </CardFooter>
            </Card>
          ) : null}
          <div className="rounded-2xl border border-slate-200 bg-slate-50/70 p-4 text-sm text-slate-600">
            <p className="mb-2 font-semibold text-slate-800">Before you create one</p>
            <ul className="list-disc space-y-1.5 pl-4">
              <li>The wallet must cover the amount.</li>
              <li>INR needs complete bank details on the member’s profile; USD needs a USDT wallet address.</li>
              <li>The request waits in Pending Withdraw Requests for approval.</li>
            </ul>
          </div>
        </aside>
      </div>
    </div>
  );
}
