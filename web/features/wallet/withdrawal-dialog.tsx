import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ArrowUpFromLine, Coins, Landmark } from 'lucide-react';
import type { z } from 'zod';
import { NETWORK_TYPES, WALLET_MSG, WithdrawalRequest, type CurrentUser, type WalletSummary } from '@contracts';
import { Button } from '../../components/ui/button';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { Dialog, DialogContent, DialogTrigger, FormFooter } from '../../components/ui/dialog';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, Select, Options } from '../../components/ui/input';
import { newIdempotencyKey } from '../../lib/idempotency';
import { compareMoney, formatMoney } from '../../lib/money';
import { schemaResolver } from '../../lib/schema-resolver';
import { useSignedInUser } from '../account';
import { useRequestWithdrawal } from './withdrawal-api';
import { payoutBlock } from './payout-notice';
import { Alert } from '../../components/ui/alert';

type Network = (typeof NETWORK_TYPES)[number];
interface Values {
  withdrawalType: 'bank' | 'usdt';
  amount: string;
  bankDetails: { accountNumber: string; ifsc: string; bankName: string; accountHolderName: string };
  usdtWalletAddress: string;
  networkType: '' | Network;
}
const FIELDS = ['withdrawalType', 'amount', 'bankDetails', 'usdtWalletAddress', 'networkType'] as const;

/**
 * A profile value when the current user carries it in clear. The account number arrives masked (last 4,
 * decisions §7) and is not a usable default: the member types it to confirm (the server takes the masked form too).
 */
function profileValue(user: CurrentUser, key: string): string {
  const v = (user as unknown as Record<string, unknown>)[key];
  return typeof v === 'string' && !v.includes('•') ? v : '';
}

function defaultsOf(user: CurrentUser): Values {
  const accountNumber = profileValue(user, 'bankAccountNumber');
  return {
    withdrawalType: 'bank',
    amount: '',
    bankDetails: {
      accountNumber: /^\d+$/.test(accountNumber) ? accountNumber : '',
      ifsc: profileValue(user, 'bankIFSC'),
      bankName: profileValue(user, 'bankName'),
      accountHolderName: profileValue(user, 'bankAccountHolderName'),
    },
    usdtWalletAddress: profileValue(user, 'cryptoWalletAddress'),
    networkType: '',
  };
}

/** Request Withdrawal (doc 3 §5.2, decisions §6): bank or USDT; the amount is debited at once and held. */
export function WithdrawalDialog({ summary, disabled, describedBy }: { summary: WalletSummary | undefined; disabled: boolean; describedBy?: string }) {
  const user = useSignedInUser();
  const [open, setOpen] = useState(false);
  const withdraw = useRequestWithdrawal();
  // One key per opening of the dialog: a retry after a lost answer cannot debit twice (decisions §6).
  const [key, setKey] = useState(newIdempotencyKey);
  const balance = summary?.balance ?? '0';
  const schema = useMemo(
    () =>
      WithdrawalRequest.superRefine((v, ctx) => {
        if (compareMoney(v.amount, balance) > 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: `${WALLET_MSG.insufficientBalance}: you have ${formatMoney(balance, { decimals: 2 })}` });
      }),
    [balance],
  );
  const form = useForm<Values, unknown, z.output<typeof WithdrawalRequest>>({ resolver: schemaResolver<Values, typeof schema>(schema), defaultValues: defaultsOf(user) });
  const { errors, isSubmitting } = form.formState;
  const type = form.watch('withdrawalType');
  const bankError = errors.bankDetails?.message;
  // Withdrawals go only to the profile's payout details, a bank account only once verified, never within 24 hours
  // of a change (issue 13): the reason this type is closed, if it is.
  const payout = summary?.payout;
  const block = payout ? payoutBlock(payout, type) : null;
  const profileWallet = payout?.cryptoWalletAddress ?? null;

  const change = (next: boolean) => {
    if (isSubmitting) return;
    if (next) {
      form.reset(defaultsOf(user));
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

  const err = (f: 'amount' | 'usdtWalletAddress' | 'networkType') => errors[f]?.message;
  const bankField = (name: keyof Values['bankDetails'], label: string, autoComplete: string, extra: { inputMode?: 'numeric'; upper?: boolean } = {}) => {
    const id = `withdraw-${name}`;
    const missing = Boolean(bankError) && !form.getValues(`bankDetails.${name}`).trim();
    return (
      <FormField id={id} label={label}>
        <Input
          id={id}
          autoComplete={autoComplete}
          inputMode={extra.inputMode}
          aria-invalid={missing || undefined}
          aria-describedby={bankError ? 'withdraw-bank-error' : undefined}
          className={extra.upper ? 'uppercase' : undefined}
          {...form.register(`bankDetails.${name}`)}
        />
      </FormField>
    );
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button disabled={disabled} aria-describedby={describedBy}>
          <ArrowUpFromLine aria-hidden="true" className="size-4" /> Request Withdrawal
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
          {type === 'bank' ? (
            <fieldset className="space-y-3">
              <legend className="mb-2 text-sm font-semibold text-slate-900">Bank details</legend>
              <p className="text-sm text-slate-600">
                {payout?.bank
                  ? `Withdrawals go only to the bank account on your profile (${payout.bank.bankName} ${payout.bank.accountNumber}). Type its account number to confirm.`
                  : 'Withdrawals go only to the bank account on your profile.'}
              </p>
              {block ? (
                <Alert tone="warning" role="status">
                  {block}
                </Alert>
              ) : null}
              {bankError ? (
                <p id="withdraw-bank-error" role="alert" className="text-sm font-medium text-red-600">
                  {bankError}
                </p>
              ) : null}
              <div className="grid gap-3 sm:grid-cols-2">
                {bankField('accountHolderName', 'Account Holder Name', 'name')}
                {bankField('accountNumber', 'Account Number', 'off', { inputMode: 'numeric' })}
                {bankField('ifsc', 'IFSC Code', 'off', { upper: true })}
                {bankField('bankName', 'Bank Name', 'off')}
              </div>
            </fieldset>
          ) : (
            <fieldset className="space-y-3">
              <legend className="mb-2 text-sm font-semibold text-slate-900">USDT details</legend>
              {block ? (
                <Alert tone="warning" role="status">
                  {block}
                </Alert>
              ) : null}
              <FormField id="withdraw-usdtWalletAddress" label="Wallet Address" error={err('usdtWalletAddress')} hint={profileWallet ? 'The wallet on your profile; change it there.' : undefined}>
                <Input
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono"
                  readOnly={Boolean(profileWallet)}
                  {...fieldA11y('withdraw-usdtWalletAddress', err('usdtWalletAddress'), Boolean(profileWallet))}
                  {...form.register('usdtWalletAddress')}
                />
              </FormField>
              <FormField id="withdraw-networkType" label="Network" error={err('networkType')}>
                <Select {...fieldA11y('withdraw-networkType', err('networkType'))} {...form.register('networkType')}>
                  <Options blank="Choose a network" values={NETWORK_TYPES} />
                </Select>
              </FormField>
            </fieldset>
          )}
          <FormFooter onCancel={() => change(false)} busy={isSubmitting} disabled={Boolean(block)}>
            {isSubmitting ? null : <ArrowUpFromLine aria-hidden="true" className="size-4" />} Submit Request
          </FormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
