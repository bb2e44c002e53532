import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Download, Receipt, ShoppingCart, Undo2 } from 'lucide-react';
import { LOCAL_PAYMENT_LABELS, LOCAL_PAYMENT_METHODS, LOCAL_SALE_MSG, type LocalSaleView } from '@contracts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormDialog, useFormDialog } from '../../components/ui/form-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, Select } from '../../components/ui/input';
import { QueryStates } from '../../components/ui/query-error';
import { DataTable, type Column } from '../../components/ui/table';
import { formatDate } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { useFranchiseStock } from './stock-api';
import { invoiceUrl, useCustomers, useLocalSales, useSell } from './local-sales-api';
import { QuantityField, wholeUnits } from './quantity-field';
import { ReturnRequestDialog, useOwnReturns, type ReturnableItem } from '../returns';
import { SelectField } from '../../components/ui/select-field';

type Values = { buyer: 'member' | 'customer'; memberUserId: string; customerId: string; productId: string; quantity: string; paymentMethod: string; paymentReference: string };

/** New Sale: to a member by user ID or to a registered customer, one product from the stock, the payment. */
function SellDialog() {
  const stock = useFranchiseStock();
  const customers = useCustomers('');
  const sell = useSell();
  const form = useForm<Values>({ defaultValues: { buyer: 'member', memberUserId: '', customerId: '', productId: '', quantity: '1', paymentMethod: 'cash', paymentReference: '' } });
  const { errors } = form.formState;
  const dialog = useFormDialog(form);
  const buyer = form.watch('buyer');
  const onSubmit = form.handleSubmit(async (v) => {
    const res = await sell.run(
      {
        buyer: v.buyer,
        memberUserId: v.buyer === 'member' ? v.memberUserId : undefined,
        customerId: v.buyer === 'customer' ? v.customerId : undefined,
        items: [{ productId: v.productId, quantity: Number(v.quantity) }],
        paymentMethod: v.paymentMethod as (typeof LOCAL_PAYMENT_METHODS)[number],
        paymentReference: v.paymentReference,
      },
      { setError: form.setError, fields: ['memberUserId', 'customerId', 'paymentMethod', 'paymentReference'] },
    );
    dialog.done(res.ok);
  });
  return (
    <FormDialog
      state={dialog}
      title="New Sale"
      description="Sell from your stock. A member's purchase earns BV as an online purchase does; every sale gets a GST tax invoice."
      submitLabel="Record Sale"
      onSubmit={onSubmit}
      icon={ShoppingCart}
    >
      <FormField id="sale-buyer" label="Buyer">
        <Select id="sale-buyer" {...form.register('buyer')}>
          <option value="member">A member (by user ID)</option>
          <option value="customer">A registered customer</option>
        </Select>
      </FormField>
      {buyer === 'member' ? (
        <FormField id="sale-member" label="Member user ID" error={errors.memberUserId?.message}>
          <Input autoComplete="off" {...fieldA11y('sale-member', errors.memberUserId?.message)} {...form.register('memberUserId', { required: LOCAL_SALE_MSG.buyerRequired })} />
        </FormField>
      ) : (
        <SelectField id="sale-customer" label="Customer" error={errors.customerId?.message} registration={form.register('customerId', { required: LOCAL_SALE_MSG.buyerRequired })}>
          <option value="">Choose a customer</option>
          {(customers.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.mobile})
            </option>
          ))}
        </SelectField>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          id="sale-product"
          label="Product"
          error={errors.productId?.message}
          className="sm:col-span-2"
          registration={form.register('productId', { required: LOCAL_SALE_MSG.itemsRequired })}
        >
          <option value="">Choose a product</option>
          {(stock.data?.stock ?? [])
            .filter((s) => s.quantity > 0)
            .map((s) => (
              <option key={s.productId} value={s.productId}>
                {s.productName} ({s.quantity} in stock)
              </option>
            ))}
        </SelectField>
        <QuantityField id="sale-quantity" error={errors.quantity?.message} registration={form.register('quantity', { validate: wholeUnits(LOCAL_SALE_MSG.quantity) })} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id="sale-payment" label="Payment" error={errors.paymentMethod?.message} registration={form.register('paymentMethod')}>
          {LOCAL_PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {LOCAL_PAYMENT_LABELS[m]}
            </option>
          ))}
        </SelectField>
        <FormField id="sale-reference" label="Payment reference" optional>
          <Input id="sale-reference" autoComplete="off" maxLength={100} {...form.register('paymentReference')} />
        </FormField>
      </div>
    </FormDialog>
  );
}

