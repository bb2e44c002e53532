import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ArrowUpFromLine, Coins, Landmark } from 'lucide-react';
import type { z } from 'zod';
import { NETWORK_TYPES, WALLET_MSG, WithdrawalRequest, type CurrentUser, type PayoutStatus, type WalletSummary } from '@contracts';
import { Button } from '../../components/ui/button';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { Dialog, DialogContent, DialogTrigger, FormFooter } from '../../components/ui/dialog';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, Options } from '../../components/ui/input';
import { termOf } from '../../components/ui/term';
import { fullName } from '../../lib/format';
import { newIdempotencyKey } from '../../lib/idempotency';
import { compareMoney, formatMoney } from '../../lib/money';
import { schemaResolver } from '../../lib/schema-resolver';
import { useSignedInUser } from '../account';
import { useRequestWithdrawal } from './withdrawal-api';
import { payoutBlock } from './payout-notice';
import { Alert } from '../../components/ui/alert';
import { SelectField } from '../../components/ui/select-field';

type Network = (typeof NETWORK_TYPES)[number];
interface Values {
  withdrawalType: 'bank' | 'usdt';
  amount: string;
  /** The profile's bank account as GET /api/wallet shows it (the number masked): not typed, only sent. */
  bankDetails: { accountNumber: string; ifsc: string; bankName: string; accountHolderName: string };
  /** The profile's wallet address, likewise. */
  usdtWalletAddress: string;
  networkType: '' | Network;
}
const FIELDS = ['withdrawalType', 'amount', 'bankDetails', 'usdtWalletAddress', 'networkType'] as const;
const BANK_KEYS = ['accountNumber', 'ifsc', 'bankName', 'accountHolderName'] as const;

/**
 * The form's values from the profile's payout details (issue 30): the bank account with its number masked as the
 * wallet answers it (the server takes the masked form of the profile's number, payout-safety.ts) and the USDT wallet.
 * A profile without a holder name sends the member's name, which the server records too.
 */
function defaultsOf(payout: PayoutStatus | undefined, user: CurrentUser): Values {
  const bank = payout?.bank;
  return {
    withdrawalType: 'bank',
    amount: '',
    bankDetails: {
      accountNumber: bank?.accountNumber ?? '',
      ifsc: bank?.ifsc ?? '',
      bankName: bank?.bankName ?? '',
      accountHolderName: bank?.accountHolderName || fullName(user),
    },
    usdtWalletAddress: payout?.cryptoWalletAddress ?? '',
    networkType: '',
  };
}

const Row = termOf({ row: 'flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-1.5', term: 'text-slate-500', value: 'min-w-0 font-medium text-slate-900 break-all text-right' });

/** Where the member changes the payout details the withdrawal goes to. */
function ChangeAt() {
  return (
    <p className="text-sm text-slate-600">
      Withdrawals go only to the payout details on your profile. To change them, open{' '}
      <Link to="/settings" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
        Settings
      </Link>{' '}
      (a change holds withdrawals for 24 hours).
    </p>
  );
}

