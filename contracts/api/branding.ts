import { z } from 'zod';
import type { RouteContract } from '../route-contract';
import { file } from '../route-contract';
import { BrandingInput, BrandingView, PublicBranding } from '../branding';

const PurchaseIdParam = z.object({ id: z.uuid() });
const InvoiceQuery = z.object({ download: z.enum(['1', 'true']).optional() });
const LogoQuery = z.object({ v: z.string().optional() });

/** Company branding and the GST tax invoices (issue 15). */
export const BRANDING_API = {
  'GET /api/branding': { summary: 'Company name, colour, support contact and logo address (the sign-in page, titles, portals)', response: { 200: PublicBranding } },
  'GET /api/branding/logo': { summary: 'The company logo (PNG); at its versioned address kept for good by caches', query: LogoQuery, response: { 200: file(['image/png'], 'The logo') } },
  'GET /api/admin/settings/branding': { summary: 'The company settings with the GSTIN and address of the seller', response: { 200: BrandingView } },
  'PUT /api/admin/settings/branding': { summary: 'Save the company settings (audited); a new logo is re-encoded', body: BrandingInput, response: { 200: BrandingView } },
  'GET /api/purchases/:id/invoice': {
    summary: 'The GST tax invoice of an own completed purchase',
    params: PurchaseIdParam,
    query: InvoiceQuery,
    response: { 200: file(['application/pdf'], 'The tax invoice') },
  },
  'GET /api/admin/purchases/:id/invoice': {
    summary: 'The GST tax invoice of any completed purchase',
    params: PurchaseIdParam,
    query: InvoiceQuery,
    response: { 200: file(['application/pdf'], 'The tax invoice') },
  },
} as const satisfies Record<string, RouteContract>;
