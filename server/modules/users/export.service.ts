import { randomBytes } from 'node:crypto';
import { csvCell, decodeMarkedCells } from '../../lib/csv';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { readDb } from '../../core/read-db';
import { ExportQuery, type AdminUserRow } from '../../../contracts/admin';
import { searchUserPage, type UserFilter } from './admin-users.repo';
import { toAdminUserRow, toFilter } from './admin-users.service';
import { copyUsersCsv, openWallet } from './export.repo';

const BATCH = 1000;

/** Columns of the export: the user table's, never a password or PIN. */
const COLUMNS: [string, (u: AdminUserRow) => string][] = [
  ['User ID', (u) => u.userId],
  ['Name', (u) => [u.firstName, u.lastName].filter(Boolean).join(' ')],
  ['Email', (u) => u.email],
  ['Phone', (u) => u.mobile ?? ''],
  ['Role', (u) => u.role],
  ['Status', (u) => u.status],
  ['KYC Status', (u) => u.kycStatus],
  ['Withdraw Status', (u) => u.withdrawStatus ?? ''],
  ['Sponsor User ID', (u) => u.sponsorUserId ?? ''],
  ['Total Package', (u) => u.packageAmount ?? '0.00'],
  ['Wallet Address', (u) => u.cryptoWalletAddress ?? ''],
  ['E-wallet', (u) => u.walletBalance],
  ['Income', (u) => u.totalEarnings],
  ['Total Withdraw', (u) => u.totalWithdrawals],
  ['Rank', (u) => u.currentRank],
  ['Total BV', (u) => u.totalBV],
  ['Registration Date', (u) => u.registrationDate],
  ['Activation Date', (u) => u.activationDate ?? ''],
];

/** Walks every matching user in keyset batches, so memory stays flat whatever the count. */
async function* rowsOf(db: DbOrTx, filter: UserFilter): AsyncGenerator<AdminUserRow> {
  let after: { v: string; id: string } | undefined;
  for (;;) {
    const page = await searchUserPage(db, filter, 'registrationDate', 'asc', after, BATCH);
    for (const r of page) yield toAdminUserRow(r);
    if (page.length < BATCH) return;
    const last = page[page.length - 1];
    after = { v: last.sortValue, id: last.user.id };
  }
}

export function exportFilename(scope: 'all' | 'free', format: 'csv' | 'xlsx', now: Date) {
  const name = scope === 'free' ? `free-users-${now.toISOString().slice(0, 10)}` : 'user_management_data';
  return `${name}.${format}`;
}

/** The export reads a replica when one is in use (ADR 0031): a long read off the primary. */
export function exportUsers(ctx: AppContext, actor: Actor, q: z.output<typeof ExportQuery>): Readable {
  const filter: UserFilter = { ...toFilter(q), ...(q.scope === 'free' ? { freeOnly: true } : {}) };
  const out = new PassThrough();
  const db = readDb(ctx, actor);
  const pump = q.format === 'csv' ? pumpCsv(db, filter, out) : pumpXlsx(db, filter, out);
  pump.catch((err) => {
    ctx.log.error({ err }, 'export failed');
    out.destroy(err as Error);
  });
  return out;
}

async function pumpCsv(db: DbOrTx, filter: UserFilter, out: PassThrough) {
  const write = (line: string) => (out.write(line) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', r)));
  await write(`\uFEFF${COLUMNS.map(([h]) => h).join(',')}\n`);
  // The wallet column is encrypted at rest: the COPY writes it behind this export's marker and it is opened here.
  const marker = randomBytes(12).toString('hex');
  const copied = await copyUsersCsv(db, filter, marker);
  if (copied) {
    // PostgreSQL writes the rows, the app opens the encrypted wallet column into them; back-pressure flows through pipe.
    const filled = decodeMarkedCells(marker, openWallet);
    copied.on('error', (err) => out.destroy(err));
    filled.on('error', (err) => out.destroy(err));
    copied.pipe(filled).pipe(out);
    return;
  }
  for await (const u of rowsOf(db, filter)) await write(`${COLUMNS.map(([, get]) => csvCell(get(u))).join(',')}\n`);
  out.end();
}

async function pumpXlsx(db: DbOrTx, filter: UserFilter, out: PassThrough) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet('Users');
  sheet.columns = COLUMNS.map(([header]) => ({ header, key: header, width: 18 }));
  for await (const u of rowsOf(db, filter)) sheet.addRow(COLUMNS.map(([, get]) => get(u))).commit();
  sheet.commit();
  await book.commit();
}
