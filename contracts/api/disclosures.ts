import type { RouteContract } from '../route-contract';
import { ok } from '../route-contract';
import { Disclosures } from '../disclosures';

/** Public disclosures (Consumer Protection (Direct Selling) Rules, 2021): company details, the plan, members' income. */
export const DISCLOSURES_API = {
  'GET /api/disclosures': ok("The company's details, the compensation plan in plain words and the annual income disclosure", Disclosures),
} as const satisfies Record<string, RouteContract>;
