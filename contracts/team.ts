import { z } from 'zod';
import { MSG } from './messages';
import { emailField, blankToUndefined } from './fields';
import { POSITIONS, PENDING_RECRUIT_STATUSES, type Position } from './enums';
import { RankProgress } from './commerce';
import { bankAccountFields, identityNumberFields, memberIdentityFields, postalAddressFields } from './answer-fields';
import { decimal, id, instant } from './route-contract';

/** Recruitment, placement and team reads (doc 2 §2.6-2.7, doc 3 §2.4, §3.1; docs/spec/decisions.md §3-§4). */

export type Side = Position;
export const RECRUIT_REJECT_MIN = 5;
export const DOWNLINE_MAX_LEVELS = 10;
export const PLACEMENT_TYPES = ['strategic', 'auto', 'root'] as const;
export type PlacementType = (typeof PLACEMENT_TYPES)[number];

const side = z.enum(POSITIONS, { error: 'Position must be left or right' });

/** Add Recruit dialog (doc 3 §5.1). */
export const RecruitRequest = z.object({
  fullName: z.string({ error: MSG.fullNameRequired }).trim().min(1, { error: MSG.fullNameRequired }).max(160, { error: 'Full name is too long' }),
  email: emailField(MSG.validEmailRequired),
  position: z.preprocess(blankToUndefined, side.default('left')),
});
export type RecruitRequest = z.input<typeof RecruitRequest>;
export const RecruitResponse = z.strictObject({ referralLink: z.string(), expiresAt: instant, position: z.enum(POSITIONS) });
export type RecruitResponse = z.infer<typeof RecruitResponse>;

/** Upline decision (doc 3 §5.1): position only on approval. */
export const UplineDecisionRequest = z
  .object({
    decision: z.enum(['approved', 'rejected'], { error: 'Decision must be approved or rejected' }),
    position: z.preprocess(blankToUndefined, side.optional()),
    reason: z.preprocess(blankToUndefined, z.string().trim().max(500).optional()),
  })
  .refine((v) => v.decision === 'rejected' || v.position !== undefined, { path: ['position'], error: 'Choose the left or right position' });
export type UplineDecisionRequest = z.input<typeof UplineDecisionRequest>;

/** Add New User / Generate Referral Link (doc 2 §2.7, §5). */
export const ReferralGenerateRequest = z
  .object({
    placementType: z.enum(PLACEMENT_TYPES, { error: 'Placement type must be strategic, auto or root' }),
    placementSide: z.preprocess(blankToUndefined, side.optional()),
    parentId: z.preprocess(blankToUndefined, z.string().uuid({ error: 'Choose a parent' }).optional()),
  })
  .refine((v) => v.placementType !== 'strategic' || v.parentId !== undefined, { path: ['parentId'], error: 'Strategic placement requires a parent' })
  .refine((v) => v.placementType === 'auto' || v.placementSide !== undefined, { path: ['placementSide'], error: 'Choose the left or right side' });
export type ReferralGenerateRequest = z.input<typeof ReferralGenerateRequest>;
export const ReferralGenerateResponse = z.strictObject({ url: z.string(), expiresAt: instant });
export type ReferralGenerateResponse = z.infer<typeof ReferralGenerateResponse>;

const moneyInput = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? '0' : typeof v === 'number' ? String(v) : v),
  z
    .string()
    .trim()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, { error: 'Package amount must be a number of rupees with at most 2 decimals' }),
);

/** Approve Recruit dialog (doc 2 §4-§5). */
export const ApproveRecruitRequest = z.object({
  packageAmount: moneyInput,
  position: z.preprocess(blankToUndefined, side.optional()),
  kycDecision: z
    .object({
      status: z.enum(['pending', 'approved', 'rejected'], { error: 'KYC decision must be pending, approved or rejected' }),
      reason: z.preprocess(blankToUndefined, z.string().trim().max(500).optional()),
    })
    .refine((v) => v.status !== 'rejected' || (v.reason?.length ?? 0) > 0, { path: ['reason'], error: 'Please give a reason for rejecting the KYC documents' })
    .default({ status: 'pending' }),
});
export type ApproveRecruitRequest = z.input<typeof ApproveRecruitRequest>;

