import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import type { RateLimitRule } from '../../http/rate-limit';
import { DISCLOSURE_MSG } from '../../../contracts/disclosures';
import { disclosures } from './disclosures.service';

/** A public page's data: generous for a person, a wall for a script (the answer itself is cached). */
const disclosureLimits: RateLimitRule[] = [{ name: 'disclosures-ip', max: 60, windowMs: 60_000, message: DISCLOSURE_MSG.tooMany }];

/** Public disclosures (Consumer Protection (Direct Selling) Rules, 2021): `/disclosures` reads this. */
export function disclosuresRoutes(ctx: AppContext): RouteDef[] {
  return [{ method: 'GET', url: '/api/disclosures', access: 'public', rateLimits: disclosureLimits, handler: async () => disclosures(ctx) }];
}
