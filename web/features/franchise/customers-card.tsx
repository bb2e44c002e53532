import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Contact, Send, UserPlus } from 'lucide-react';
import { LOCAL_SALE_MSG, MSG, MOBILE_RE, type CustomerView } from '@contracts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogFooter } from '../../components/ui/dialog';
import { FormDialog, useFormDialog } from '../../components/ui/form-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { NativeCheckbox } from '../../components/ui/native-checkbox';
import { QueryStates } from '../../components/ui/query-error';
import { DataTable, type Column } from '../../components/ui/table';
import { formatMoney } from '../../lib/money';
import { isNotFound, useRecordParam } from '../../lib/record-param';
import { useAddCustomer, useCustomer, useCustomers, useInviteCustomer } from './local-sales-api';
import { SalesTable } from './local-sales-card';

type Values = { name: string; mobile: string; address: string; consentToContact: boolean };

function AddCustomerDialog() {
  const add = useAddCustomer();
  const form = useForm<Values>({ defaultValues: { name: '', mobile: '', address: '', consentToContact: false } });
  const { errors } = form.formState;
  const dialog = useFormDialog(form);
  const onSubmit = form.handleSubmit(async (v) => {
    const res = await add.run(v, { setError: form.setError, fields: ['name', 'mobile', 'address'] });
    dialog.done(res.ok);
  });
  return (
    <FormDialog state={dialog} title="Add Customer" description="A retail customer who buys at your counter." onSubmit={onSubmit} icon={UserPlus}>
      <FormField id="customer-name" label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...fieldA11y('customer-name', errors.name?.message)} {...form.register('name', { validate: (v) => v.trim() !== '' || LOCAL_SALE_MSG.customerName })} />
      </FormField>
      <FormField id="customer-mobile" label="Mobile" error={errors.mobile?.message}>
        <Input
          inputMode="tel"
          autoComplete="off"
          {...fieldA11y('customer-mobile', errors.mobile?.message)}
          {...form.register('mobile', { pattern: { value: MOBILE_RE, message: MSG.mobilePattern } })}
        />
      </FormField>
      <FormField id="customer-address" label="Address" optional>
        <Textarea id="customer-address" rows={2} maxLength={500} {...form.register('address')} />
      </FormField>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <NativeCheckbox {...form.register('consentToContact')} /> The customer agrees to be contacted
      </label>
    </FormDialog>
  );
}

/** One customer's purchase history and the invitation to join. */
function CustomerDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useCustomer(id);
  const invite = useInviteCustomer();
  const [link, setLink] = useState<string | null>(null);
  const c = detail.data?.customer;
  const notFound = detail.isError && isNotFound(detail.error);
  return (
    <Dialog
      open={Boolean(id)}
      onOpenChange={(next) => {
        if (!next) {
          setLink(null);
          onClose();
        }
      }}
    >
      <DialogContent
        title={c?.name ?? (notFound ? 'Customer not found' : 'Customer')}
        description={c ? `${c.mobile}${c.address ? ` · ${c.address}` : ''}` : notFound ? 'None of your customers has this id. The link may be wrong or meant for another franchise.' : undefined}
        className="sm:max-w-3xl"
      >
        {notFound ? null : (
          <QueryStates query={detail} errorTitle="Could not load the customer" loadingLabel="Loading the customer...">
            {detail.data ? (
              <div className="space-y-4">
                {detail.data.sales.length ? <SalesTable rows={detail.data.sales} label="Purchase history" withBuyer={false} /> : <p className="text-sm text-slate-500">No purchases yet.</p>}
                {link ? (
                  <p className="rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm break-all text-slate-800">
                    Invitation link (48 hours, once):{' '}
                    <a className="font-medium text-brand-700 underline" href={link}>
                      {link}
                    </a>
                  </p>
                ) : null}
              </div>
            ) : null}
          </QueryStates>
        )}
        <DialogFooter className={notFound ? 'hidden' : undefined}>
          <Button variant="outline" loading={invite.isPending} onClick={() => void invite.run(id!).then((r) => r.ok && setLink(r.data.url))}>
            <Send aria-hidden="true" className="size-4" /> Invite to Join
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Customer Management (issue 16): the franchise's retail customers, search, history and invitations. */
const invited = (c: CustomerView) => (c.invitedAt ? <Badge tone="brand">Invited</Badge> : null);

export function CustomersCard() {
  const [q, setQ] = useState('');
  // The opened customer is in the address (/franchise?id=, issue 30): a reload or a shared link opens them again.
  const record = useRecordParam();
  const open = record.id;
  const setOpen = (id: string) => record.open(id);
  const customers = useCustomers(q.trim());
  const columns: Column<CustomerView>[] = [
    {
      header: 'Name',
      card: 'wide',
      cell: (c) => (
        <button type="button" className="font-medium text-brand-700 underline-offset-2 hover:underline" onClick={() => setOpen(c.id)}>
          {c.name}
        </button>
      ),
    },
    { header: 'Mobile', card: true, className: 'tabular-nums', cell: (c) => c.mobile },
    { header: 'Purchases', card: true, className: 'tabular-nums', cell: (c) => `${c.purchases} · ${formatMoney(c.totalSpent)}` },
    { header: 'Contact', card: true, cell: (c) => (c.consentToContact ? <Badge tone="success">Agreed</Badge> : <Badge tone="neutral">No</Badge>) },
    // The card says '—' where the table leaves the cell empty.
    { header: 'Invited', card: { cell: (c) => invited(c) ?? '—' }, cell: invited },
  ];
  return (
    <Card aria-labelledby="customer-management">
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div>
          <CardTitle id="customer-management">Customer Management</CardTitle>
          <CardDescription>Your retail customers and what they bought.</CardDescription>
        </div>
        <AddCustomerDialog />
      </CardHeader>
      <CardContent className="space-y-4">
        <FormField id="customer-search" label="Search by name or mobile">
          <Input id="customer-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} maxLength={60} />
        </FormField>
        <QueryStates query={customers} errorTitle="Could not load your customers" loadingLabel="Loading your customers...">
          {customers.data?.length ? (
            <DataTable rows={customers.data} rowKey={(c) => c.id} label="Customers" columns={columns} />
          ) : (
            <EmptyState icon={Contact} title={q ? 'No customer matches' : 'No customers yet'} description={q ? 'Try another name or mobile number.' : 'Add the customers who buy at your counter.'} />
          )}
        </QueryStates>
        <CustomerDialog id={open} onClose={record.close} />
      </CardContent>
    </Card>
  );
}
