import { z } from 'zod';
import type { RouteContract } from '../route-contract';
import { file, ok } from '../route-contract';
import { BrandingInput, BrandingView, PublicBranding } from '../branding';

const PurchaseIdParam = z.object({ id: z.uuid() });
const InvoiceQuery = z.object({ download: z.enum(['1', 'true']).optional() });
const LogoQuery = z.object({ v: z.string().optional() });

/** Company branding and the GST tax invoices (issue 15). */
export const BRANDING_API = {
  'GET /api/branding': ok('Company name, colour, support contact and logo address (the sign-in page, titles, portals)', PublicBranding),
  'GET /api/branding/logo': ok('The company logo (PNG); at its versioned address kept for good by caches', file(['image/png'], 'The logo'), { query: LogoQuery }),
  'GET /api/admin/settings/branding': ok('The company settings with the GSTIN and address of the seller', BrandingView),
  'PUT /api/admin/settings/branding': ok('Save the company settings (audited); a new logo is re-encoded', BrandingView, { body: BrandingInput }),
  'GET /api/purchases/:id/invoice': ok('The GST tax invoice of an own completed purchase', file(['application/pdf'], 'The tax invoice'), { params: PurchaseIdParam, query: InvoiceQuery }),
  'GET /api/admin/purchases/:id/invoice': ok('The GST tax invoice of any completed purchase', file(['application/pdf'], 'The tax invoice'), { params: PurchaseIdParam, query: InvoiceQuery }),
} as const satisfies Record<string, RouteContract>;
