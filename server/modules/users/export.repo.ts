import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from '../../db/client';
import { copyCsv } from '../../db/copy';
import { whereOf, type UserFilter } from './admin-users.repo';
import { openColumnText } from '../../db/sealed-columns';
import { kycStateNamesIn } from '../kyc';

/**
 * Spreadsheet programs run cells starting with = + - @ tab or CR as formulas; a leading quote keeps them
 * text. ascii() reads the first character's code without cutting a substring (a third of the cost).
 */
const FORMULA_STARTS = ['-', '=', '+', '@', '\t', '\r'].map((c) => c.charCodeAt(0)).join(', ');
const safe = (expr: string) => `case when ascii(${expr}) in (${FORMULA_STARTS}) then '''' || ${expr} else coalesce(${expr}, '') end`;
/** The columns already have two decimals; a missing wallet reads 0.00. */
const money = (expr: string) => `coalesce(${expr}::text, '0.00')`;
const iso = (expr: string) => `to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The export's columns, in the order of export.service.ts COLUMNS. The payout wallet is encrypted at rest: PostgreSQL
 * writes its envelope behind the export's random marker, and the app opens it in place as the rows stream past
 * (export.service.ts, lib/csv decodeMarkedCells).
 */
const selectList = (marker: string) =>
  [
    'u.user_id',
    safe('n.name'),
    safe('u.email'),
    safe('u.mobile'),
    'u.role',
    'u.status',
    kycStateNamesIn('u').kycStatus,
    `coalesce(w.status, '')`,
    `coalesce(u.sponsor_user_id, '')`,
    money('u.package_amount'),
    `case when coalesce(pd.crypto_wallet_address, '') = '' then '' else '${marker}' || pd.crypto_wallet_address end`,
    money('b.balance'),
    money('b.total_earnings'),
    money('b.total_withdrawals'),
    safe('u.current_rank'),
    'mv.total_bv::text',
    iso('u.registration_date'),
    `coalesce(${iso('u.activation_date')}, '')`,
  ].join(', ');

/** Opens a wallet envelope the COPY wrote (behind the marker). */
export const openWallet = (stored: string) => openColumnText('user_payout_details', 'crypto_wallet_address', stored);

/** Inlines bound values as escaped literals: COPY takes no parameters. */
function inline(query: { sql: string; params: unknown[] }): string {
  let text = query.sql;
  for (let i = query.params.length; i >= 1; i--) {
    const v = query.params[i - 1];
    const literal =
      v === null || v === undefined
        ? 'null'
        : v instanceof Date
          ? `${pg.escapeLiteral(v.toISOString())}::timestamptz`
          : typeof v === 'number' || typeof v === 'boolean'
            ? String(v)
            : pg.escapeLiteral(String(v));
    text = text.split(`$${i}`).join(literal);
  }
  return text;
}

/**
 * On PostgreSQL the database writes the CSV itself (COPY ... TO STDOUT), in registration order, the wallet as
 * `marker` + envelope (see selectList); undefined on the embedded database, where the caller walks keyset pages instead.
 */
export async function copyUsersCsv(db: DbOrTx, filter: UserFilter, marker: string): Promise<Readable | undefined> {
  if (!/^[A-Za-z0-9]{16,}$/.test(marker)) throw new Error('the marker must be 16 or more letters and digits');
  const where: SQL | undefined = whereOf(filter);
  const whereText = where ? inline(new PgDialect().sqlToQuery(sql`where ${where}`)) : '';
  // whereOf names columns "users"."x"; the query aliases nothing for users so they resolve as written.
  return copyCsv(
    db,
    `select ${selectList(marker)}
    from users u
    join member_volume mv on mv.member_id = u.id
    cross join lateral (select trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name) n
    left join wallet_balances b on b.user_id = u.id
    left join user_payout_details pd on pd.user_id = u.id
    left join (select distinct on (user_id) user_id, status from withdrawal_requests order by user_id, created_at desc) w on w.user_id = u.id
    ${whereText.replace(/"users"\./g, 'u.')}
    order by u.registration_date, u.id`,
  );
}