/** Request Withdrawal (doc 3 §5.2, decisions §6): bank or USDT, to the profile's details; the amount is debited at once and held. */
export function WithdrawalDialog({ summary, disabled, describedBy }: { summary: WalletSummary | undefined; disabled: boolean; describedBy?: string }) {
  const user = useSignedInUser();
  const [open, setOpen] = useState(false);
  const withdraw = useRequestWithdrawal();
  // One key per opening of the dialog: a retry after a lost answer cannot debit twice (decisions §6).
  const [key, setKey] = useState(newIdempotencyKey);
  const balance = summary?.balance ?? '0';
  const payout = summary?.payout;
  const schema = useMemo(
    () =>
      WithdrawalRequest.superRefine((v, ctx) => {
        if (compareMoney(v.amount, balance) > 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: `${WALLET_MSG.insufficientBalance}: you have ${formatMoney(balance, { decimals: 2 })}` });
      }),
    [balance],
  );
  const form = useForm<Values, unknown, z.output<typeof WithdrawalRequest>>({ resolver: schemaResolver<Values, typeof schema>(schema), defaultValues: defaultsOf(payout, user) });
  const { errors, isSubmitting } = form.formState;
  const type = form.watch('withdrawalType');
  // A refusal of the bank account: the server's (not the profile's, not verified, the hold) or a blank part of it.
  const bankError = errors.bankDetails?.message ?? BANK_KEYS.map((k) => errors.bankDetails?.[k]?.message).find(Boolean);
  // Withdrawals go only to the profile's payout details, a bank account only once verified, never within 24 hours
  // of a change (issue 13): the reason this type is closed, if it is.
  const block = payout ? payoutBlock(payout, type) : null;
  const bank = form.watch('bankDetails');
  const wallet = form.watch('usdtWalletAddress');

  const change = (next: boolean) => {
    if (isSubmitting) return;
    if (next) {
      form.reset(defaultsOf(payout, user));
      setKey(newIdempotencyKey());
    }
    setOpen(next);
  };

  const onSubmit = form.handleSubmit(async (v) => {
    const body: WithdrawalRequest =
      v.withdrawalType === 'bank'
        ? { withdrawalType: 'bank', amount: v.amount, bankDetails: v.bankDetails }
        : { withdrawalType: 'usdt', amount: v.amount, usdtWalletAddress: v.usdtWalletAddress, networkType: v.networkType };
    const res = await withdraw.run({ body, key }, { setError: form.setError, fields: FIELDS });
    if (res.ok) setOpen(false);
  });

  const err = (f: 'amount' | 'networkType') => errors[f]?.message;
  const detailError = type === 'bank' ? bankError : errors.usdtWalletAddress?.message;
  const blockAlert = block ? (
    <Alert tone="warning" role="status">
      {block}
    </Alert>
  ) : null;

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button disabled={disabled} aria-describedby={describedBy} icon={ArrowUpFromLine}>
          Request Withdrawal
        </Button>
      </DialogTrigger>
      <DialogContent title="Request Withdrawal" description="The amount is held from your wallet at once. If the request is rejected it comes back to your wallet.">
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <div className="flex items-center justify-between gap-3 rounded-xl bg-brand-50 px-4 py-3 text-sm">
            <span className="text-brand-800">Available balance</span>
            <span className="text-base font-bold text-brand-900 tabular-nums">{formatMoney(balance, { decimals: 2 })}</span>
          </div>
          <ChoiceCards
            legend="Withdrawal Type"
            options={[
              { value: 'bank', label: 'Bank Transfer', icon: Landmark },
              { value: 'usdt', label: 'USDT', icon: Coins },
            ]}
            error={errors.withdrawalType?.message}
            {...form.register('withdrawalType')}
          />
          <FormField id="withdraw-amount" label="Amount (₹)" error={err('amount')} hint="Up to 2 decimals, not more than your balance.">
            <Input inputMode="decimal" autoComplete="off" placeholder="0.00" {...fieldA11y('withdraw-amount', err('amount'), true)} {...form.register('amount')} />
          </FormField>
          <section aria-labelledby="withdraw-to" className="space-y-3">
            <h3 id="withdraw-to" className="text-sm font-semibold text-slate-900">
              {type === 'bank' ? 'Paid to your bank account' : 'Paid to your USDT wallet'}
            </h3>
            {blockAlert}
            {type === 'bank' && payout?.bank ? (
              <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 px-4 py-1 text-sm" data-testid="withdraw-bank">
                <Row term="Account holder">{bank.accountHolderName}</Row>
                <Row term="Account number">
                  <span className="font-mono tabular-nums">{bank.accountNumber}</span>
                </Row>
                <Row term="IFSC">
                  <span className="font-mono">{bank.ifsc}</span>
                </Row>
                <Row term="Bank">{bank.bankName}</Row>
              </dl>
            ) : null}
            {type === 'usdt' && wallet ? (
              <dl className="rounded-xl border border-slate-200 px-4 py-1 text-sm" data-testid="withdraw-wallet">
                <Row term="Wallet address">
                  <span className="font-mono">{wallet}</span>
                </Row>
              </dl>
            ) : null}
            {detailError ? (
              <p id="withdraw-details-error" role="alert" className="text-sm font-medium text-red-600">
                {detailError}
              </p>
            ) : null}
            <ChangeAt />
            {type === 'usdt' ? (
              <SelectField id="withdraw-networkType" label="Network" error={err('networkType')} registration={form.register('networkType')}>
                <Options blank="Choose a network" values={NETWORK_TYPES} />
              </SelectField>
            ) : null}
          </section>
          <FormFooter onCancel={() => change(false)} busy={isSubmitting} disabled={Boolean(block)}>
            {isSubmitting ? null : <ArrowUpFromLine aria-hidden="true" className="size-4" />} Submit Request
          </FormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
