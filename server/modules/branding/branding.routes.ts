import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { notFound } from '../../core/app-error';
import { BrandingInput } from '../../../contracts/branding';
import { publicBranding, adminBranding, brandingLogo, saveBranding } from './branding.service';

/** A logo (PNG, at most 512 KB as sent) as a data URL is about 700 KB of JSON. */
const BRANDING_BODY_LIMIT = 1024 * 1024;

/** Company branding (issue 15): what the sign-in page and every portal show, and the admin's settings. */
export function brandingRoutes(ctx: AppContext): RouteDef[] {
  return [
    { method: 'GET', url: '/api/branding', access: 'public', handler: async () => publicBranding(ctx) },
    {
      method: 'GET',
      url: '/api/branding/logo',
      access: 'public',
      handler: async (req, reply) => {
        const logo = await brandingLogo(ctx);
        if (!logo) throw notFound();
        // The address carries the logo's version (`?v=`): each version may be kept for good.
        const versioned = Number((req.query as { v?: string }).v) === logo.version;
        return reply
          .header('content-type', logo.contentType)
          .header('cache-control', versioned ? 'public, max-age=31536000, immutable' : 'no-cache')
          .header('x-content-type-options', 'nosniff')
          .send(logo.bytes);
      },
    },
    { method: 'GET', url: '/api/admin/settings/branding', access: 'admin', handler: async () => adminBranding(ctx) },
    {
      method: 'PUT',
      url: '/api/admin/settings/branding',
      access: 'admin',
      bodyLimit: BRANDING_BODY_LIMIT,
      handler: async (req) => saveBranding(ctx, actorOf(req), parse(BrandingInput, req.body)),
    },
  ];
}
