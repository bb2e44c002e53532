import { useState } from 'react';
import { Package, Pencil, Plus, Power, PowerOff } from 'lucide-react';
import { COMMERCE_MSG } from '@contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProductPicture } from '../../../components/ui/product-image';
import { cn } from '../../../lib/cn';
import { useRecordParam } from '../../../lib/record-param';
import { RecordNotFound } from '../../../components/ui/record-not-found';
import { formatBV, formatCount, formatINR } from '../../../lib/admin/format';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog';
import { QueriedTable } from '../../../components/admin/queried-list';
import { plural } from '../../../lib/format-plural';
import { SectionHeader } from '../../../components/admin/section-header';
import { type Column, RowCard } from '../../../components/ui/table';
import { ProductDialog } from './product-dialog';
import { categoryLabel, gstLabel, purchaseTypeLabel, useAdminProducts, useSetProductActive, type AdminProductView } from './products-api';

const StatusBadge = ({ active }: { active: boolean }) => (active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>);

function Thumb({ p }: { p: AdminProductView }) {
  return <ProductPicture product={p} sizes="40px" className="size-10 shrink-0 overflow-hidden rounded-lg ring-1 ring-slate-200" iconClassName="size-5" />;
}

function ProductName({ p, withStatus }: { p: AdminProductView; withStatus?: boolean }) {
  return (
    <div className="flex min-w-0 items-start gap-3">
      <Thumb p={p} />
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {p.name}
          {withStatus ? (
            <>
              {' '}
              <StatusBadge active={p.isActive} />
            </>
          ) : null}
        </p>
        {p.description ? (
          <p className="line-clamp-2 text-xs text-slate-500" title={p.description}>
            {p.description}
          </p>
        ) : null}
      </div>
    </div>
  );
}

const purchasesText = (n: number) => (n === 1 ? '1 purchase' : `${formatCount(n)} purchases`);

type OnAction = (p: AdminProductView, action: 'edit' | 'toggle') => void;

function Actions({ p, onAction, className, stacked }: { p: AdminProductView; onAction: OnAction; className?: string; stacked?: boolean }) {
  return (
    <div className={cn(stacked ? 'ml-auto grid w-32 gap-2 [&>button]:w-full' : 'flex gap-2', className)}>
      <Button size="sm" variant="outline" onClick={() => onAction(p, 'edit')} aria-label={`Edit ${p.name}`}>
        <Pencil aria-hidden="true" className="size-3.5" /> Edit
      </Button>
      <Button
        size="sm"
        variant="outline"
        className={p.isActive ? 'border-red-200! text-red-700! hover:border-red-300! hover:bg-red-50!' : 'border-emerald-200! text-emerald-800! hover:border-emerald-300! hover:bg-emerald-50!'}
        onClick={() => onAction(p, 'toggle')}
        aria-label={`${p.isActive ? 'Deactivate' : 'Activate'} ${p.name}`}
      >
        {p.isActive ? <PowerOff aria-hidden="true" className="size-3.5" /> : <Power aria-hidden="true" className="size-3.5" />}
        {p.isActive ? 'Deactivate' : 'Activate'}
      </Button>
    </div>
  );
}

const columns = (onAction: OnAction): Column<AdminProductView>[] => [
  { header: 'Product', className: 'max-w-80 min-w-56', cell: (p) => <ProductName p={p} withStatus /> },
  {
    header: 'Category and type',
    className: 'whitespace-nowrap',
    cell: (p) => (
      <>
        <p className="text-slate-700">{categoryLabel(p.category)}</p>
        <Badge tone={p.purchaseType === 'first_purchase' ? 'brand' : 'info'} className="mt-1">
          {purchaseTypeLabel(p.purchaseType)}
        </Badge>
      </>
    ),
  },
  {
    header: 'Price and GST',
    headerClassName: 'text-right',
    className: 'text-right whitespace-nowrap tabular-nums',
    cell: (p) => (
      <>
        <p className="font-semibold text-slate-900">{formatINR(p.price)}</p>
        <p className="text-xs text-slate-500">+ {gstLabel(p.gst)} GST</p>
      </>
    ),
  },
  { header: 'BV', headerClassName: 'text-right', className: 'text-right whitespace-nowrap tabular-nums', cell: (p) => formatBV(p.bv) },
  { header: 'Purchases', headerClassName: 'text-right', className: 'text-right whitespace-nowrap tabular-nums', cell: (p) => formatCount(p.purchaseCount) },
  { header: 'Actions', stickyEnd: true, headerClassName: 'text-right', cell: (p) => <Actions p={p} onAction={onAction} stacked /> },
];

