/** The engine's inputs and results (docs/spec/compensation.md §3-§5); the members themselves are in snapshot-types.ts. */
import type { PlanConfig, PoolType } from '../../../contracts/compensation';
import type { CarryColumns, LegColumns } from './member-table';
import type { PurchaseColumns } from './purchase-columns';
import type { MemberLookup, SnapshotMember } from './snapshot-types';

export interface Purchase {
  buyer: string;
  bv: bigint;
}

export interface Carry {
  l: bigint;
  r: bigint;
  pairedEver: boolean;
}

export interface Line {
  memberId: string;
  /** The member's index in the run's MemberTable (-1 when outside it): results are written in that order. */
  member: number;
  type: string;
  amount: bigint;
  explanation: Record<string, unknown> & { text: string };
  adjustmentId?: string;
}

export interface Adjustment {
  id: string;
  memberId: string;
  type: string;
  amount: bigint;
  reason: string;
}

/**
 * A return reversal of a purchase paid in an earlier, posted pairing cycle (docs/spec/returns.md §4): what the cycle
 * being calculated takes back from the sponsor and franchise income that cycle paid for the returned BV.
 */
export interface Reversal {
  /** The reversal's volume_events id. */
  eventId: string;
  returnNumber: string;
  /** The buyer (member id). */
  buyer: string;
  /** The returned BV in paise (positive). */
  bv: bigint;
  paidIn: PaidCycle;
}

/** The posted pairing cycle that paid a returned purchase, with its plan version and who it paid what. */
export interface PaidCycle {
  id: string;
  /** "1–7 Jun 2026": how the explanation names it. */
  label: string;
  plan: PlanConfig;
  planVersion: number;
  /** Per earner (member id): the sponsor levels it paid them and the franchise role it paid them at (positive lines). */
  paid: Map<string, { sponsorLevels: Set<number>; franchiseRole: 'mini_franchise' | 'basic_franchise' | null }>;
}

export interface PairingInput {
  plan: PlanConfig;
  members: MemberLookup;
  /** BV added to each member's legs in this cycle (paise): by member id, or columns by index of `members` (a MemberTable). */
  legs: Map<string, { l: bigint; r: bigint }> | LegColumns;
  /** Carry after the previous pairing cycle: by member id, or columns. */
  carry: Map<string, Carry> | CarryColumns;
  /** The cycle's purchases: rows by buyer id, or columns by index of `members` (a MemberTable). */
  purchases: Purchase[] | PurchaseColumns;
  /** Ranks first achieved within this cycle. */
  ranksAchieved: { memberId: string; rank: string }[];
  adjustments: Adjustment[];
  /** Reversals of purchases paid in earlier posted cycles, to claw back in this one (none when absent). */
  reversals?: Reversal[];
}

export interface MonthlyInput {
  plan: PlanConfig;
  members: MemberLookup;
  /** The cycle's purchases: rows by buyer id, or columns by index of `members` (a MemberTable). */
  purchases: Purchase[] | PurchaseColumns;
  /** Own purchase BV per member in the previous monthly cycles, newest first (paise). */
  previousOwnBV: Map<string, bigint[]>;
  /** How many monthly cycles precede this one. */
  previousMonths: number;
  /** For each pool, the members whose rank was at least its minimum at every one of its hold months' closes. */
  heldRank: (pool: PoolType, member: SnapshotMember) => boolean;
  adjustments: Adjustment[];
}

export interface CalcResult {
  lines: Line[];
  /** Carry out by member index (`get(id)` for one member; empty for a monthly cycle). */
  carry: CarryColumns;
  flushedBV: bigint;
  salesBV: bigint;
  poolsLeft: Record<string, bigint>;
  /** The reversals this cycle clawed back (volume_events ids; pairing only). */
  clawedBack?: string[];
}
