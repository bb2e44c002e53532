import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ImageUp, Trash2 } from 'lucide-react';
import { BRANDING_LOGO_MAX_BYTES, BRANDING_MSG, BrandingInput, type BrandingView } from '@contracts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { LogoMark } from '../../../components/ui/logo';
import { toastError } from '../../../components/ui/toast';
import { formatDateUS } from '../../../lib/admin/format';
import { SettingsFormActions, SettingsSection, useSettingsForm } from '../../../components/admin/settings-form';
import { useBrandingSettings, useSaveBranding } from './branding-api';
import { StateOptions } from '../../../components/ui/state-options';
import { TextField } from '../../../components/ui/text-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextareaField } from '../../../components/ui/textarea-field';

type Values = {
  companyName: string;
  legalName: string;
  cin: string;
  primaryColor: string;
  supportEmail: string;
  supportPhone: string;
  gstin: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  logo?: string;
  removeLogo?: boolean;
};
const FIELDS = ['companyName', 'legalName', 'cin', 'primaryColor', 'supportEmail', 'supportPhone', 'gstin', 'address', 'city', 'state', 'pincode', 'logo'] as const;

const valuesOf = (b: BrandingView): Values => ({
  companyName: b.companyName,
  legalName: b.legalName ?? '',
  cin: b.cin ?? '',
  primaryColor: b.primaryColor,
  supportEmail: b.supportEmail ?? '',
  supportPhone: b.supportPhone ?? '',
  gstin: b.gstin ?? '',
  address: b.address ?? '',
  city: b.city ?? '',
  state: b.state ?? '',
  pincode: b.pincode ?? '',
});

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** The logo: the current one (or the new one chosen), a file picker (PNG or JPEG under 512 KB) and Remove. */
function LogoField({ current, form }: { current: string | null; form: ReturnType<typeof useForm<Values, unknown, z.output<typeof BrandingInput>>> }) {
  const [preview, setPreview] = useState<string | null>(null);
  const removed = form.watch('removeLogo') === true;
  const shown = preview ?? (removed ? null : current);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!['image/png', 'image/jpeg'].includes(file.type)) return toastError(BRANDING_MSG.logoType, 'Invalid File Type');
    if (file.size > BRANDING_LOGO_MAX_BYTES) return toastError(BRANDING_MSG.logoSize, 'File Too Large');
    const data = await readAsDataUrl(file);
    setPreview(data);
    form.setValue('logo', data, { shouldDirty: true });
    form.setValue('removeLogo', undefined, { shouldDirty: true });
  };
  const remove = () => {
    setPreview(null);
    form.setValue('logo', undefined, { shouldDirty: true });
    form.setValue('removeLogo', true, { shouldDirty: true });
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-2xl border border-slate-200 bg-slate-50">
        {shown ? <img src={shown} alt="Company logo" className="size-full object-contain" /> : <LogoMark className="size-14" title="Default logo" />}
      </div>
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <label htmlFor="branding-logo" className="cursor-pointer">
              <ImageUp aria-hidden="true" className="size-4" /> {shown ? 'Change logo' : 'Upload logo'}
            </label>
          </Button>
          <input id="branding-logo" type="file" accept="image/png,image/jpeg" className="sr-only" aria-label="Logo file" onChange={(e) => void pick(e)} />
          {shown ? (
            <Button variant="ghost" size="sm" onClick={remove} icon={Trash2}>
              Remove logo
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-slate-500">PNG or JPEG, smaller than 512KB. Stored as a PNG of at most 512 px.</p>
      </div>
    </div>
  );
}

function BrandingForm({ settings }: { settings: BrandingView }) {
  const { form, onSubmit, discard } = useSettingsForm<Values, typeof BrandingInput, BrandingView>(BrandingInput, settings, valuesOf, useSaveBranding(), FIELDS);
  const { errors, isSubmitting, isDirty } = form.formState;
  const err = (f: (typeof FIELDS)[number]) => errors[f]?.message;
  const color = form.watch('primaryColor');

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid items-start gap-5 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Company</CardTitle>
          <CardDescription>Shown on the sign-in page, in page titles, in every mail and on invoices and statements.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <TextField form={form} name="companyName" id="branding-name" label="Company name" maxLength={120} autoComplete="organization" />
          <div className="space-y-1.5">
            <p className="text-sm font-medium text-slate-900">Logo</p>
            <LogoField current={settings.logoUrl} form={form} />
          </div>
          <FormField id="branding-color" label="Primary colour" error={err('primaryColor')} hint="As #RRGGBB, used across the portal, in the mails and documents.">
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label="Pick the primary colour"
                value={/^#[0-9a-fA-F]{6}$/.test(color) ? color : '#4f46e5'}
                onChange={(e) => form.setValue('primaryColor', e.target.value, { shouldDirty: true, shouldValidate: true })}
                className="h-10 w-12 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
              />
              <Input maxLength={7} className="font-mono" {...fieldA11y('branding-color', err('primaryColor'), true)} {...form.register('primaryColor')} />
            </div>
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="supportEmail" id="branding-email" label="Support email" optional type="email" autoComplete="email" />
            <TextField form={form} name="supportPhone" id="branding-phone" label="Support phone" optional type="tel" autoComplete="tel" />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Legal and tax details</CardTitle>
          <CardDescription>
            The seller on every GST tax invoice and the company on the public disclosures page. The address is the registered office. A buyer in this state pays CGST and SGST, others IGST.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <FormField
            id="branding-legal-name"
            label="Registered legal name"
            optional
            error={err('legalName')}
            hint="As registered with the Registrar of Companies; leave blank when it is the company name."
          >
            <Input maxLength={160} autoComplete="organization" {...fieldA11y('branding-legal-name', err('legalName'), true)} {...form.register('legalName')} />
          </FormField>
          <FormField id="branding-cin" label="CIN" optional error={err('cin')} hint="Corporate Identity Number, 21 characters, e.g. U74999MH2020PTC123456.">
            <Input maxLength={21} autoCapitalize="characters" spellCheck={false} className="font-mono uppercase" {...fieldA11y('branding-cin', err('cin'), true)} {...form.register('cin')} />
          </FormField>
          <FormField id="branding-gstin" label="GSTIN" optional error={err('gstin')} hint="15 characters; the first two are the state code.">
            <Input maxLength={15} autoCapitalize="characters" spellCheck={false} className="font-mono uppercase" {...fieldA11y('branding-gstin', err('gstin'), true)} {...form.register('gstin')} />
          </FormField>
          <TextareaField
            id="branding-address"
            label="Registered office address"
            optional
            error={err('address')}
            rows={3}
            maxLength={300}
            autoComplete="street-address"
            registration={form.register('address')}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField form={form} name="city" id="branding-city" label="City" optional maxLength={80} autoComplete="address-level2" />
            <SelectField id="branding-state" label="State" optional error={err('state')} registration={form.register('state')}>
              <StateOptions />
            </SelectField>
            <TextField form={form} name="pincode" id="branding-pincode" label="Pincode" optional inputMode="numeric" maxLength={6} autoComplete="postal-code" />
          </div>
        </CardContent>
      </Card>

      <SettingsFormActions dirty={isDirty} submitting={isSubmitting} onDiscard={discard} saveLabel="Save settings">
        {settings.updatedAt ? <p className="mr-auto text-xs text-slate-500">Last saved {formatDateUS(settings.updatedAt)}</p> : null}
      </SettingsFormActions>
    </form>
  );
}

/** Settings > Branding (issue 15, ADR 0013): the company's name, logo, colour, support contact, GSTIN and address. */
export function BrandingSection() {
  return (
    <SettingsSection
      title="Branding"
      description="Your company's name and logo on every page, mail, invoice and statement."
      query={useBrandingSettings()}
      errorTitle="Failed to load the company settings"
      loadingLabel="Loading company settings..."
      form={(settings) => <BrandingForm settings={settings} />}
    />
  );
}
