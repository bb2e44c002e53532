import { useState, type RefObject } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Banknote, CreditCard, ShoppingCart, Smartphone, Wallet } from 'lucide-react';
import type { z } from 'zod';
import { COMMERCE_MSG, PAYMENT_METHODS, PurchaseRequest, gstStateCode, gstStateName, type CurrentUser, type ProductView } from '@contracts';
import { ChoiceCards, type ChoiceOption } from '../../components/ui/choice-cards';
import { ProductPicture } from '../../components/ui/product-image';
import { Dialog, DialogContent, FormFooter } from '../../components/ui/dialog';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, Select } from '../../components/ui/input';
import { StateOptions } from '../../components/ui/state-options';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form-errors';
import { newIdempotencyKey } from '../../lib/idempotency';
import { compareMoney, formatBV, formatMoney, formatPercent, orderTotals } from '../../lib/money';
import { schemaResolver } from '../../lib/schema-resolver';
import { useSignedInUser } from '../account';
import { useInvalidateWallet, useWalletSummary } from '../wallet';
import { COMMERCE_KEYS, createPurchase } from './api';
import { categoryLabel, paymentMethodLabel } from './labels';
import { TextareaField } from '../../components/ui/textarea-field';

type Method = (typeof PAYMENT_METHODS)[number];
interface Values {
  productId: string;
  quantity: number;
  paymentMethod: '' | Method;
  deliveryAddress: string;
  deliveryState: string;
  deliveryPincode: string;
}
const FIELDS = ['productId', 'quantity', 'paymentMethod', 'deliveryAddress', 'deliveryState', 'deliveryPincode'] as const;
const ICONS: Record<Method, ChoiceOption['icon']> = { upi: Smartphone, bank_transfer: Banknote, card: CreditCard, wallet: Wallet };

/** Quantity is a number of at least 1, falling back to 1 when it cannot be read (doc 3 §5.1). */
export function toQuantity(raw: unknown): number {
  const text = String(raw ?? '').trim();
  const n = Number(text);
  return text === '' || !Number.isFinite(n) ? 1 : n;
}

/** The profile's address and city as one line (state and PIN code are fields of their own), when the profile has them. */
export function profileAddress(u: Pick<CurrentUser, 'address' | 'city'>): string {
  return [u.address, u.city]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(', ');
}

/** The profile's state as the list names it ('Orissa' is Odisha), or blank when it is not a state of India. */
export function profileState(u: Pick<CurrentUser, 'state'>): string {
  const code = gstStateCode(u.state);
  return code ? (gstStateName(code) ?? '') : '';
}

function Row({ term, children, strong }: { term: string; children: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex flex-wrap justify-between gap-x-2 border-t border-slate-200 pt-2 text-[15px] font-bold text-slate-900' : 'flex justify-between gap-3 text-slate-600'}>
      <dt className="whitespace-nowrap">{term}</dt>
      <dd className="ml-auto tabular-nums">{children}</dd>
    </div>
  );
}

