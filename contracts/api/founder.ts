import type { RouteContract } from '../route-contract';
import { FranchiseMasterList, FranchiseMasterQuery, HiddenIdMoveAnswer, HiddenIdParam, NetworkOverrideAnswer, NetworkOverrideInput, NetworkOverrideList, OverrideRecruitParam } from '../founder';

/** The founder portal's Network Override and Franchise Master Control (doc 3 §2.6, issue 16). */
export const FOUNDER_API = {
  'GET /api/founder/network-override': {
    summary: "Recruits awaiting placement in the founder's tree, with where approval would place them, and the founder's hidden IDs",
    response: { 200: NetworkOverrideList },
  },
  'POST /api/founder/network-override/:id': {
    summary: "Move a recruit awaiting placement to a free slot of the founder's downline (parent by user ID, side)",
    params: OverrideRecruitParam,
    body: NetworkOverrideInput,
    response: { 200: NetworkOverrideAnswer },
  },
  'POST /api/founder/network-override/hidden-ids/:id': {
    summary: "Move one of the founder's hidden IDs without a downline or volume to a free slot of the founder's downline (parent by user ID, side)",
    params: HiddenIdParam,
    body: NetworkOverrideInput,
    response: { 200: HiddenIdMoveAnswer },
  },
  'GET /api/founder/franchises': {
    summary: "Every franchise holder in the founder's downline: stock, local sales and open stock requests",
    query: FranchiseMasterQuery,
    response: { 200: FranchiseMasterList },
  },
} as const satisfies Record<string, RouteContract>;
