import { ShoppingCart } from 'lucide-react';
import type { ProductView } from '@contracts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ProductPicture } from '../../components/ui/product-image';
import { termOf } from '../../components/ui/term';
import { formatBV, formatMoney, formatPercent } from '../../lib/money';
import { categoryLabel, purchaseTypeLabel } from './labels';

const Figure = termOf({
  row: 'rounded-lg bg-slate-50 px-2.5 py-2 text-center',
  term: 'text-[11px] font-medium tracking-wide text-slate-500 uppercase',
  value: 'mt-0.5 text-sm font-semibold text-slate-900 tabular-nums',
});

/** One catalog card (doc 3 §2.5): name, description, badges, price, BV, GST % and 'Purchase Now'. */
export function ProductCard({ product, onBuy }: { product: ProductView; onBuy: (product: ProductView, trigger: HTMLButtonElement) => void }) {
  const first = product.purchaseType !== 'second_purchase';
  return (
    <li aria-label={product.name} className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <ProductPicture product={product} sizes="(min-width: 1280px) 300px, (min-width: 640px) 45vw, 100vw" className="h-32 w-full rounded-t-2xl sm:h-40" />
      <div className="flex flex-1 flex-col gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap gap-1.5">
          <Badge tone="neutral">{categoryLabel(product.category)}</Badge>
          <Badge tone={first ? 'brand' : 'info'}>{purchaseTypeLabel(product.purchaseType)}</Badge>
        </div>
        <div className="space-y-1">
          <h2 className="text-base leading-snug font-semibold text-slate-900">{product.name}</h2>
          {product.description ? <p className="line-clamp-3 text-sm text-slate-500">{product.description}</p> : null}
        </div>
        <div className="mt-auto space-y-3">
          <p className="text-2xl font-bold text-slate-900 tabular-nums">
            <span className="sr-only">Price </span>
            {formatMoney(product.price, { decimals: 0 })}
          </p>
          <dl className="grid grid-cols-2 gap-2">
            <Figure term="BV">{formatBV(product.bv)}</Figure>
            <Figure term="GST">{formatPercent(product.gst)}</Figure>
          </dl>
          <Button fullWidth onClick={(e) => onBuy(product, e.currentTarget)}>
            <ShoppingCart aria-hidden="true" className="size-4" /> Purchase Now
          </Button>
        </div>
      </div>
    </li>
  );
}