/** A15 Products (doc 3 §5.2): the catalog editor. Products are never deleted, only deactivated. */
export function ProductsSection() {
  const products = useAdminProducts();
  const setProductActive = useSetProductActive();
  const rows = products.data ?? [];
  const [creating, setCreating] = useState(false);
  // The product being edited or deactivated is in the address (?id=&action=edit|deactivate, issue 30).
  const record = useRecordParam<'edit' | 'deactivate'>();
  const found = record.id ? rows.find((p) => p.id === record.id) : undefined;
  const editing: AdminProductView | 'new' | null = creating ? 'new' : found && record.action !== 'deactivate' ? found : null;
  const deactivating = found && record.action === 'deactivate' && found.isActive ? found : null;
  const setEditing = (p: AdminProductView | 'new' | null) => (p === 'new' ? setCreating(true) : p ? record.open(p.id, 'edit') : creating ? setCreating(false) : record.close());
  const setDeactivating = (p: AdminProductView | null) => (p ? record.open(p.id, 'deactivate') : record.close());
  const [busy, setBusy] = useState(false);

  async function setActive(product: AdminProductView, isActive: boolean) {
    setBusy(true);
    try {
      if ((await setProductActive.run({ product, isActive })).ok) setDeactivating(null);
    } finally {
      setBusy(false);
    }
  }

  const onAction: OnAction = (p, action) => {
    if (action === 'edit') setEditing(p);
    else if (p.isActive) setDeactivating(p);
    else void setActive(p, true);
  };

  const activeCount = rows.filter((p) => p.isActive).length;

  const empty = <EmptyState icon={Package} title="No products yet" description="Add the first product; members see the active ones in their catalog." />;
  return (
    <div className="space-y-5">
      <SectionHeader
        eyebrow="Products & Orders"
        title="Products"
        description="The member catalog. Products are never deleted: a product with purchases keeps its history and is deactivated instead."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" /> Add Product
          </Button>
        }
      />

      <QueriedTable
        query={products}
        what="products"
        empty={empty}
        className="space-y-3"
        count={`${plural(rows.length, 'product')} · ${formatCount(activeCount)} active`}
        label="Products"
        rows={rows}
        rowKey={(p) => p.id}
        rowData={(p) => ({ 'data-product-id': p.id })}
        rowClassName={(p) => cn(!p.isActive && 'bg-slate-50/60')}
        columns={columns(onAction)}
        card={(p) => (
          <RowCard
            head={<ProductName p={p} />}
            aside={<StatusBadge active={p.isActive} />}
            grid="grid-cols-3 gap-3"
            fields={{
              Price: formatINR(p.price),
              BV: formatBV(p.bv),
              GST: gstLabel(p.gst),
              Category: categoryLabel(p.category),
              Type: purchaseTypeLabel(p.purchaseType),
              Purchases: formatCount(p.purchaseCount),
            }}
            after={<Actions p={p} onAction={onAction} className="border-t border-slate-100 pt-3 [&>button]:flex-1" />}
          />
        )}
      />

      {record.id && products.data && !found ? <RecordNotFound what="product" id={record.id} onClose={record.close} /> : null}
      {editing ? <ProductDialog key={editing === 'new' ? 'new' : editing.id} product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {deactivating ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeactivating(null)}
          title="Deactivate Product"
          description={`Take ${deactivating.name} off the member catalog?`}
          confirmLabel="Deactivate"
          confirmVariant="destructive"
          busy={busy}
          onConfirm={() => void setActive(deactivating, false)}
        >
          <p className="text-sm text-slate-600">
            {deactivating.purchaseCount > 0
              ? `${COMMERCE_MSG.productHasPurchases} Its ${purchasesText(deactivating.purchaseCount)} stay on record.`
              : 'Members can no longer buy it. You can activate it again at any time.'}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
