/** A cycle's lines for the admin: the paged list and the CSV export. */
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../core/app-error';
import { type IncomeLine } from '../../../contracts/compensation';
import { csvCell } from '../../lib/csv';
import { findUserByUserId } from '../users';
import * as cyclesRepo from './cycles.repo';
import * as resultsRepo from './results.repo';
import { label, istDate } from './common';

export function memberLinesView(rows: resultsRepo.LineRow[]): IncomeLine[] {
  return rows.map((l) => ({ type: l.type, label: label(l.type), amount: l.amount, planVersion: l.planVersion, explanation: l.explanation as IncomeLine['explanation'] }));
}

export async function cycleLines(ctx: AppContext, id: string, q: { userId?: string; type?: string; cursor?: string }) {
  const c = await cyclesRepo.findCycle(ctx.db, id);
  if (!c) throw notFound('Cycle not found');
  let memberId: string | undefined;
  if (q.userId) {
    const u = await findUserByUserId(ctx.db, q.userId);
    if (!u) return { items: [], nextCursor: null };
    memberId = u.id;
  }
  if (q.cursor && !/^[0-9a-f-]{36}$/i.test(q.cursor)) throw badRequest('Invalid cursor');
  const rows = await resultsRepo.payoutsPage(ctx.db, id, { memberId, type: q.type, after: q.cursor }, 51);
  const page = rows.slice(0, 50);
  const lines = await resultsRepo.linesOf(
    ctx.db,
    id,
    page.map((p) => p.memberId),
  );
  return {
    items: page.map((p) => ({
      userId: p.user_id,
      name: [p.first_name, p.last_name].filter(Boolean).join(' ') || p.user_id,
      lines: memberLinesView(lines.filter((l) => l.memberId === p.memberId)),
      gross: p.gross,
      adminCharge: p.adminCharge,
      tds: p.tds,
      net: p.net,
    })),
    nextCursor: rows.length > 50 ? page[page.length - 1].memberId : null,
  };
}

export const cell = (v: string | number) => csvCell(v, { signedNumbers: true });

export async function exportCycle(ctx: AppContext, id: string) {
  const c = await cyclesRepo.findCycle(ctx.db, id);
  if (!c) throw notFound('Cycle not found');
  const out = [['Member ID', 'Name', 'Type', 'Amount', 'Plan version', 'Explanation'].join(',')];
  let cursor: string | undefined;
  for (;;) {
    const page = await cycleLines(ctx, id, { cursor });
    for (const m of page.items) {
      for (const l of m.lines) out.push([m.userId, m.name, l.label, l.amount, l.planVersion, l.explanation.text].map(cell).join(','));
      out.push([m.userId, m.name, 'Admin charge', `-${m.adminCharge}`, '', ''].map(cell).join(','));
      out.push([m.userId, m.name, 'TDS', `-${m.tds}`, '', ''].map(cell).join(','));
      out.push([m.userId, m.name, 'Net', m.net, '', ''].map(cell).join(','));
    }
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return { filename: `cycle-${c.kind}-${istDate(c.startsAt)}.csv`, body: out.join('\n') + '\n' };
}