export const RejectRecruitRequest = z.object({
  reason: z.string({ error: MSG.recruitReasonMin }).trim().min(RECRUIT_REJECT_MIN, { error: MSG.recruitReasonMin }).max(500, { error: 'At most 500 characters' }),
});
export type RejectRecruitRequest = z.input<typeof RejectRecruitRequest>;

export const RecruitIdParam = z.object({ id: z.uuid({ error: MSG.recruitNotFound }) });
export const RecruitListQuery = z.object({
  status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(PENDING_RECRUIT_STATUSES, { error: 'Unknown status' }).optional()),
});

export const DownlineQuery = z.object({
  levels: z.coerce
    .number({ error: 'levels must be 1 to 10' })
    .int()
    .min(1, { error: 'levels must be 1 to 10' })
    .max(DOWNLINE_MAX_LEVELS, { error: 'levels must be 1 to 10' })
    .default(DOWNLINE_MAX_LEVELS),
  search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  level: z.preprocess((v) => (v === 'all' ? undefined : blankToUndefined(v)), z.coerce.number().int().min(1).max(DOWNLINE_MAX_LEVELS).optional()),
  status: z.preprocess((v) => (v === 'all' ? undefined : blankToUndefined(v)), z.enum(['active', 'inactive', 'pending']).optional()),
});
export type DownlineQuery = z.input<typeof DownlineQuery>;

export const TeamMembersQuery = z.object({ search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()) });
/** Depth: two levels by default (doc 3 §2.4); the genealogy explorer asks for up to five at a time. */
export const BinaryTreeQuery = z.object({
  rootId: z.preprocess(blankToUndefined, z.string().uuid({ error: 'Not a member id' }).optional()),
  depth: z.coerce
    .number({ error: 'Depth is 1 to 5 levels' })
    .int({ error: 'Depth is 1 to 5 levels' })
    .min(1, { error: 'Depth is 1 to 5 levels' })
    .max(5, { error: 'Depth is 1 to 5 levels' })
    .default(2),
});
export const GenealogySearchQuery = z.object({ q: z.string({ error: 'Type a user ID or a name' }).trim().min(2, { error: 'Type at least 2 characters' }).max(100) });
export const GenealogyExtremeQuery = z.object({
  side: z.enum(['left', 'right'], { error: 'Choose left or right' }),
  rootId: z.preprocess(blankToUndefined, z.string().uuid({ error: 'Not a member id' }).optional()),
});
/** A member in the genealogy: the record id, the user ID and the name (a path's entry, a search's result). */
const treeMemberFields = { id: z.string(), userId: z.string(), name: z.string() };
/** A member on the way down from the viewer: the path of a search result and of a viewed subtree. */
const PathEntry = z.strictObject(treeMemberFields);

