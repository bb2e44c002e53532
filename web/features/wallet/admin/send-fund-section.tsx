import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ArrowDownLeft, ArrowUpRight, CheckCircle2, Hourglass, ScrollText, Send } from 'lucide-react';
import { FUND_APPROVAL_MSG, SendFundRequest, WALLET_MSG } from '@contracts';
import { Card, CardHeader } from '../../../components/ui/card';
import { formatINR } from '../../../lib/admin/format';
import { schemaResolver } from '../../../lib/admin/queries';
import { sectionHref } from '../../../lib/admin/sections';
import { ChoiceGroup } from '../../../components/admin/choice-group';
import { SectionHeader, SectionLinkButton } from '../../../components/admin/section-header';
import { toastValidation } from '../../../components/admin/validation-toast';
import { useMoneyPost } from './money-api';
import { AmountField, ResultRow, ResultRows, UserIdField } from '../../../components/admin/money-fields';
import { MoneyWrite, RemarksField } from '../../../components/admin/money-write';

const FIELDS = ['userId', 'option', 'amount', 'remarks'] as const;
type Values = { userId: string; option: 'Credit' | 'Debit'; amount: string; remarks: string };
type Done = { userId: string; option: 'credit' | 'debit'; amount: string; balance: string | null; remarks: string; pendingMessage?: string };

/** The last transaction: done, or waiting for a second admin above the approval amount. */
function Result({ done }: { done: Done }) {
  return (
    <Card className={done.pendingMessage ? 'border-amber-200' : 'border-emerald-200'}>
      <CardHeader>
        {done.pendingMessage ? (
          <div className="space-y-1">
            <p className="flex items-center gap-2 text-sm font-semibold text-amber-800">
              <Hourglass aria-hidden="true" className="size-4.5" /> Waiting for a second admin
            </p>
            <p className="text-sm text-slate-600">{done.pendingMessage}</p>
            <Link className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline" to={sectionHref('approvals')}>
              Open Approvals
            </Link>
          </div>
        ) : (
          <p className="flex items-center gap-2 text-sm font-semibold text-emerald-800">
            <CheckCircle2 aria-hidden="true" className="size-4.5" /> {done.option === 'credit' ? WALLET_MSG.fundCredited : WALLET_MSG.fundDebited}
          </p>
        )}
      </CardHeader>
      <ResultRows userId={done.userId}>
        <ResultRow term={done.pendingMessage ? (done.option === 'credit' ? 'Credit asked' : 'Debit asked') : done.option === 'credit' ? 'Credited' : 'Debited'}>
          <span className={done.option === 'credit' ? 'text-emerald-700' : 'text-red-600'}>
            {done.option === 'credit' ? '+' : '-'}
            {formatINR(done.amount)}
          </span>
        </ResultRow>
        {done.balance !== null ? <ResultRow term="New balance">{formatINR(done.balance)}</ResultRow> : null}
        <ResultRow term="Remarks">{done.remarks}</ResultRow>
      </ResultRows>
    </Card>
  );
}

/** A12 Send Fund (doc 2 §2.12): credit or debit a member's wallet, with remarks; never below zero. */
export function SendFundSection() {
  const [params] = useSearchParams();
  const send = useMoneyPost<z.output<typeof SendFundRequest>, { message?: string; balance?: string }>('/api/admin/send-fund', {
    failed: 'Failed to process fund transaction',
    successToast: (data, body, status) =>
      status === 202
        ? { title: 'Sent for approval', description: data.message ?? FUND_APPROVAL_MSG.requested, variant: 'default' }
        : { title: 'Success', description: body.option === 'credit' ? WALLET_MSG.fundCredited : WALLET_MSG.fundDebited },
  });
  const [done, setDone] = useState<Done | null>(null);
  const form = useForm<Values, unknown, z.output<typeof SendFundRequest>>({
    resolver: schemaResolver<Values, typeof SendFundRequest>(SendFundRequest),
    defaultValues: { userId: params.get('userId') ?? '', option: 'Credit', amount: '', remarks: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const err = (f: (typeof FIELDS)[number]) => errors[f]?.message;
  const debit = form.watch('option') === 'Debit';

  const onSubmit = form.handleSubmit(
    async (values) => {
      const body = { ...values, userId: values.userId.toUpperCase() };
      const res = await send.run(body, { setError: form.setError, fields: FIELDS });
      if (!res.ok) return;
      // 202: above the approval amount it waits for a second admin (issue 13); nothing has moved yet.
      const pendingMessage = res.status === 202 ? (res.data.message ?? FUND_APPROVAL_MSG.requested) : undefined;
      setDone({ userId: body.userId, option: body.option, amount: body.amount, balance: pendingMessage ? null : (res.data.balance ?? null), remarks: body.remarks, pendingMessage });
      form.reset({ userId: '', option: form.getValues('option'), amount: '', remarks: '' });
    },
    (errs) => toastValidation(errs, FIELDS),
  );

  return (
    <div className="space-y-5">
      <SectionHeader
        eyebrow="Fund Management"
        title="Send Fund"
        description="Credit or debit a member’s wallet. Every movement is written to the fund history with your remarks."
        actions={
          <SectionLinkButton section="fund-history" icon={ScrollText}>
            Fund History
          </SectionLinkButton>
        }
      />

      <MoneyWrite
        onSubmit={onSubmit}
        label="Send Fund"
        title="Wallet transaction"
        description="A debit never takes a wallet below zero."
        busy={isSubmitting}
        busyLabel="Processing..."
        submitLabel={debit ? 'Debit Wallet' : 'Credit Wallet'}
        submitIcon={Send}
        submitVariant={debit ? 'destructive' : 'primary'}
        resultLabel="Last transaction"
        result={done ? <Result done={done} /> : null}
        notesTitle="How it works"
        notes={
          <ul className="space-y-2">
            <li className="flex gap-2">
              <ArrowDownLeft aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              <span>
                <strong className="font-medium text-slate-800">Credit</strong> adds the amount to the wallet at once.
              </span>
            </li>
            <li className="flex gap-2">
              <ArrowUpRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
              <span>
                <strong className="font-medium text-slate-800">Debit</strong> is refused when the balance does not cover it.
              </span>
            </li>
            <li className="flex gap-2">
              <ScrollText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
              <span>The member is notified, and the entry appears in the Fund History.</span>
            </li>
            <li className="flex gap-2">
              <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
              <span>
                Above the approval amount a <strong className="font-medium text-slate-800">second admin</strong> approves it in Fund Approvals first.
              </span>
            </li>
          </ul>
        }
      >
        <UserIdField id="sf-userId" error={err('userId')} registration={form.register('userId')} />
        <ChoiceGroup
          legend="Option"
          idPrefix="sf-option"
          error={err('option')}
          registration={form.register('option')}
          choices={[
            { value: 'Credit', label: 'Credit', description: 'Adds to the wallet balance' },
            { value: 'Debit', label: 'Debit', description: 'Subtracts from the wallet balance' },
          ]}
        />
        <AmountField id="sf-amount" symbol="₹" error={err('amount')} registration={form.register('amount')} />
        <RemarksField
          id="sf-remarks"
          error={err('remarks')}
          hint="Shown to the member and kept in the audit log."
          placeholder="e.g. Festival bonus for November"
          registration={form.register('remarks')}
        />
      </MoneyWrite>
    </div>
  );
}