function InvoiceLink({ sale }: { sale: LocalSaleView }) {
  if (!sale.invoiceNumber) return <span className="text-xs text-slate-500">Invoice being prepared</span>;
  return (
    <Button asChild size="sm" variant="outline">
      <a href={invoiceUrl(sale.id)} download aria-label={`Download invoice ${sale.invoiceNumber}`}>
        <Download aria-hidden="true" className="size-4" /> {sale.invoiceNumber}
      </a>
    </Button>
  );
}

/** Return: on a counter sale that can still be returned (GET /api/returns `returnable`, docs/spec/returns.md §2). */
function ReturnAction({ sale, item, onReturn }: { sale: LocalSaleView; item: ReturnableItem | undefined; onReturn: (r: ReturnableItem) => void }) {
  if (!item) return <span className="text-xs text-slate-500">—</span>;
  return (
    <Button size="sm" variant="outline" onClick={() => onReturn(item)} aria-label={`Return the sale of ${sale.productName} to ${sale.buyerName}`} className="whitespace-nowrap">
      <Undo2 aria-hidden="true" className="size-4" /> Return
    </Button>
  );
}

/** The sales of a list: buyer, product, amount, payment and invoice (and Return, where the list offers it). */
export function SalesTable({
  rows,
  label,
  withBuyer = true,
  returnableOf,
  onReturn,
}: {
  rows: LocalSaleView[];
  label: string;
  withBuyer?: boolean;
  returnableOf?: (s: LocalSaleView) => ReturnableItem | undefined;
  onReturn?: (r: ReturnableItem) => void;
}) {
  const all: Column<LocalSaleView>[] = [
    { header: 'Date', card: { order: 6 }, className: 'whitespace-nowrap text-slate-600', cell: (s) => formatDate(s.createdAt) },
    {
      header: 'Buyer',
      card: 'wide',
      cell: (s) => (
        <>
          {s.buyerName}
          {s.memberUserId ? <span className="block text-xs text-slate-500">{s.memberUserId}</span> : <Badge tone="neutral">Customer</Badge>}
        </>
      ),
    },
    { header: 'Product', card: 'wide', className: 'min-w-40', cell: (s) => `${s.productName} x ${s.quantity}` },
    { header: 'Amount', card: true, className: 'whitespace-nowrap tabular-nums', cell: (s) => formatMoney(s.totalAmount) },
    { header: 'Payment', card: true, cell: (s) => LOCAL_PAYMENT_LABELS[s.paymentMethod] },
    { header: 'Invoice', card: { wide: true, order: 7 }, cell: (s) => <InvoiceLink sale={s} /> },
    ...(returnableOf && onReturn
      ? [
          {
            header: 'Return',
            card: { order: 8, when: (s: LocalSaleView) => Boolean(returnableOf(s)) },
            cell: (s: LocalSaleView) => <ReturnAction sale={s} item={returnableOf(s)} onReturn={onReturn} />,
          },
        ]
      : []),
  ];
  // One customer's history names its buyer in the dialog's title.
  const columns = withBuyer ? all : all.filter((_, i) => i !== 1);
  return <DataTable rows={rows} rowKey={(s) => s.id} label={label} columns={columns} rowData={(s) => ({ 'data-local-sale-id': s.id })} />;
}

/**
 * Sales Register (issue 16): every sale the holder recorded at the counter from their stock, with its invoice; the
 * dashboard's Counter Sales card totals the same sales (issue 30). A member's invoice, issued by the server's next pass,
 * shows up here without a reload (useLocalSales asks again while one is being prepared).
 */
export function LocalSalesCard() {
  const sales = useLocalSales();
  const returns = useOwnReturns();
  const [returning, setReturning] = useState<ReturnableItem | null>(null);
  const returnableOf = (s: LocalSaleView) => returns.data?.returnable.find((r) => r.localSaleId === s.id && r.quantity > 0);
  return (
    <Card aria-labelledby="local-sales">
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div>
          <CardTitle id="local-sales">Sales Register</CardTitle>
          <CardDescription>Every sale you recorded at the counter, from your stock to members and customers, with its invoice.</CardDescription>
        </div>
        <SellDialog />
      </CardHeader>
      <CardContent>
        <QueryStates query={sales} errorTitle="Could not load your sales" loadingLabel="Loading your sales...">
          {sales.data?.length ? (
            <SalesTable rows={sales.data} label="Sales register" returnableOf={returnableOf} onReturn={setReturning} />
          ) : (
            <EmptyState icon={Receipt} title="No sales yet" description="Record a sale to a member or a customer; it leaves your stock at once." />
          )}
        </QueryStates>
        {returning ? <ReturnRequestDialog key={returning.localSaleId} item={returning} title="Return this sale" onClose={() => setReturning(null)} /> : null}
      </CardContent>
    </Card>
  );
}