export const GenealogySearchResult = z.strictObject({
  ...treeMemberFields,
  status: z.string(),
  rank: z.string().nullable(),
  /** Levels between the viewer and the member. */
  levelsBelow: z.number().int(),
  /** From the viewer (first) to the member (last), the middle left out past eight levels (`pathOmitted`). */
  path: z.array(PathEntry),
  pathOmitted: z.number().int(),
});
export type GenealogySearchResult = z.infer<typeof GenealogySearchResult>;
export const GenealogyExtremeResult = z.strictObject({
  ...treeMemberFields,
  levelsBelow: z.number().int(),
  side: z.enum(['left', 'right']),
});
export type GenealogyExtremeResult = z.infer<typeof GenealogyExtremeResult>;
export const PlacementParentsQuery = z.object({
  search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

// ---- answers ----

const sideOrNull = z.enum(POSITIONS).nullable();
/** BV, members and active members in each leg. */
const legFigureFields = {
  leftBV: decimal,
  rightBV: decimal,
  leftCount: z.number().int(),
  rightCount: z.number().int(),
  leftActive: z.number().int(),
  rightActive: z.number().int(),
};
const treeNodeFields = {
  ...memberIdentityFields,
  idStatus: z.string(),
  status: z.string(),
  packageAmount: decimal.nullable(),
  position: sideOrNull,
  /** Depth below the viewed root (root 0). */
  level: z.number().int(),
  /** Rank reached (null before the first). */
  rank: z.string().nullable(),
  totalBV: decimal,
  ...legFigureFields,
  /** Whether the node has a child on that side (shown or not: the explorer loads deeper levels on demand). */
  hasLeftChild: z.boolean(),
  hasRightChild: z.boolean(),
  /** BV carried forward per leg after the last posted pairing cycle (docs/spec/compensation.md §3). */
  carryLeftBV: decimal,
  carryRightBV: decimal,
  /** BV added to each leg in the open pairing cycle so far. */
  cycleLeftBV: decimal,
  cycleRightBV: decimal,
};
export interface TreeNode extends z.infer<z.ZodObject<typeof treeNodeFields>> {
  leftChild: TreeNode | null;
  rightChild: TreeNode | null;
}
export const TreeNode: z.ZodType<TreeNode> = z.strictObject({
  ...treeNodeFields,
  get leftChild() {
    return TreeNode.nullable();
  },
  get rightChild() {
    return TreeNode.nullable();
  },
});

/** The pairing cycles the nodes' carry and cycle BV come from. */
export const TreePairingCycles = z.strictObject({
  /** End of the last posted pairing cycle, whose carry the nodes show (null before the first one is posted). */
  carryAsOf: instant.nullable(),
  /** The open pairing cycle whose BV per leg the nodes show (null when none is open). */
  openCycle: z.strictObject({ startsAt: instant, endsAt: instant }).nullable(),
});
export type TreePairingCycles = z.infer<typeof TreePairingCycles>;

/** GET /api/binary-tree: the viewed root two levels deep, with its figures and the path down to it. */
export const BinaryTreeResponse = z.strictObject({
  ...treeNodeFields,
  leftChild: TreeNode.nullable(),
  rightChild: TreeNode.nullable(),
  leftActive: z.number().int(),
  rightActive: z.number().int(),
  /** Levels below the viewed root (0 when it has no children). */
  depth: z.number().int(),
  /** Members sponsored by the viewed root. */
  directRecruits: z.number().int(),
  /** From the viewer (first) down to the viewed root (last). */
  path: z.array(PathEntry),
  /** Members between the viewer and the last entries of `path` left out of it (deep subtrees). */
  pathOmitted: z.number().int(),
  pairing: TreePairingCycles,
});
export type BinaryTreeResponse = z.infer<typeof BinaryTreeResponse>;

const directRecruitFields = {
  ...memberIdentityFields,
  packageAmount: decimal.nullable(),
  registrationDate: instant,
  createdAt: instant,
  activationDate: instant.nullable(),
  idStatus: z.string(),
  status: z.string(),
  position: sideOrNull,
};
export const DirectRecruit = z.strictObject(directRecruitFields);
export type DirectRecruit = z.infer<typeof DirectRecruit>;

export const DownlineMember = z.strictObject({
  ...directRecruitFields,
  /** Levels below the viewer, as a numeric string (doc 3 §3.1). */
  level: z.string(),
  totalBV: decimal,
  /** The viewer's leg this member is in. */
  leg: z.enum(POSITIONS),
});
export type DownlineMember = z.infer<typeof DownlineMember>;

export const DownlineLevel = z.strictObject({
  level: z.number().int(),
  count: z.number().int(),
  active: z.number().int(),
  bv: decimal,
  left: z.number().int(),
  right: z.number().int(),
  /** Members of this level listed in `members` (the figures above cover all of them). */
  shown: z.number().int(),
});
export type DownlineLevel = z.infer<typeof DownlineLevel>;

export const DownlineResponse = z.strictObject({
  members: z.array(DownlineMember),
  levels: z.array(DownlineLevel),
  summary: z.strictObject({ totalDownline: z.number().int(), activeMembers: z.number().int(), totalLevels: z.number().int(), totalBV: decimal }),
});
export type DownlineResponse = z.infer<typeof DownlineResponse>;

export const TeamStats = z.strictObject({
  totalDownline: z.number().int(),
  activeMembers: z.number().int(),
  directRecruits: z.number().int(),
  totalDirects: z.number().int(),
  /** Placement children, 0 to 2. */
  directPositions: z.number().int(),
  currentRank: z.string(),
  teamBV: decimal,
  ...legFigureFields,
  depth: z.number().int(),
  pendingRecruits: z.number().int(),
  /** Team Business Stages (doc 3 §2.4): next rank and the four requirements. */
  rank: RankProgress,
});
export type TeamStats = z.infer<typeof TeamStats>;

/** Who applied through a referral link, as each list of pending recruits shows them. */
const applicantFields = { id, fullName: z.string(), email: z.string(), mobile: z.string().nullable() };

export const TeamPendingRecruit = z.strictObject({
  ...applicantFields,
  status: z.enum(PENDING_RECRUIT_STATUSES),
  position: sideOrNull,
  createdAt: instant,
});
export type TeamPendingRecruit = z.infer<typeof TeamPendingRecruit>;

const legFigures = z.strictObject({ count: z.number().int(), volume: decimal });
export const UplinePendingRecruit = z.strictObject({
  ...applicantFields,
  packageAmount: decimal.nullable(),
  createdAt: instant,
  /** The side the recruiter's link suggested, if any. */
  suggestedPosition: sideOrNull,
  recruiterInfo: z.strictObject({
    name: z.string(),
    userId: z.string(),
    level: z.number().int(),
    position: sideOrNull,
    packageAmount: decimal.nullable(),
    activationDate: instant.nullable(),
  }),
  legBalance: z.strictObject({ leftLeg: legFigures, rightLeg: legFigures, balanceRatio: z.number(), weakerLeg: z.enum(['left', 'right', 'balanced']) }),
  strategicRecommendation: z.strictObject({
    recommendedPosition: z.enum(['left', 'right', 'none']),
    reason: z.string(),
    impactAnalysis: z.strictObject({ leftChoice: z.string(), rightChoice: z.string() }),
  }),
  availablePositions: z.strictObject({ left: z.boolean(), right: z.boolean() }),
});
export type UplinePendingRecruit = z.infer<typeof UplinePendingRecruit>;

export const AdminPendingRecruit = z.strictObject({
  ...applicantFields,
  nominee: z.string().nullable(),
  ...postalAddressFields,
  ...identityNumberFields,
  ...bankAccountFields,
  status: z.enum(PENDING_RECRUIT_STATUSES),
  uplineDecision: z.string(),
  uplineDecisionAt: instant.nullable(),
  position: sideOrNull,
  placementType: z.string(),
  placementParent: z.strictObject({ id, userId: z.string(), name: z.string() }).nullable(),
  recruiterId: z.string().nullable(),
  recruiterName: z.string().nullable(),
  recruiterUserId: z.string().nullable(),
  recruiterRole: z.string().nullable(),
  uplineName: z.string().nullable(),
  applicantUserId: z.string().nullable(),
  packageAmount: decimal.nullable(),
  kycStatus: z.string(),
  rejectionReason: z.string().nullable(),
  createdAt: instant,
  documentCount: z.number().int(),
});
export type AdminPendingRecruit = z.infer<typeof AdminPendingRecruit>;

export const AdminPendingRecruitList = z.strictObject({
  items: z.array(AdminPendingRecruit),
  counts: z.strictObject({ awaitingUpline: z.number().int(), awaitingAdmin: z.number().int(), rejected: z.number().int() }),
});
export type AdminPendingRecruitList = z.infer<typeof AdminPendingRecruitList>;

export const RecruitDocument = z.strictObject({
  id,
  documentType: z.string(),
  documentContentType: z.string(),
  documentFilename: z.string().nullable(),
  documentSize: z.number().int(),
  status: z.string(),
  url: z.string(),
});
export type RecruitDocument = z.infer<typeof RecruitDocument>;

export const PlacementParent = z.strictObject({
  id,
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  level: z.number().int(),
  leftFree: z.boolean(),
  rightFree: z.boolean(),
});
export type PlacementParent = z.infer<typeof PlacementParent>;

/** POST /api/admin/pending-recruits/:id/approve: the new member's user ID and where they were placed. */
export const RecruitApproved = z.strictObject({
  message: z.string(),
  userId: z.string(),
  placement: z.strictObject({ parentId: id, side: z.enum(POSITIONS) }),
});
export type RecruitApproved = z.infer<typeof RecruitApproved>;
