import { useRef, useState, type ChangeEvent } from 'react';
import { ChevronLeft, ChevronRight, Star, Trash2 } from 'lucide-react';
import { PRODUCT_IMAGE_MAX_COUNT } from '@contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ProductImage } from '../../../components/ui/product-image';
import { QueryStates } from '../../../components/ui/query-error';
import { useDeleteProductImage, useProductImages, useReorderProductImages, useUploadProductImage, type AdminProductView } from './products-api';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** A product's images (issue 16 part 5): upload, order (the first is the primary, shown in the catalog) and delete. */
export function ProductImagesPanel({ product }: { product: AdminProductView }) {
  const images = useProductImages(product.id);
  const upload = useUploadProductImage(product);
  const reorder = useReorderProductImages(product);
  const remove = useDeleteProductImage(product);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const list = images.data ?? [];
  const full = list.length >= PRODUCT_IMAGE_MAX_COUNT;

  async function work(task: () => Promise<unknown>) {
    setBusy(true);
    try {
      await task();
    } finally {
      setBusy(false);
    }
  }
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    void work(async () => {
      await upload.run(file);
      if (input.current) input.current.value = '';
    });
  };
  const move = (from: number, to: number) => {
    const ids = list.map((i) => i.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id);
    void work(() => reorder.run(ids));
  };
  const n = (i: number) => `image ${i + 1}`;

  return (
    <section aria-labelledby="pd-images-title" className="space-y-3 rounded-lg border border-slate-200 p-3">
      <div>
        <h3 id="pd-images-title" className="text-sm font-semibold text-slate-900">
          Images
        </h3>
        <p className="text-xs text-slate-500">The first image is the primary one, shown in the member catalog, on orders and invoices. Without images the category's artwork is shown.</p>
      </div>
      <QueryStates query={images} what="images">
        {list.length > 0 ? (
          <ul aria-label={`Images of ${product.name}`} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {list.map((img, i) => (
              <li key={img.id} data-image-id={img.id} className="space-y-1.5">
                <div className="relative">
                  <ProductImage
                    name={`${product.name}, ${n(i)}`}
                    category={product.category}
                    image={img}
                    sizes="(min-width: 640px) 150px, 45vw"
                    className="aspect-square w-full rounded-lg ring-1 ring-slate-200"
                  />
                  {i === 0 ? (
                    <Badge tone="brand" className="absolute top-1.5 left-1.5">
                      Primary
                    </Badge>
                  ) : null}
                </div>
                <div className="flex justify-center gap-1">
                  <Button size="icon" variant="ghost" className="size-8" disabled={busy || i === 0} onClick={() => move(i, i - 1)} aria-label={`Move ${n(i)} earlier`}>
                    <ChevronLeft aria-hidden="true" className="size-4" />
                  </Button>
                  <Button size="icon" variant="ghost" className="size-8" disabled={busy || i === 0} onClick={() => move(i, 0)} aria-label={`Make ${n(i)} primary`}>
                    <Star aria-hidden="true" className="size-4" />
                  </Button>
                  <Button size="icon" variant="ghost" className="size-8" disabled={busy || i === list.length - 1} onClick={() => move(i, i + 1)} aria-label={`Move ${n(i)} later`}>
                    <ChevronRight aria-hidden="true" className="size-4" />
                  </Button>
                  <Button size="icon" variant="ghost" className="size-8 text-red-700 hover:bg-red-50" disabled={busy} onClick={() => void work(() => remove.run(img.id))} aria-label={`Delete ${n(i)}`}>
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">No images yet.</p>
        )}
      </QueryStates>
      <FormField id="pd-image-file" label="Upload image" hint={full ? `At most ${PRODUCT_IMAGE_MAX_COUNT} images: delete one first.` : 'JPEG, PNG or WebP, up to 8 MB.'}>
        <Input
          ref={input}
          type="file"
          accept={ACCEPT}
          disabled={busy || full}
          onChange={onFile}
          className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-800"
          {...fieldA11y('pd-image-file', undefined, true)}
        />
      </FormField>
      {busy ? (
        <p role="status" className="text-sm text-slate-500">
          Saving...
        </p>
      ) : null}
    </section>
  );
}
