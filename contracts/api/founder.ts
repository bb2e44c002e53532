import type { RouteContract } from '../route-contract';
import { ok } from '../route-contract';
import { FranchiseMasterList, FranchiseMasterQuery, HiddenIdMoveAnswer, HiddenIdParam, NetworkOverrideAnswer, NetworkOverrideInput, NetworkOverrideList, OverrideRecruitParam } from '../founder';

/** The founder portal's Network Override and Franchise Master Control (doc 3 §2.6, issue 16). */
export const FOUNDER_API = {
  'GET /api/founder/network-override': ok("Recruits awaiting placement in the founder's tree, with where approval would place them, and the founder's hidden IDs", NetworkOverrideList),
  'POST /api/founder/network-override/:id': ok("Move a recruit awaiting placement to a free slot of the founder's downline (parent by user ID, side)", NetworkOverrideAnswer, {
    params: OverrideRecruitParam,
    body: NetworkOverrideInput,
  }),
  'POST /api/founder/network-override/hidden-ids/:id': ok(
    "Move one of the founder's hidden IDs without a downline or volume to a free slot of the founder's downline (parent by user ID, side)",
    HiddenIdMoveAnswer,
    { params: HiddenIdParam, body: NetworkOverrideInput },
  ),
  'GET /api/founder/franchises': ok("Every franchise holder in the founder's downline: stock, local sales and open stock requests", FranchiseMasterList, { query: FranchiseMasterQuery }),
} as const satisfies Record<string, RouteContract>;
