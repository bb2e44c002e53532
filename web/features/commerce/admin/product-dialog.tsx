import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PRODUCT_CATEGORIES, PURCHASE_TYPES, ProductInput } from '@contracts';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent, FormFooter } from '../../../components/ui/dialog';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input, Options } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { schemaResolver } from '../../../lib/admin/queries';
import { ChoiceGroup } from '../../../components/admin/choice-group';
import { toastValidation } from '../../../components/admin/validation-toast';
import { categoryLabel, purchaseTypeLabel, useSaveProduct, type AdminProductView } from './products-api';
import { ProductImagesPanel } from './product-images-panel';
import { saveAndClose } from '../../../lib/mutation';
import { SelectField } from '../../../components/ui/select-field';
import { TextareaField } from '../../../components/ui/textarea-field';

const FIELDS = ['name', 'description', 'price', 'bv', 'gst', 'category', 'purchaseType', 'imageUrl', 'isActive'] as const;
type Values = {
  name: string;
  description: string;
  price: string;
  bv: string;
  gst: string;
  category: string;
  purchaseType: string;
  imageUrl: string;
  isActive: boolean;
};

function defaults(p: AdminProductView | null): Values {
  return {
    name: p?.name ?? '',
    description: p?.description ?? '',
    price: p?.price ?? '',
    bv: p?.bv ?? '',
    gst: p?.gst ?? '18',
    category: p?.category ?? 'water_purifier',
    purchaseType: p?.purchaseType ?? 'first_purchase',
    imageUrl: p?.imageUrl ?? '',
    isActive: p?.isActive ?? true,
  };
}

/** Add or edit a product (doc 3 §5.2: name required, price > 0, bv > 0, gst >= 0). */
export function ProductDialog({ product, onClose }: { product: AdminProductView | null; onClose: () => void }) {
  const save = useSaveProduct(product?.id ?? null);
  const editing = product !== null;
  const form = useForm<Values, unknown, z.output<typeof ProductInput>>({
    resolver: schemaResolver<Values, typeof ProductInput>(ProductInput),
    defaultValues: defaults(product),
  });
  const { errors, isSubmitting } = form.formState;
  const err = (f: (typeof FIELDS)[number]) => errors[f]?.message;

  const onSubmit = form.handleSubmit(saveAndClose(save, form.setError, FIELDS, onClose), (errs) => toastValidation(errs, FIELDS));

  return (
    <Dialog open onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <DialogContent title={editing ? 'Edit Product' : 'Add Product'} description={editing ? product.name : 'A new product for the member catalog.'} className="sm:max-w-2xl">
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <FormField id="pd-name" label="Name" error={err('name')}>
            <Input maxLength={160} autoComplete="off" {...fieldA11y('pd-name', err('name'))} {...form.register('name')} />
          </FormField>
          <TextareaField id="pd-description" label="Description" optional error={err('description')} rows={3} maxLength={2000} registration={form.register('description')} />
          <div className="grid grid-cols-3 gap-3 sm:gap-4">
            <FormField id="pd-price" label="Price (₹)" error={err('price')}>
              <Input type="number" inputMode="decimal" step="0.01" min="0" {...fieldA11y('pd-price', err('price'))} {...form.register('price')} />
            </FormField>
            <FormField id="pd-bv" label="BV" error={err('bv')}>
              <Input type="number" inputMode="decimal" step="0.01" min="0" {...fieldA11y('pd-bv', err('bv'))} {...form.register('bv')} />
            </FormField>
            <FormField id="pd-gst" label="GST %" error={err('gst')}>
              <Input type="number" inputMode="decimal" step="0.01" min="0" max="100" {...fieldA11y('pd-gst', err('gst'))} {...form.register('gst')} />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField id="pd-category" label="Category" error={err('category')} registration={form.register('category')}>
              <Options values={PRODUCT_CATEGORIES} label={categoryLabel} />
            </SelectField>
            <ChoiceGroup
              legend="Purchase type"
              idPrefix="pd-type"
              error={err('purchaseType')}
              registration={form.register('purchaseType')}
              choices={PURCHASE_TYPES.map((t) => ({ value: t, label: purchaseTypeLabel(t) }))}
            />
          </div>
          {editing ? <ProductImagesPanel product={product} /> : <p className="text-sm text-slate-500">Images can be uploaded once the product is created (Edit).</p>}
          <FormField id="pd-image" label="Image URL" optional error={err('imageUrl')}>
            <Input type="url" inputMode="url" placeholder="https://" autoComplete="off" {...fieldA11y('pd-image', err('imageUrl'))} {...form.register('imageUrl')} />
          </FormField>
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <div className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
                <Checkbox id="pd-active" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} className="mt-0.5" />
                <div>
                  <Label htmlFor="pd-active">Active</Label>
                  <p className="text-xs text-slate-500">Active products are shown in the member catalog and can be bought.</p>
                </div>
              </div>
            )}
          />
          <FormFooter onCancel={onClose} busy={isSubmitting}>
            {isSubmitting ? 'Saving...' : editing ? 'Save Changes' : 'Create Product'}
          </FormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
