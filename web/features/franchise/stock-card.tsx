import { useForm } from 'react-hook-form';
import { PackageCheck, PackagePlus, Boxes } from 'lucide-react';
import { STOCK_MSG, type StockRequestView } from '@contracts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormDialog, useFormDialog } from '../../components/ui/form-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { QueryStates } from '../../components/ui/query-error';
import { DataTable, type Column } from '../../components/ui/table';
import { formatDate } from '../../lib/format';
import { useFranchiseStock, useReceiveStock, useRequestStock, useStockProducts } from './stock-api';
import { STOCK_STATUS_LOOK, stockRequestLines } from '../../lib/stock';
import { QuantityField, wholeUnits } from './quantity-field';
import { SelectField } from '../../components/ui/select-field';

type Values = { productId: string; quantity: string; note: string };

/** Request Stock: one product and a quantity (the API takes several lines; one a request keeps the form short). */
function RequestStockDialog() {
  const products = useStockProducts();
  const send = useRequestStock();
  const form = useForm<Values>({ defaultValues: { productId: '', quantity: '', note: '' } });
  const { errors } = form.formState;
  const dialog = useFormDialog(form);
  const onSubmit = form.handleSubmit(async (v) => {
    const res = await send.run({ items: [{ productId: v.productId, quantity: Number(v.quantity) }], note: v.note }, { setError: form.setError, fields: ['productId', 'quantity', 'note'] });
    dialog.done(res.ok);
  });
  return (
    <FormDialog
      state={dialog}
      title="Request Stock"
      description="Ask the company for stock. An admin approves the quantities and dispatches it; confirm here when it arrives."
      submitLabel="Send Request"
      onSubmit={onSubmit}
      icon={PackagePlus}
    >
      <SelectField id="stock-product" label="Product" error={errors.productId?.message} registration={form.register('productId', { required: STOCK_MSG.itemsRequired })}>
        <option value="">Choose a product</option>
        {(products.data ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <QuantityField id="stock-quantity" error={errors.quantity?.message} registration={form.register('quantity', { validate: wholeUnits(STOCK_MSG.quantity) })} />
      <FormField id="stock-note" label="Note" optional>
        <Textarea id="stock-note" rows={2} maxLength={500} {...form.register('note')} />
      </FormField>
    </FormDialog>
  );
}

/** Stock Management (issue 16): the franchise's stock per product and its stock requests. */
export function StockCard() {
  const stock = useFranchiseStock();
  const receive = useReceiveStock();
  const data = stock.data;
  const columns: Column<StockRequestView>[] = [
    { header: 'Requested', card: true, className: 'whitespace-nowrap text-slate-600', cell: (r) => formatDate(r.createdAt) },
    { header: 'Products', card: { wide: true, order: -1 }, className: 'min-w-48', cell: (r) => stockRequestLines(r) },
    {
      header: 'Status',
      card: true,
      cell: (r) => (
        <>
          <Badge tone={STOCK_STATUS_LOOK[r.status].tone}>{STOCK_STATUS_LOOK[r.status].label}</Badge>
          {r.rejectionReason ? <p className="mt-1 text-xs text-red-700">{r.rejectionReason}</p> : null}
        </>
      ),
    },
    {
      header: <span className="sr-only">Actions</span>,
      card: { label: 'Delivery', wide: true, when: (r) => r.status === 'dispatched' },
      cell: (r) =>
        r.status === 'dispatched' ? (
          <Button size="sm" onClick={() => void receive.run(r.id)} aria-label={`Mark received: ${stockRequestLines(r)}`}>
            <PackageCheck aria-hidden="true" className="size-4" /> Mark Received
          </Button>
        ) : null,
    },
  ];
  return (
    <Card aria-labelledby="stock-management">
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div>
          <CardTitle id="stock-management">Stock Management</CardTitle>
          <CardDescription>Your stock per product, and your requests to the company.</CardDescription>
        </div>
        <RequestStockDialog />
      </CardHeader>
      <CardContent className="space-y-5">
        <QueryStates query={stock} errorTitle="Could not load your stock" loadingLabel="Loading your stock...">
          {data ? (
            <>
              {data.stock.length === 0 ? (
                <EmptyState icon={Boxes} title="No stock yet" description="Request stock from the company; it is added here when you confirm the delivery." />
              ) : (
                <ul aria-label="Stock" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                  {data.stock.map((s) => (
                    <li key={s.productId} className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 px-4 py-3">
                      <span className="text-sm font-medium text-slate-800">{s.productName}</span>
                      <span className="text-lg font-bold text-slate-900 tabular-nums">{s.quantity}</span>
                    </li>
                  ))}
                </ul>
              )}
              {data.requests.length ? <DataTable rows={data.requests} rowKey={(r) => r.id} label="Stock requests" columns={columns} rowData={(r) => ({ 'data-stock-request-id': r.id })} /> : null}
            </>
          ) : null}
        </QueryStates>
      </CardContent>
    </Card>
  );
}
