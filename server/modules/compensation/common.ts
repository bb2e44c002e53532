/** Helpers shared by the compensation services: ledger labels, the IST financial year, a cycle's end. */
import { LEDGER_TYPES, INCOME_TYPES } from '../../../contracts/income-types';
import { todayIn } from '../../lib/time';
import * as cyclesRepo from './cycles.repo';

export const label = (type: string) => LEDGER_TYPES.find((t) => t.key === type)?.label ?? type;
export const INCOME_KEYS = new Set<string>(INCOME_TYPES.map((t) => t.key));
export const IST = 'Asia/Kolkata';
export const istDate = (d: Date) => todayIn(d, IST);
/** The financial year (April to March, IST) of an instant: 2026 for 2026-27. */
export const fyOf = (d: Date) => {
  const [y, m] = istDate(d).split('-').map(Number);
  return m >= 4 ? y : y - 1;
};
export const fyLabel = (fy: number) => `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`;
export const cycleEnd = (c: cyclesRepo.CycleRow) => c.closedAt ?? c.endsAt;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Fresh planner statistics on the result tables after a large calculation (member pages read them at once). */
export const ANALYZE_JOB = 'comp.analyze';
