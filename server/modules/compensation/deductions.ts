import type { PlanConfig } from '../../../contracts/compensation';
import { P4, paise, pct4, roundDiv } from './arithmetic';

export interface TdsState {
  /** The financial year's lines before this cycle (negative lines included, docs/spec/returns.md §5), and TDS deducted. */
  ytdGross: bigint;
  ytdTds: bigint;
  panApproved: boolean;
  /** What earlier cycles could not take back (returns.md §5): taken from this cycle's lines before anything else. */
  recovery?: bigint;
  /** TDS due in earlier cycles that they could not bear: deducted here before the net. */
  tdsCarried?: bigint;
}

export interface TdsRule {
  rateWithPan: string;
  rateWithoutPan: string;
  threshold: string;
}

export interface Deductions {
  /** The cycle's gross after recovery (never below zero): what admin charge and TDS are computed on. */
  gross: bigint;
  /** The recovery balance taken from this cycle's lines. */
  recovered: bigint;
  /** The recovery balance after this cycle (what is still to be taken back). */
  recovery: bigint;
  adminCharge: bigint;
  /** TDS deducted in this cycle: this cycle's own and what was carried in, as far as the cycle bears it. */
  tds: bigint;
  /** TDS still due after this cycle, carried to the next ones. */
  tdsCarried: bigint;
  net: bigint;
  rate: string;
}

/**
 * Deductions of one member's cycle (docs/spec/compensation.md §5, returns.md §5). The gross is the sum of the
 * cycle's lines, negative ones included, less the recovery balance; below zero the cycle pays and deducts nothing
 * and the shortfall is the new recovery balance. Admin charge on the gross; TDS once the financial year's lines pass
 * the threshold: the crossing cycle deducts the rate on the whole year-to-date figure less TDS already deducted, later
 * cycles on their own gross. TDS the cycle cannot bear (the net never goes below zero) is carried and deducted in
 * the next cycles before the net.
 */
export function deductions(lines: bigint, adminChargePercent: string, tds: TdsRule, st: TdsState): Deductions {
  const rate = st.panApproved ? tds.rateWithPan : tds.rateWithoutPan;
  const recoveryIn = st.recovery ?? 0n;
  const carriedIn = st.tdsCarried ?? 0n;
  const gross = lines - recoveryIn;
  if (gross <= 0n) {
    return { gross: 0n, recovered: lines > 0n ? lines : 0n, recovery: -gross, adminCharge: 0n, tds: 0n, tdsCarried: carriedIn, net: 0n, rate };
  }
  const adminCharge = roundDiv(gross * pct4(adminChargePercent), 100n * P4);
  const threshold = paise(tds.threshold);
  const after = st.ytdGross + lines;
  let due = 0n;
  if (after > threshold) {
    due = st.ytdGross > threshold ? roundDiv(gross * pct4(rate), 100n * P4) : roundDiv(after * pct4(rate), 100n * P4) - st.ytdTds;
    if (due < 0n) due = 0n;
  }
  due += carriedIn;
  const bearable = gross - adminCharge;
  const t = due > bearable ? bearable : due;
  return { gross, recovered: recoveryIn, recovery: 0n, adminCharge, tds: t, tdsCarried: due - t, net: gross - adminCharge - t, rate };
}

/** The TDS row in force on a date (the newest row starting on or before it). */
export function tdsRuleOn(plan: PlanConfig, day: string): TdsRule {
  const rows = [...plan.deductions.tds].sort((a, b) => a.from.localeCompare(b.from));
  let rule = rows[0];
  for (const r of rows) if (r.from <= day) rule = r;
  return rule;
}
