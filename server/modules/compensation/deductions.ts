import type { PlanConfig } from '../../../contracts/compensation';
import { P4, paise, pct4, roundDiv } from './arithmetic';

export interface TdsState {
  /** Gross of this financial year's posted cycles before this one, and TDS deducted on it. */
  ytdGross: bigint;
  ytdTds: bigint;
  panApproved: boolean;
}

export interface TdsRule {
  rateWithPan: string;
  rateWithoutPan: string;
  threshold: string;
}

/**
 * Deductions of one member's cycle (docs/spec/compensation.md §5): admin charge on the gross; TDS once the financial
 * year's gross passes the threshold: the crossing cycle deducts the rate on the whole year-to-date gross
 * less TDS already deducted, later cycles on their own gross. The net is never negative.
 */
export function deductions(gross: bigint, adminChargePercent: string, tds: TdsRule, st: TdsState) {
  if (gross <= 0n) return { adminCharge: 0n, tds: 0n, net: 0n, rate: tds.rateWithPan };
  const adminCharge = roundDiv(gross * pct4(adminChargePercent), 100n * P4);
  const rate = st.panApproved ? tds.rateWithPan : tds.rateWithoutPan;
  const threshold = paise(tds.threshold);
  const after = st.ytdGross + gross;
  let t = 0n;
  if (after > threshold) {
    t = st.ytdGross > threshold ? roundDiv(gross * pct4(rate), 100n * P4) : roundDiv(after * pct4(rate), 100n * P4) - st.ytdTds;
    if (t < 0n) t = 0n;
  }
  if (t > gross - adminCharge) t = gross - adminCharge;
  return { adminCharge, tds: t, net: gross - adminCharge - t, rate };
}

/** The TDS row in force on a date (the newest row starting on or before it). */
export function tdsRuleOn(plan: PlanConfig, day: string): TdsRule {
  const rows = [...plan.deductions.tds].sort((a, b) => a.from.localeCompare(b.from));
  let rule = rows[0];
  for (const r of rows) if (r.from <= day) rule = r;
  return rule;
}
