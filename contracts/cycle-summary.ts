/**
 * What a calculated cycle keeps in `comp_cycles.summary` (jsonb): its totals, written by the calculation and read back
 * by the cycle's answers (CycleSummary, CycleDetail in compensation.ts) and by its posting (the pool achievers). The
 * column is untyped JSON, so the server parses it with this schema when it reads it: a summary of another shape stops
 * the request with an error instead of answering zeros or posting no achievers.
 */
import { z } from 'zod';
import { POOL_TYPES } from './compensation';
import { id } from './route-contract';

/** Rupees or BV as the summary stores them: `fromPaise` text, or a sum PostgreSQL printed ("0" when there was none). */
const amount = z.string().regex(/^-?\d+(\.\d{1,2})?$/, 'an amount with at most 2 decimals');

/** A pool's share paid to one member in a monthly cycle; posting writes one `achievers` row from each. */
export const PoolAchiever = z.strictObject({
  memberId: id,
  type: z.enum(POOL_TYPES),
  amount,
  points: z.number().int().min(0),
});
export type PoolAchiever = z.infer<typeof PoolAchiever>;

export const StoredCycleSummary = z.strictObject({
  /** Sum of the cycle's lines per line type (income types and adjustment types). */
  totals: z.record(z.string(), amount),
  gross: amount,
  adminCharge: amount,
  tds: amount,
  net: amount,
  /** The cycle's purchases: their amount and their BV. */
  sales: amount,
  salesBV: amount,
  flushedBV: amount,
  /** Members whose net is above zero. */
  membersPaid: z.number().int().min(0),
  /** What each pool kept after its shares were rounded down or capped (monthly cycles; empty for pairing). */
  poolsLeft: z.record(
    z.string().refine((k) => (POOL_TYPES as readonly string[]).includes(k), 'a pool type'),
    amount,
  ),
  /** Empty for a pairing cycle. */
  achievers: z.array(PoolAchiever),
});
export type StoredCycleSummary = z.infer<typeof StoredCycleSummary>;
