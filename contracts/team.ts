import { z } from 'zod';
import { MSG } from './messages';
import { emailField } from './fields';
import { POSITIONS, type Position, type PendingRecruitStatus } from './enums';

/** Recruitment, placement and team reads (doc 2 §2.6-2.7, doc 3 §2.4, §3.1; decisions.md §3-§4). */

export type Side = Position;
export const RECRUIT_REJECT_MIN = 5;
export const DOWNLINE_MAX_LEVELS = 10;
export const PLACEMENT_TYPES = ['strategic', 'auto', 'root'] as const;
export type PlacementType = (typeof PLACEMENT_TYPES)[number];

const side = z.enum(POSITIONS, { error: 'Position must be left or right' });
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Add Recruit dialog (doc 3 §5.1). */
export const RecruitRequest = z.object({
  fullName: z.string({ error: MSG.fullNameRequired }).trim().min(1, { error: MSG.fullNameRequired }).max(160, { error: 'Full name is too long' }),
  email: emailField(MSG.validEmailRequired),
  position: z.preprocess(blank, side.default('left')),
});
export type RecruitRequest = z.input<typeof RecruitRequest>;
export interface RecruitResponse {
  referralLink: string;
  expiresAt: string;
  position: Side;
}

/** Upline decision (doc 3 §5.1): position only on approval. */
export const UplineDecisionRequest = z
  .object({
    decision: z.enum(['approved', 'rejected'], { error: 'Decision must be approved or rejected' }),
    position: z.preprocess(blank, side.optional()),
    reason: z.preprocess(blank, z.string().trim().max(500).optional()),
  })
  .refine((v) => v.decision === 'rejected' || v.position !== undefined, { path: ['position'], error: 'Choose the left or right position' });
export type UplineDecisionRequest = z.input<typeof UplineDecisionRequest>;

/** Add New User / Generate Referral Link (doc 2 §2.7, §5). */
export const ReferralGenerateRequest = z
  .object({
    placementType: z.enum(PLACEMENT_TYPES, { error: 'Placement type must be strategic, auto or root' }),
    placementSide: z.preprocess(blank, side.optional()),
    parentId: z.preprocess(blank, z.string().uuid({ error: 'Choose a parent' }).optional()),
  })
  .refine((v) => v.placementType !== 'strategic' || v.parentId !== undefined, { path: ['parentId'], error: 'Strategic placement requires a parent' })
  .refine((v) => v.placementType === 'auto' || v.placementSide !== undefined, { path: ['placementSide'], error: 'Choose the left or right side' });
export type ReferralGenerateRequest = z.input<typeof ReferralGenerateRequest>;
export interface ReferralGenerateResponse {
  url: string;
  expiresAt: string;
}

const moneyInput = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? '0' : typeof v === 'number' ? String(v) : v),
  z
    .string()
    .trim()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, { error: 'Package amount must be a number of rupees with at most 2 decimals' }),
);

/** Approve Recruit dialog (doc 2 §4-§5). */
export const ApproveRecruitRequest = z
  .object({
    packageAmount: moneyInput,
    position: z.preprocess(blank, side.optional()),
    kycDecision: z
      .object({
        status: z.enum(['pending', 'approved', 'rejected'], { error: 'KYC decision must be pending, approved or rejected' }),
        reason: z.preprocess(blank, z.string().trim().max(500).optional()),
      })
      .refine((v) => v.status !== 'rejected' || (v.reason?.length ?? 0) > 0, { path: ['reason'], error: 'Please give a reason for rejecting the KYC documents' })
      .default({ status: 'pending' }),
  });
export type ApproveRecruitRequest = z.input<typeof ApproveRecruitRequest>;

export const RejectRecruitRequest = z.object({
  reason: z.string({ error: MSG.recruitReasonMin }).trim().min(RECRUIT_REJECT_MIN, { error: MSG.recruitReasonMin }).max(500, { error: 'At most 500 characters' }),
});
export type RejectRecruitRequest = z.input<typeof RejectRecruitRequest>;

