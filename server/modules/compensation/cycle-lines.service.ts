/** A cycle's lines for the admin: the paged list and the CSV export. */
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../core/app-error';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { LEDGER_TYPES } from '../../../contracts/income-types';
import { type IncomeLine, type MemberCycleLines } from '../../../contracts/compensation';
import { csvCell, decodeMarkedCells } from '../../lib/csv';
import { findUserByUserId } from '../users';
import * as cyclesRepo from './cycles.repo';
import * as resultsRepo from './results.repo';
import { label, istDate, settlementRows, SETTLEMENT_LABELS, tdsCarriedNote } from './common';
import { paiseOrThrow } from '../../../contracts/money';

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
  return linesPage(ctx, id, { memberId, type: q.type, after: q.cursor }, PAGE);
}

const PAGE = 50;
/** Members per page of the export: one keyset query of payouts and one of their lines per page. */
export const EXPORT_PAGE = 1000;

/** One keyset page of a cycle's members (by member id) with their lines, deductions and net. */
async function linesPage(
  ctx: AppContext,
  id: string,
  f: { memberId?: string; type?: string; after?: string },
  size: number,
  textOnly = false,
): Promise<{ items: MemberCycleLines[]; nextCursor: string | null }> {
  const rows = await resultsRepo.payoutsPage(ctx.db, id, f, size + 1);
  const page = rows.slice(0, size);
  const ids = page.map((p) => p.memberId);
  // The export reads only each explanation's sentence (textOnly); the admin's page shows the figures too.
  const lines: resultsRepo.LineRow[] = textOnly
    ? (await resultsRepo.lineTextsOf(ctx.db, id, ids)).map((l) => ({
        id: 0,
        cycleId: id,
        memberId: l.memberId,
        type: l.type,
        amount: l.amount,
        planVersion: l.planVersion,
        explanation: { text: l.text },
        adjustmentId: null,
      }))
    : await resultsRepo.linesOf(ctx.db, id, ids);
  // Grouped once: a page of the export holds a thousand members and several thousand lines.
  const byMember = new Map<string, resultsRepo.LineRow[]>();
  for (const l of lines) {
    const mine = byMember.get(l.memberId);
    if (mine) mine.push(l);
    else byMember.set(l.memberId, [l]);
  }
  return {
    items: page.map((p) => ({
      userId: p.user_id,
      name: [p.first_name, p.last_name].filter(Boolean).join(' ') || p.user_id,
      lines: memberLinesView(byMember.get(p.memberId) ?? []),
      gross: p.gross,
      recovered: p.recovered,
      recovery: p.recovery,
      adminCharge: p.adminCharge,
      tds: p.tds,
      tdsCarried: p.tdsCarried,
      net: p.net,
    })),
    nextCursor: rows.length > size ? page[page.length - 1].memberId : null,
  };
}

export const cell = (v: string | number) => csvCell(v, { signedNumbers: true });
const csvRow = (cells: (string | number)[]) => cells.map(cell).join(',') + '\n';

const EXPORT_HEADER = csvRow(['Member ID', 'Name', 'Type', 'Amount', 'Plan version', 'Explanation']);
const EXPORT_WORDS = { labels: LEDGER_TYPES, ...SETTLEMENT_LABELS, admin: 'Admin charge', tds: 'TDS', net: 'Net' };

/**
 * The cycle's export as the route sends it. On PostgreSQL the database writes the rows (results.repo.ts
 * copyCycleCsv, the same bytes as exportCycle's pages): a payout run's export of 257,000 members made 2.8 GB of
 * short-lived objects in the app when built page by page, and V8 let the app's memory grow by 170 MB before it
 * collected them. Elsewhere, exportCycle. Refuses a missing cycle before the first byte.
 */
export async function downloadCycle(ctx: AppContext, id: string): Promise<{ filename: string; body: Readable }> {
  const c = await cyclesRepo.findCycle(ctx.db, id);
  if (!c) throw notFound('Cycle not found');
  // The carried TDS note is worded here (formatMoney): the COPY writes its paise behind this export's marker.
  const marker = randomBytes(12).toString('hex');
  const copied = await resultsRepo.copyCycleCsv(ctx.db, id, EXPORT_WORDS, marker);
  if (!copied) return exportCycle(ctx, id);
  const body = new PassThrough();
  body.write(EXPORT_HEADER);
  pipeline(
    copied,
    decodeMarkedCells(marker, (paise) => tdsCarriedNote(BigInt(paise))),
    body,
  ).catch((err) => ctx.log.error({ err }, 'cycle export failed'));
  return { filename: exportFilename(c), body };
}
const exportFilename = (c: cyclesRepo.CycleRow) => `cycle-${c.kind}-${istDate(c.startsAt)}.csv`;

/**
 * The cycle's lines as CSV, read from the database a page of members at a time (keyset on the member id) and written
 * to the answer as each page arrives: one chunk per page, never the whole file in memory (a million members' export
 * is hundreds of megabytes). Refuses a missing cycle before the first byte.
 */
export async function exportCycle(ctx: AppContext, id: string, pageSize = EXPORT_PAGE): Promise<{ filename: string; body: Readable }> {
  const c = await cyclesRepo.findCycle(ctx.db, id);
  if (!c) throw notFound('Cycle not found');
  async function* chunks() {
    yield EXPORT_HEADER;
    let after: string | undefined;
    for (;;) {
      const page = await linesPage(ctx, id, { after }, pageSize, true);
      let out = '';
      for (const m of page.items) {
        let linesTotal = 0n;
        for (const l of m.lines) {
          out += csvRow([m.userId, m.name, l.label, l.amount, l.planVersion, l.explanation.text]);
          linesTotal += paiseOrThrow(l.amount, 'line');
        }
        for (const r of settlementRows(m, linesTotal)) out += csvRow([m.userId, m.name, r.label, r.amount, '', r.note]);
        out += csvRow([m.userId, m.name, EXPORT_WORDS.admin, `-${m.adminCharge}`, '', '']);
        out += csvRow([m.userId, m.name, EXPORT_WORDS.tds, `-${m.tds}`, '', '']);
        out += csvRow([m.userId, m.name, EXPORT_WORDS.net, m.net, '', '']);
      }
      if (out) yield out;
      if (!page.nextCursor) return;
      after = page.nextCursor;
    }
  }
  return { filename: exportFilename(c), body: streamOf(ctx, chunks(), 'cycle export') };
}

/** A stream of text chunks (back-pressure: the next page is read when the answer took the last); a failure mid-way ends it and is logged. */
export function streamOf(ctx: AppContext, chunks: AsyncIterable<string>, what: string): Readable {
  const body = Readable.from(chunks, { objectMode: false });
  body.on('error', (err) => ctx.log.error({ err }, `${what} failed`));
  return body;
}
