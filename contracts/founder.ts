import { z } from 'zod';
import { decimal, id, instant } from './route-contract';
import { blankToUndefined } from './fields';

/**
 * The founder portal's Network Override and Franchise Master Control (doc 3 §2.6, issue 16). Network Override moves a
 * recruit that is not placed yet (still awaiting the upline's choice or the approval) to a free slot of the founder's
 * own downline. Of placed members only the founder's hidden IDs move, and only while they have no downline and no
 * volume (ADR 0018): everyone else's slot is permanent (docs/spec/decisions.md §4).
 */
export const FOUNDER_MSG = {
  moved: 'Placement changed',
  recruitNotFound: 'Recruit not found in your tree',
  recruitFinished: 'This recruit is already approved or rejected; only a recruit awaiting placement can be moved.',
  recruitLocked: 'The placement of this recruit is locked.',
  alreadyPlaced: 'This member is already placed in the tree; a placed member keeps its slot.',
  parentRequired: 'Enter the user ID of the member to place under',
  parentUnknown: 'No member with this user ID in your tree',
  parentOutside: 'This member is not in your downline; you can only place recruits in your own tree.',
  slotTaken: 'This slot is already taken. Choose a free side or another member.',
  slotReserved: 'Another recruit awaiting approval is already placed in this slot.',
  founderNotPlaced: 'Your account is not placed in the tree, so it has no downline to place recruits in.',
  sideRequired: 'Choose the left or right side',
  hiddenIdMoved: 'Hidden ID moved',
  hiddenIdNotFound: 'Hidden ID not found',
  hasDownline: 'This hidden ID has members below it; an ID with a downline keeps its slot.',
  hasVolume: 'This hidden ID has business volume; an ID with volume keeps its slot, since its BV is counted in its upline.',
  stillCounting: "This hidden ID's latest changes are still being counted. Try again in a few seconds.",
  notPlaced: 'This hidden ID is not placed in the tree.',
  ownSlot: 'A hidden ID cannot be placed under itself.',
} as const;

const side = z.enum(['left', 'right'], { error: FOUNDER_MSG.sideRequired });

export const OverrideRecruitParam = z.object({ id: z.uuid({ error: FOUNDER_MSG.recruitNotFound }) });

/** POST /api/founder/network-override/:id: the new placement parent (by user ID) and side. */
export const NetworkOverrideInput = z.object({
  parentUserId: z.string({ error: FOUNDER_MSG.parentRequired }).trim().min(1, { error: FOUNDER_MSG.parentRequired }).max(20, { error: FOUNDER_MSG.parentUnknown }),
  side,
});
export type NetworkOverrideInput = z.input<typeof NetworkOverrideInput>;

/** A member as the founder's screens name them: the record id, the user ID and the name. */
const memberRefFields = { id, userId: z.string(), name: z.string() };
const memberRef = z.strictObject(memberRefFields);

/** A recruit awaiting placement in the founder's tree, with where approval would place it now. */
export const OverrideRecruit = z.strictObject({
  id,
  fullName: z.string(),
  email: z.string(),
  status: z.enum(['awaiting_upline', 'awaiting_admin']),
  placementType: z.string(),
  /** The member the approval places under (spillover below it when the side is taken by then); null: the upline chooses. */
  parent: memberRef.nullable(),
  side: side.nullable(),
  recruiter: memberRef.nullable(),
  overridden: z.boolean(),
  createdAt: instant,
});
export type OverrideRecruit = z.infer<typeof OverrideRecruit>;

export const HiddenIdParam = z.object({ id: z.uuid({ error: FOUNDER_MSG.hiddenIdNotFound }) });

/** One of the founder's hidden IDs with its slot and whether it can still move (no downline, no volume). */
export const OverrideHiddenId = z.strictObject({
  ...memberRefFields,
  email: z.string(),
  parent: memberRef.nullable(),
  side: side.nullable(),
  movable: z.boolean(),
  /** Why it cannot move (null when it can). */
  reason: z.string().nullable(),
});
export type OverrideHiddenId = z.infer<typeof OverrideHiddenId>;

export const NetworkOverrideList = z.strictObject({ recruits: z.array(OverrideRecruit), hiddenIds: z.array(OverrideHiddenId) });
export type NetworkOverrideList = z.infer<typeof NetworkOverrideList>;

export const NetworkOverrideAnswer = z.strictObject({ message: z.string(), recruit: OverrideRecruit });
export type NetworkOverrideAnswer = z.infer<typeof NetworkOverrideAnswer>;

export const HiddenIdMoveAnswer = z.strictObject({ message: z.string(), hiddenId: OverrideHiddenId });
export type HiddenIdMoveAnswer = z.infer<typeof HiddenIdMoveAnswer>;

export const FranchiseMasterQuery = z.object({ q: z.preprocess(blankToUndefined, z.string().trim().max(60).optional()) });

/** A franchise holder in the founder's downline with its stock, local sales and open stock requests. */
export const FranchiseHolderView = z.strictObject({
  ...memberRefFields,
  email: z.string(),
  role: z.enum(['mini_franchise', 'basic_franchise']),
  status: z.string(),
  stockProducts: z.number().int(),
  stockUnits: z.number().int(),
  salesMonthCount: z.number().int(),
  salesMonthValue: decimal,
  salesTotalCount: z.number().int(),
  salesTotalValue: decimal,
  openStockRequests: z.number().int(),
});
export type FranchiseHolderView = z.infer<typeof FranchiseHolderView>;

export const FranchiseMasterList = z.strictObject({
  franchises: z.array(FranchiseHolderView),
  /** Sums over the listed franchise holders. */
  totals: z.strictObject({ holders: z.number().int(), stockUnits: z.number().int(), salesMonthValue: decimal, salesTotalValue: decimal, openStockRequests: z.number().int() }),
  monthStartsAt: instant,
});
export type FranchiseMasterList = z.infer<typeof FranchiseMasterList>;