export const DownlineQuery = z.object({
  levels: z.coerce.number({ error: 'levels must be 1 to 10' }).int().min(1, { error: 'levels must be 1 to 10' }).max(DOWNLINE_MAX_LEVELS, { error: 'levels must be 1 to 10' }).default(DOWNLINE_MAX_LEVELS),
  search: z.preprocess(blank, z.string().trim().max(100).optional()),
  level: z.preprocess((v) => (v === 'all' ? undefined : blank(v)), z.coerce.number().int().min(1).max(DOWNLINE_MAX_LEVELS).optional()),
  status: z.preprocess((v) => (v === 'all' ? undefined : blank(v)), z.enum(['active', 'inactive', 'pending']).optional()),
});
export type DownlineQuery = z.input<typeof DownlineQuery>;

export const TeamMembersQuery = z.object({ search: z.preprocess(blank, z.string().trim().max(100).optional()) });
/** Depth: two levels by default (doc 3 §2.4); the genealogy explorer asks for up to five at a time. */
export const BinaryTreeQuery = z.object({
  rootId: z.preprocess(blank, z.string().uuid({ error: 'Not a member id' }).optional()),
  depth: z.coerce.number({ error: 'Depth is 1 to 5 levels' }).int({ error: 'Depth is 1 to 5 levels' }).min(1, { error: 'Depth is 1 to 5 levels' }).max(5, { error: 'Depth is 1 to 5 levels' }).default(2),
});
export const GenealogySearchQuery = z.object({ q: z.string({ error: 'Type a user ID or a name' }).trim().min(2, { error: 'Type at least 2 characters' }).max(100) });
export const GenealogyExtremeQuery = z.object({
  side: z.enum(['left', 'right'], { error: 'Choose left or right' }),
  rootId: z.preprocess(blank, z.string().uuid({ error: 'Not a member id' }).optional()),
});
export interface GenealogySearchResult {
  id: string;
  userId: string;
  name: string;
  status: string;
  rank: string | null;
  /** Levels between the viewer and the member. */
  levelsBelow: number;
  /** From the viewer (first) to the member (last), the middle left out past eight levels (`pathOmitted`). */
  path: { id: string; userId: string; name: string }[];
  pathOmitted: number;
}
export const PlacementParentsQuery = z.object({
  search: z.preprocess(blank, z.string().trim().max(100).optional()),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

// ---- answers ----

export interface TreeNode {
  id: string;
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  idStatus: string;
  status: string;
  packageAmount: string | null;
  position: Side | null;
  /** Depth below the viewed root (root 0). */
  level: number;
  /** Rank reached (null before the first). */
  rank: string | null;
  totalBV: string;
  leftBV: string;
  rightBV: string;
  leftCount: number;
  rightCount: number;
  leftActive: number;
  rightActive: number;
  /** Whether the node has a child on that side (shown or not: the explorer loads deeper levels on demand). */
  hasLeftChild: boolean;
  hasRightChild: boolean;
  /** BV carried forward per leg after the last posted pairing cycle (compensation.md §3). */
  carryLeftBV: string;
  carryRightBV: string;
  /** BV added to each leg in the open pairing cycle so far. */
  cycleLeftBV: string;
  cycleRightBV: string;
  leftChild: TreeNode | null;
  rightChild: TreeNode | null;
}

/** The pairing cycles the nodes' carry and cycle BV come from. */
export interface TreePairingCycles {
  /** End of the last posted pairing cycle, whose carry the nodes show (null before the first one is posted). */
  carryAsOf: string | null;
  /** The open pairing cycle whose BV per leg the nodes show (null when none is open). */
  openCycle: { startsAt: string; endsAt: string } | null;
}

export interface BinaryTreeResponse extends TreeNode {
  totalBV: string;
  leftActive: number;
  rightActive: number;
  /** Levels below the viewed root (0 when it has no children). */
  depth: number;
  /** Members sponsored by the viewed root. */
  directRecruits: number;
  /** From the viewer (first) down to the viewed root (last). */
  path: { id: string; userId: string; name: string }[];
  /** Members between the viewer and the last entries of `path` left out of it (deep subtrees). */
  pathOmitted: number;
  pairing: TreePairingCycles;
}

export interface DirectRecruit {
  id: string;
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  packageAmount: string | null;
  registrationDate: string;
  createdAt: string;
  activationDate: string | null;
  idStatus: string;
  status: string;
  position: Side | null;
}

export interface DownlineMember extends DirectRecruit {
  /** Levels below the viewer, as a numeric string (doc 3 §3.1). */
  level: string;
  totalBV: string;
  /** The viewer's leg this member is in. */
  leg: Side;
}

export interface DownlineLevel {
  level: number;
  count: number;
  active: number;
  bv: string;
  left: number;
  right: number;
  /** Members of this level listed in `members` (the figures above cover all of them). */
  shown: number;
}

export interface DownlineResponse {
  members: DownlineMember[];
  levels: DownlineLevel[];
  summary: { totalDownline: number; activeMembers: number; totalLevels: number; totalBV: string };
}

export interface TeamStats {
  totalDownline: number;
  activeMembers: number;
  directRecruits: number;
  totalDirects: number;
  /** Placement children, 0 to 2. */
  directPositions: number;
  currentRank: string;
  teamBV: string;
  leftBV: string;
  rightBV: string;
  leftCount: number;
  rightCount: number;
  leftActive: number;
  rightActive: number;
  depth: number;
  pendingRecruits: number;
  /** Team Business Stages (doc 3 §2.4): next rank and the four requirements. */
  rank: import('./commerce').RankProgress;
}

export interface TeamPendingRecruit {
  id: string;
  fullName: string;
  email: string;
  mobile: string | null;
  status: PendingRecruitStatus;
  position: Side | null;
  createdAt: string;
}

export interface UplinePendingRecruit {
  id: string;
  fullName: string;
  email: string;
  mobile: string | null;
  packageAmount: string | null;
  createdAt: string;
  /** The side the recruiter's link suggested, if any. */
  suggestedPosition: Side | null;
  recruiterInfo: { name: string; userId: string; level: number; position: Side | null; packageAmount: string | null; activationDate: string | null };
  legBalance: { leftLeg: { count: number; volume: string }; rightLeg: { count: number; volume: string }; balanceRatio: number; weakerLeg: Side | 'balanced' };
  strategicRecommendation: { recommendedPosition: Side | 'none'; reason: string; impactAnalysis: { leftChoice: string; rightChoice: string } };
  availablePositions: { left: boolean; right: boolean };
}

export interface AdminPendingRecruit {
  id: string;
  fullName: string;
  email: string;
  mobile: string | null;
  nominee: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  pincode: string | null;
  panNumber: string | null;
  aadhaarNumber: string | null;
  bankName: string | null;
  bankAccountHolderName: string | null;
  bankAccountNumber: string | null;
  bankIFSC: string | null;
  status: PendingRecruitStatus;
  uplineDecision: string;
  uplineDecisionAt: string | null;
  position: Side | null;
  placementType: string;
  placementParent: { id: string; userId: string; name: string } | null;
  recruiterId: string | null;
  recruiterName: string | null;
  recruiterUserId: string | null;
  recruiterRole: string | null;
  uplineName: string | null;
  applicantUserId: string | null;
  packageAmount: string | null;
  kycStatus: string;
  rejectionReason: string | null;
  createdAt: string;
  documentCount: number;
}

export interface AdminPendingRecruitList {
  items: AdminPendingRecruit[];
  counts: { awaitingUpline: number; awaitingAdmin: number; rejected: number };
}

export interface RecruitDocument {
  id: string;
  documentType: string;
  documentContentType: string;
  documentFilename: string | null;
  documentSize: number;
  status: string;
  url: string;
}

export interface PlacementParent {
  id: string;
  userId: string;
  name: string;
  email: string;
  level: number;
  leftFree: boolean;
  rightFree: boolean;
}
