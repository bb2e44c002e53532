import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PackageSearch } from 'lucide-react';
import { PRODUCT_CATEGORIES, type ProductView } from '@contracts';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Label } from '../../components/ui/label';
import { Select, Options } from '../../components/ui/input';
import { QueryError } from '../../components/ui/query-error';
import { InlineLoader, Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useProducts, type PurchaseTypeFilter } from './api';
import { categoryLabel } from './labels';
import { ProductCard } from './product-card';
import { PurchaseDialog } from './purchase-dialog';

const TYPES: { value: PurchaseTypeFilter; label: string }[] = [
  { value: 'all', label: 'All Products' },
  { value: 'first_purchase', label: 'First Purchase' },
  { value: 'second_purchase', label: 'Second Purchase' },
];

const typeOf = (v: string | null): PurchaseTypeFilter => (v === 'first_purchase' || v === 'second_purchase' ? v : 'all');
const categoryOf = (v: string | null) => (v && (PRODUCT_CATEGORIES as readonly string[]).includes(v) ? v : 'all');

/** M8 Product Catalog (doc 3 §2.5): filters sent to the server (kept in the address), cards, the purchase dialog. */
export function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const filters = { purchaseType: typeOf(params.get('type')), category: categoryOf(params.get('category')) };
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData } = useProducts(filters);
  const [buying, setBuying] = useState<{ product: ProductView | null; session: number; open: boolean }>({ product: null, session: 0, open: false });
  const trigger = useRef<HTMLElement | null>(null);

  const setFilter = (name: 'type' | 'category', value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'all') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const buy = (product: ProductView, button: HTMLButtonElement) => {
    trigger.current = button;
    setBuying((b) => ({ product, session: b.session + 1, open: true }));
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Product Catalog</h1>
        <p className="mt-1 text-sm text-slate-500">Home and energy products. Every purchase adds its BV to your team.</p>
      </div>

      <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-4">
        <div role="group" aria-label="Purchase type" className="grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1 sm:inline-grid">
          {TYPES.map((t) => {
            const active = filters.purchaseType === t.value;
            return (
              <button
                key={t.value}
                type="button"
                aria-pressed={active}
                onClick={() => setFilter('type', t.value)}
                className={cn(
                  'cursor-pointer rounded-lg px-2 py-1.5 text-xs leading-tight font-semibold transition-colors sm:px-3.5 sm:py-2 sm:text-sm sm:whitespace-nowrap',
                  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500',
                  active ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {t.label}
              </button>
            );
          })}
        </div>
        <div className="flex items-center gap-3">
          {isFetching && isPlaceholderData ? <Spinner label="Loading products" className="text-brand-600" /> : null}
          <Label htmlFor="product-category" className="shrink-0">
            Category
          </Label>
          <div className="min-w-0 flex-1 sm:w-48 sm:flex-none">
            <Select id="product-category" value={filters.category} onChange={(e) => setFilter('category', e.target.value)}>
              <Options blank="All Categories" blankValue="all" values={PRODUCT_CATEGORIES} label={categoryLabel} />
            </Select>
          </div>
        </div>
      </div>

      {isPending ? (
        <InlineLoader label="Loading products..." />
      ) : isError ? (
        <QueryError title="Could not load the products" error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : data.length === 0 ? (
        <EmptyState
          icon={PackageSearch}
          title="No products found"
          description="Try another purchase type or category."
          action={
            filters.purchaseType !== 'all' || filters.category !== 'all' ? (
              <Button variant="outline" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
                Show all products
              </Button>
            ) : undefined
          }
        />
      ) : (
        <ul aria-label="Products" className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', isPlaceholderData && 'opacity-60')}>
          {data.map((p) => (
            <ProductCard key={p.id} product={p} onBuy={buy} />
          ))}
        </ul>
      )}

      <PurchaseDialog product={buying.product} session={buying.session} open={buying.open} onOpenChange={(open) => setBuying((b) => ({ ...b, open }))} returnFocus={trigger} />
    </div>
  );
}
