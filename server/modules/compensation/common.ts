/** Helpers shared by the compensation services: ledger labels, the IST financial year, a cycle's end. */
import { LEDGER_TYPES, INCOME_TYPES } from '../../../contracts/income-types';
import { todayIn } from '../../lib/time';
import { fromPaise, paiseOrThrow } from '../../../contracts/money';
import { formatMoney } from '../../../contracts/format-money';
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

/**
 * The rows between a payout's lines and its deductions in the CSV exports (docs/spec/returns.md §5), each only when
 * it is not zero: the recovery taken from the lines, what this cycle adds to the recovery balance when its lines sum
 * below what it owes (so the rows still add up to the net), and TDS carried to later cycles (a note, not an amount).
 */
export function settlementRows(p: { gross: string; recovered: string; tdsCarried: string }, linesTotal: bigint): { label: string; amount: string; note: string }[] {
  const rows: { label: string; amount: string; note: string }[] = [];
  const recovered = paiseOrThrow(p.recovered, 'recovered');
  if (recovered > 0n) rows.push({ label: 'Recovered from earlier cycles', amount: `-${p.recovered}`, note: '' });
  const owed = paiseOrThrow(p.gross, 'gross') - linesTotal + recovered;
  if (owed > 0n) rows.push({ label: 'Left to recover from later income', amount: fromPaise(owed), note: '' });
  if (paiseOrThrow(p.tdsCarried, 'carried TDS') > 0n) rows.push({ label: 'TDS carried', amount: '', note: `${formatMoney(p.tdsCarried)} of TDS due is deducted from later cycles` });
  return rows;
}
