/** Helpers shared by the compensation services: ledger labels, the IST financial year, a cycle's end. */
import { LEDGER_TYPES, INCOME_TYPES } from '../../../contracts/income-types';
import { todayIn } from '../../lib/time';
import { fromPaise, paiseOrThrow } from '../../../contracts/money';
import { formatMoneyPaise } from '../../../contracts/format-money';
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
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A cycle's days in Asia/Kolkata as a sentence names them: "1–7 Jun 2026", "29 Jun – 5 Jul 2026", "7 Jun 2026". */
export function cycleDays(startsAt: Date, endsAt: Date) {
  const [y1, m1, d1] = istDate(startsAt).split('-').map(Number);
  const [y2, m2, d2] = istDate(new Date(Math.max(startsAt.getTime(), endsAt.getTime() - 1)))
    .split('-')
    .map(Number);
  const end = `${d2} ${MONTHS[m2 - 1]} ${y2}`;
  if (y1 === y2 && m1 === m2) return d1 === d2 ? end : `${d1}–${end}`;
  return `${d1} ${MONTHS[m1 - 1]}${y1 === y2 ? '' : ` ${y1}`} – ${end}`;
}
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Fresh planner statistics on the result tables after a large calculation (member pages read them at once). */
export const ANALYZE_JOB = 'comp.analyze';

/**
 * The rows between a payout's lines and its deductions in the CSV exports (docs/spec/returns.md §5), each only when
 * it is not zero: the recovery taken from the lines, what this cycle adds to the recovery balance when its lines sum
 * below what it owes (so the rows still add up to the net), and TDS carried to later cycles (a note, not an amount).
 * The labels and the note are shared with the export that PostgreSQL writes (results.repo.ts copyCycleCsv).
 */
export const SETTLEMENT_LABELS = { recovered: 'Recovered from earlier cycles', owed: 'Left to recover from later income', tdsCarried: 'TDS carried' } as const;
export const tdsCarriedNote = (paise: bigint) => `${formatMoneyPaise(paise)} of TDS due is deducted from later cycles`;
export function settlementRows(p: { gross: string; recovered: string; tdsCarried: string }, linesTotal: bigint): { label: string; amount: string; note: string }[] {
  const rows: { label: string; amount: string; note: string }[] = [];
  const recovered = paiseOrThrow(p.recovered, 'recovered');
  if (recovered > 0n) rows.push({ label: SETTLEMENT_LABELS.recovered, amount: `-${p.recovered}`, note: '' });
  const owed = paiseOrThrow(p.gross, 'gross') - linesTotal + recovered;
  if (owed > 0n) rows.push({ label: SETTLEMENT_LABELS.owed, amount: fromPaise(owed), note: '' });
  const carried = paiseOrThrow(p.tdsCarried, 'carried TDS');
  if (carried > 0n) rows.push({ label: SETTLEMENT_LABELS.tdsCarried, amount: '', note: tdsCarriedNote(carried) });
  return rows;
}
