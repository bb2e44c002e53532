/**
 * The member's statement of a financial year (docs/spec/compensation.md §6): every posted cycle's lines, deductions
 * and net, then the year's totals and the issuer. Read from the database a page of cycles at a time (keyset on the
 * cycle's start); the CSV is written to the answer page by page, never built whole in memory.
 */
import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import { readDb } from '../../core/read-db';
import { branding } from '../branding';
import { badRequest } from '../../core/app-error';
import { fromPaise } from '../../../contracts/money';
import * as incomeRepo from './income.repo';
import { paise } from './engine';
import { label, istDate, fyOf, fyLabel, settlementRows } from './common';
import { cell, streamOf } from './cycle-lines.service';

/** Cycles per page of the statement. */
export const STATEMENT_PAGE = 100;

type Member = { id: string; userId: string; name: string };
type Row = string[];

/** The statement's rows, a page of cycles at a time, with the year's totals added up as they pass. */
async function* statementPages(ctx: AppContext, memberId: string, fy: number, totals: { gross: bigint; tds: bigint; net: bigint }, pageSize: number): AsyncGenerator<Row[]> {
  let after: { startsKey: string; kind: string } | undefined;
  // An export of the Income page: a replica serves it when one is in use (ADR 0031).
  const db = readDb(ctx, { id: memberId });
  for (;;) {
    const payouts = await incomeRepo.statementPayoutsPage(db, memberId, fy, after, pageSize);
    const lines = await incomeRepo.memberLines(
      db,
      memberId,
      payouts.map((p) => p.cycle_id),
    );
    const rows: Row[] = [];
    for (const p of payouts) {
      const period = `${istDate(new Date(p.starts_at))} to ${istDate(new Date(new Date(p.closed_at ?? p.ends_at).getTime() - 1))}`;
      let linesTotal = 0n;
      for (const l of lines) {
        if (l.cycleId !== p.cycle_id) continue;
        rows.push([period, label(l.type), l.amount, (l.explanation as { text: string }).text]);
        linesTotal += paise(l.amount);
      }
      for (const r of settlementRows({ gross: p.gross, recovered: p.recovered, tdsCarried: p.tds_carried }, linesTotal)) rows.push([period, r.label, r.amount, r.note]);
      rows.push([period, 'Admin charge', `-${p.admin_charge}`, '']);
      rows.push([period, 'TDS', `-${p.tds}`, '']);
      rows.push([period, 'Net', p.net, '']);
      totals.gross += paise(p.gross);
      totals.tds += paise(p.tds);
      totals.net += paise(p.net);
    }
    if (rows.length) yield rows;
    if (payouts.length < pageSize) return;
    const last = payouts[payouts.length - 1];
    after = { startsKey: last.starts_key, kind: last.kind };
  }
}

/** The issuer as the company's branding settings stand (issue 15): name, GSTIN, address and support contact. */
async function issuerOf(ctx: AppContext) {
  const b = await branding(ctx);
  const place = [b.address, b.city, b.state, b.pincode].filter(Boolean).join(', ');
  const support = [b.supportEmail, b.supportPhone].filter(Boolean).join(', ');
  const issuer: Row[] = [['Issued by', b.companyName], ...(b.gstin ? [['GSTIN', b.gstin]] : []), ...(place ? [['Address', place]] : []), ...(support ? [['Support', support]] : [])];
  return { companyName: b.companyName, issuer };
}

/** The financial year's statement as CSV (a stream) or PDF. Refuses a malformed year before the first byte. */
export async function memberStatement(
  ctx: AppContext,
  member: Member,
  fyText: string | undefined,
  format: 'csv' | 'pdf',
  pageSize = STATEMENT_PAGE,
): Promise<{ filename: string; contentType: string; body: Readable | Buffer }> {
  const fy = fyText ? Number(fyText.slice(0, 4)) : fyOf(ctx.clock.now());
  if (fyText && fyLabel(fy) !== fyText) throw badRequest('Financial year looks like 2026-27', { fy: ['Financial year looks like 2026-27'] });
  const name = `income-statement-${member.userId}-${fyLabel(fy)}`;
  const { companyName, issuer } = await issuerOf(ctx);
  const totals = { gross: 0n, tds: 0n, net: 0n };
  const summary = (): Row[] => [
    ['Financial year', fyLabel(fy)],
    ['Gross', fromPaise(totals.gross)],
    ['TDS', fromPaise(totals.tds)],
    ['Net', fromPaise(totals.net)],
  ];
  if (format === 'csv') {
    const csv = (rows: Row[]) => rows.map((r) => r.map(cell).join(',') + '\n').join('');
    // The column headings stay the first row (the file opens as a table); the totals and the issuer close it.
    async function* chunks() {
      yield csv([['Cycle', 'Type', 'Amount', 'Explanation']]);
      for await (const rows of statementPages(ctx, member.id, fy, totals, pageSize)) yield csv(rows);
      yield csv([[], ...summary(), [], ...issuer]);
    }
    return { filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8', body: streamOf(ctx, chunks(), 'income statement') };
  }
  // The PDF needs every page's offsets before its first byte: one member's year (a few hundred rows at most) is read whole.
  const rows: Row[] = [];
  for await (const page of statementPages(ctx, member.id, fy, totals, pageSize)) rows.push(...page);
  const { simplePdf } = await import('../../lib/simple-pdf');
  const [, gross, tds, net] = summary().map((r) => r[1]);
  const text = [
    companyName,
    ...issuer.slice(1).map(([k, v]) => `${k} ${v}`),
    '',
    `Income statement, financial year ${fyLabel(fy)}`,
    `${member.name} (${member.userId})`,
    '',
    ...rows.map((r) => `${r[0]}  ${r[1].padEnd(20)} ${r[2].padStart(12)}`),
    '',
    `Gross ${gross}    TDS ${tds}    Net ${net}`,
  ];
  return { filename: `${name}.pdf`, contentType: 'application/pdf', body: simplePdf(text) };
}
