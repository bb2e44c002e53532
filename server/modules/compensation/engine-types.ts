/** The engine's inputs and results (docs/spec/compensation.md §3-§5); the members themselves are in snapshot-types.ts. */
import type { PlanConfig, PoolType } from '../../../contracts/compensation';
import type { CarryColumns, LegColumns } from './member-table';
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

export interface PairingInput {
  plan: PlanConfig;
  members: MemberLookup;
  /** BV added to each member's legs in this cycle (paise): by member id, or columns by index of `members` (a MemberTable). */
  legs: Map<string, { l: bigint; r: bigint }> | LegColumns;
  /** Carry after the previous pairing cycle: by member id, or columns. */
  carry: Map<string, Carry> | CarryColumns;
  purchases: Purchase[];
  /** Ranks first achieved within this cycle. */
  ranksAchieved: { memberId: string; rank: string }[];
  adjustments: Adjustment[];
}

export interface MonthlyInput {
  plan: PlanConfig;
  members: MemberLookup;
  purchases: Purchase[];
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
}
