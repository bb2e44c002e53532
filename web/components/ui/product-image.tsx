import { useState } from 'react';
import { Droplets, Fan, Package, Tv } from 'lucide-react';
import type { ProductImageView } from '@contracts';
import { cn } from '../../lib/cn';

/** Each category's artwork: shown when a product has no image (or its image fails to load). */
const ART: Record<string, { icon: typeof Package; className: string }> = {
  water_purifier: { icon: Droplets, className: 'from-sky-100 via-sky-50 to-white text-sky-600' },
  led_tv: { icon: Tv, className: 'from-violet-100 via-violet-50 to-white text-violet-600' },
  ceiling_fan: { icon: Fan, className: 'from-emerald-100 via-emerald-50 to-white text-emerald-600' },
};
const DEFAULT_ART = { icon: Package, className: 'from-amber-100 via-amber-50 to-white text-amber-600' };

/** The page's CSP allows same-origin and data: images only; an older product's external image URL shows the artwork instead. */
const showable = (url: string | null | undefined): url is string => !!url && (url.startsWith('/') || url.startsWith('data:image/'));

/**
 * A product's picture (issue 16 part 5): its primary uploaded image, served by the platform as WebP in three widths
 * (`srcset`, the browser picks by `sizes`), lazy, with its own width and height so the page does not shift; without
 * one, the category's artwork. `className` sizes the box (the image covers it).
 */
export function ProductImage({
  name,
  category,
  image,
  imageUrl,
  sizes,
  className,
  iconClassName = 'size-12',
}: {
  name: string;
  category: string;
  image: ProductImageView | null | undefined;
  /** An older product's image address (shown when same-origin). */
  imageUrl?: string | null;
  /** The `sizes` attribute: how wide the box is at each viewport. */
  sizes: string;
  className?: string;
  iconClassName?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (image && !failed) {
    return (
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes={sizes}
        width={image.width}
        height={image.height}
        loading="lazy"
        decoding="async"
        alt={name}
        onError={() => setFailed(true)}
        className={cn('bg-slate-100 object-cover', className)}
      />
    );
  }
  if (!image && showable(imageUrl) && !failed) {
    return <img src={imageUrl} alt={name} loading="lazy" decoding="async" onError={() => setFailed(true)} className={cn('bg-slate-100 object-cover', className)} />;
  }
  const art = ART[category] ?? DEFAULT_ART;
  const Icon = art.icon;
  return (
    <div aria-hidden="true" className={cn('flex items-center justify-center bg-gradient-to-br', art.className, className)}>
      <Icon className={cn('opacity-80', iconClassName)} strokeWidth={1.5} />
    </div>
  );
}

/** A product's primary picture (its first image, else its older address, else its category's artwork). */
export function ProductPicture({
  product,
  ...box
}: { product: { name: string; category: string; images: ProductImageView[]; imageUrl?: string | null } } & Pick<Parameters<typeof ProductImage>[0], 'sizes' | 'className' | 'iconClassName'>) {
  return <ProductImage name={product.name} category={product.category} image={product.images[0]} imageUrl={product.imageUrl} {...box} />;
}