function PurchaseForm({ product, onDone }: { product: ProductView; onDone: () => void }) {
  const user = useSignedInUser();
  const wallet = useWalletSummary();
  const invalidateWallet = useInvalidateWallet();
  const queryClient = useQueryClient();
  // One key per opening of the dialog (this form mounts once per opening): a retry cannot order twice.
  const [key] = useState(newIdempotencyKey);
  const form = useForm<Values, unknown, z.output<typeof PurchaseRequest>>({
    resolver: schemaResolver<Values, typeof PurchaseRequest>(PurchaseRequest),
    defaultValues: {
      productId: product.id,
      quantity: 1,
      paymentMethod: '',
      deliveryAddress: profileAddress(user),
      deliveryState: profileState(user),
      deliveryPincode: user.pincode?.trim() ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [method, quantity] = form.watch(['paymentMethod', 'quantity']);
  const totals = orderTotals(product.price, product.gst, product.bv, Number.isInteger(quantity) && quantity >= 1 ? quantity : 1);
  const balance = wallet.data?.balance;
  const walletShort = method === 'wallet' && balance !== undefined && compareMoney(balance, totals.total) < 0;

  const options: ChoiceOption[] = PAYMENT_METHODS.map((m) => ({
    value: m,
    label: paymentMethodLabel(m),
    icon: ICONS[m],
    description: m === 'wallet' ? (balance !== undefined ? `Balance ${formatMoney(balance, { decimals: 2 })}` : wallet.isError ? 'Balance unavailable' : 'Loading balance…') : undefined,
  }));

  const onInvalid = (errs: FieldErrors<Values>) => {
    const v = form.getValues();
    const blank =
      (errs.paymentMethod && !v.paymentMethod) ||
      (errs.deliveryAddress && !v.deliveryAddress.trim()) ||
      (errs.deliveryState && !v.deliveryState) ||
      (errs.deliveryPincode && !v.deliveryPincode.trim());
    if (blank) {
      toast({ title: 'Incomplete Information', description: 'Please fill in all required fields.', variant: 'destructive' });
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (values.paymentMethod === 'wallet' && balance !== undefined && compareMoney(balance, totals.total) < 0) {
      form.setError('paymentMethod', { type: 'balance', message: COMMERCE_MSG.insufficientBalance });
      return;
    }
    try {
      const res = await createPurchase(values, key);
      if (!res.ok) {
        applyFieldErrors(form.setError, res.error.fieldErrors, FIELDS);
        toast({ title: 'Purchase Failed', description: res.error.message || 'Failed to create purchase', variant: 'destructive' });
        return;
      }
      toast({ title: COMMERCE_MSG.purchaseSuccessTitle, description: COMMERCE_MSG.purchaseSuccess, variant: 'success' });
      form.reset();
      void queryClient.invalidateQueries({ predicate: (q) => [COMMERCE_KEYS.purchases, '/api/team/stats'].includes(String(q.queryKey[0])) });
      void invalidateWallet();
      onDone();
    } catch (e) {
      toast({ title: 'Purchase Failed', description: errorMessage(e, 'Failed to create purchase'), variant: 'destructive' });
    }
  }, onInvalid);

  const quantityField = form.register('quantity', { setValueAs: toQuantity });
  const addressError = errors.deliveryAddress?.message;
  const stateError = errors.deliveryState?.message;
  const pincodeError = errors.deliveryPincode?.message;
  const quantityError = errors.quantity?.message;

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4 md:grid-cols-[minmax(0,1fr)_16rem] md:grid-rows-[auto_1fr] md:gap-x-6">
      <div className="flex items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 md:col-start-2 md:row-start-1">
        <ProductPicture product={product} sizes="64px" className="size-16 shrink-0 rounded-lg ring-1 ring-slate-200" iconClassName="size-7" />
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{product.name}</p>
          <p className="mt-0.5 text-sm text-slate-500">{categoryLabel(product.category)}</p>
          <p className="mt-1 text-sm text-slate-600 tabular-nums">
            {formatMoney(product.price, { decimals: 0 })} each · BV {formatBV(product.bv)}
          </p>
        </div>
      </div>
      <div className="space-y-4 md:col-start-1 md:row-span-2 md:row-start-1">
        <ChoiceCards legend="Payment Method" options={options} error={errors.paymentMethod?.message} {...form.register('paymentMethod')} />
        {walletShort ? (
          <p role="alert" className="text-sm font-medium text-amber-700">
            Your wallet balance does not cover this order. Choose another payment method or lower the quantity.
          </p>
        ) : method ? (
          <p className="text-xs text-slate-500">
            {method === 'wallet' ? 'Paid from your wallet at once; the BV is credited immediately.' : 'The order stays pending until your payment is confirmed; the BV is credited then.'}
          </p>
        ) : null}
        <TextareaField id="purchase-address" label="Delivery Address" error={addressError} rows={2} autoComplete="street-address" registration={form.register('deliveryAddress')} />
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
          <FormField id="purchase-state" label="State" error={stateError} hint="The place of supply on your GST invoice.">
            <Select autoComplete="address-level1" {...fieldA11y('purchase-state', stateError)} {...form.register('deliveryState')}>
              <StateOptions />
            </Select>
          </FormField>
          <FormField id="purchase-pincode" label="PIN Code" error={pincodeError}>
            <Input inputMode="numeric" maxLength={6} autoComplete="postal-code" {...fieldA11y('purchase-pincode', pincodeError)} {...form.register('deliveryPincode')} />
          </FormField>
        </div>
        <FormField id="purchase-quantity" label="Quantity" error={quantityError} className="max-w-40">
          <Input
            type="number"
            min={1}
            max={100}
            step={1}
            inputMode="numeric"
            {...fieldA11y('purchase-quantity', quantityError)}
            {...quantityField}
            onBlur={(e) => {
              // An unreadable quantity shows the 1 it falls back to.
              if (e.currentTarget.value.trim() === '' || !Number.isFinite(Number(e.currentTarget.value))) e.currentTarget.value = '1';
              void quantityField.onBlur(e);
            }}
          />
        </FormField>
      </div>
      <dl aria-label="Order summary" aria-live="polite" className="space-y-1.5 self-start rounded-xl bg-brand-50/60 px-4 py-3 text-sm md:col-start-2 md:row-start-2">
        <Row term={`Price × ${Number.isInteger(quantity) && quantity >= 1 ? quantity : 1}`}>{formatMoney(totals.subtotal, { decimals: 2 })}</Row>
        <Row term={`GST (${formatPercent(product.gst)})`}>{formatMoney(totals.gst, { decimals: 2 })}</Row>
        <Row term="Total Amount" strong>
          {formatMoney(totals.total, { decimals: 2 })}
        </Row>
        <div className="flex justify-between gap-3 font-semibold text-brand-800">
          <dt>BV Earned</dt>
          <dd className="tabular-nums">{formatBV(totals.bv)}</dd>
        </div>
      </dl>
      <FormFooter onCancel={onDone} busy={isSubmitting} className="md:col-span-2 md:row-start-3">
        {isSubmitting ? null : <ShoppingCart aria-hidden="true" className="size-4" />} Place Order
      </FormFooter>
    </form>
  );
}

/**
 * The purchase dialog of doc 3 §2.5: payment method, delivery address and quantity with the live total.
 * The form remounts on every opening (fresh values and Idempotency-Key); focus goes back to the card's button.
 */
export function PurchaseDialog({
  product,
  session,
  open,
  onOpenChange,
  returnFocus,
}: {
  product: ProductView | null;
  session: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open && product !== null} onOpenChange={onOpenChange}>
      {product ? (
        <DialogContent
          className="md:max-w-3xl"
          title="Purchase Product"
          description="Choose how to pay and where to deliver. The total includes GST."
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus.current?.focus();
          }}
        >
          <PurchaseForm key={session} product={product} onDone={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
