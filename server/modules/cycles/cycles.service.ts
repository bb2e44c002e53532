import type { DbOrTx } from '../../db/client';
import { CYCLE_KINDS, periodBounds, periodOf, type CycleKind } from './cycle-calendar';
import { findOpenCycles, insertCycle, lastCycleOf, markCycleClosed, type CycleRow } from './cycles.repo';

export type { CycleRow };

/**
 * The open cycle of every kind, opening one where none is open: it starts where the last one ended
 * (or at the start of the current period on the first run) and ends at the end of that period.
 * Run by the volume applier under its lock, so two processes never open the same cycle.
 */
export async function ensureOpenCycles(db: DbOrTx, now: Date): Promise<Record<CycleKind, CycleRow>> {
  const open = new Map((await findOpenCycles(db)).map((c) => [c.kind as CycleKind, c]));
  for (const kind of CYCLE_KINDS) {
    if (open.has(kind)) continue;
    const period = periodOf(kind);
    const last = await lastCycleOf(db, kind);
    const startsAt = last ? (last.closedAt ?? last.endsAt) : periodBounds(period, now).startsAt;
    const { endsAt } = periodBounds(period, startsAt);
    const row = await insertCycle(db, { kind, period, startsAt, endsAt, createdAt: now });
    if (row) open.set(kind, row);
    else
      open.set(
        kind,
        (await findOpenCycles(db)).find((c) => c.kind === kind)!,
      );
  }
  return Object.fromEntries(open) as Record<CycleKind, CycleRow>;
}

/** Closes an open cycle at its end (the schedule) and opens the next one. */
export async function closeCycleOnSchedule(db: DbOrTx, cycle: CycleRow, now: Date) {
  await markCycleClosed(db, cycle.id, cycle.endsAt);
  return ensureOpenCycles(db, now);
}

/** The earliest end among the open cycles (undefined before the first cycle was opened). */
export async function nextCycleEnd(db: DbOrTx): Promise<Date | undefined> {
  const open = await findOpenCycles(db);
  if (!open.length) return undefined;
  return new Date(Math.min(...open.map((c) => c.endsAt.getTime())));
}
