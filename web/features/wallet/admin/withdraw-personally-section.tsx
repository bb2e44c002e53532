import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { CheckCircle2, ChevronRight, PenLine } from 'lucide-react';
import { WALLET_MSG, WithdrawPersonallyRequest, type WithdrawalView } from '@contracts';
import { Button } from '../../../components/ui/button';
import { Card, CardFooter, CardHeader } from '../../../components/ui/card';
import { formatINR } from '../../../lib/admin/format';
import { schemaResolver } from '../../../lib/admin/queries';
import { sectionHref } from '../../../lib/admin/sections';
import { ChoiceGroup } from '../../../components/admin/choice-group';
import { SectionHeader } from '../../../components/admin/section-header';
import { toastValidation } from '../../../components/admin/validation-toast';
import { useMoneyPost } from './money-api';
import { AmountField, ResultRow, ResultRows, UserIdField } from '../../../components/admin/money-fields';
import { MoneyWrite, RemarksField } from '../../../components/admin/money-write';

const FIELDS = ['userId', 'withdrawalType', 'amount', 'remarks'] as const;
type Values = { userId: string; withdrawalType: 'INR' | 'USD'; amount: string; remarks: string };
type Created = { userId: string; currency: 'INR' | 'USD'; withdrawal: Partial<WithdrawalView> & { amount: string } };

/** The request just created, with the way to the pending requests. */
function Result({ created }: { created: Created }) {
  return (
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
  );
}

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

      <MoneyWrite
        onSubmit={onSubmit}
        titleId="wp-title"
        title="Create Withdrawal Request"
        description="The payout goes to the bank details or the USDT address on the member’s profile."
        busy={isSubmitting}
        busyLabel="Creating..."
        submitLabel="Create Withdrawal Request"
        submitIcon={PenLine}
        resultLabel="Last request"
        result={created ? <Result created={created} /> : null}
        notesTitle="Before you create one"
        notes={
          <ul className="list-disc space-y-1.5 pl-4">
            <li>The wallet must cover the amount.</li>
            <li>INR needs complete bank details on the member’s profile; USD needs a USDT wallet address.</li>
            <li>The request waits in Pending Withdraw Requests for approval.</li>
          </ul>
        }
      >
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
        <RemarksField
          id="wp-remarks"
          error={err('remarks')}
          hint="Why this withdrawal is made; kept with the request."
          placeholder="e.g. Requested by phone, verified by the branch"
          registration={form.register('remarks')}
        />
      </MoneyWrite>
    </div>
  );
}
