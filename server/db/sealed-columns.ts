import { customType } from 'drizzle-orm/pg-core';
import { fieldKeys, openBytes, openText, sealBytes, sealText, FieldDecryptError } from '../lib/field-crypto';

/**
 * Column types whose values are encrypted at rest (ADR 0011, `server/lib/field-crypto.ts`): Drizzle seals a value as
 * it writes it and opens it as it reads it, so services and repos handle plain values and the database only ever
 * holds envelopes. Each envelope is bound to its column (`table.column` as additional data).
 *
 * What this does not cover: SQL that compares such a column with a value (`eq(users.panNumber, x)` seals x under a
 * fresh IV and matches nothing; exact lookups go through the keyed hash column beside it), and raw SQL that reads
 * the column (it sees the envelope). An empty string is stored as it is, so `coalesce(col, '') <> ''` still tells
 * whether a value is set.
 */

export type SealedKind = 'text' | 'bytes' | 'json-field' | 'json';

export interface SealedColumn {
  table: string;
  column: string;
  kind: SealedKind;
  /** The additional data that binds the envelope to this column. */
  aad: string;
  /** json-field: the key of the object whose value is sealed. */
  field?: string;
  /** The keyed hash kept beside the value for exact lookups. */
  hash?: { column: string; purpose: string };
}

/** Every sealed column of the schema, as the column definitions register themselves (the key rotation walks these). */
export const SEALED_COLUMNS: SealedColumn[] = [];

function register(c: SealedColumn) {
  if (!SEALED_COLUMNS.some((s) => s.table === c.table && s.column === c.column)) SEALED_COLUMNS.push(c);
  return c.aad;
}

/**
 * A text column holding `v1:<kid>:<iv>:<tag>:<ciphertext>`; `hash` names the lookup hash column kept beside it. `aad`
 * keeps the binding of a column that moved to another table with its envelopes (user_payout_details, ADR 0026).
 */
export function sealedText(table: string, column: string, opts: { hash?: { column: string; purpose: string }; aad?: string } = {}) {
  const aad = register({ table, column, kind: 'text', aad: opts.aad ?? `${table}.${column}`, hash: opts.hash });
  return customType<{ data: string; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => (value === '' ? '' : sealText(fieldKeys(), aad, value)),
    fromDriver: (value) => (value === '' ? '' : openText(fieldKeys(), aad, value)),
  })(column);
}

/** A bytea column holding `v1:<kid>:` then iv, tag and ciphertext (KYC document bytes). */
export function sealedBytes(table: string, column: string) {
  const aad = register({ table, column, kind: 'bytes', aad: `${table}.${column}` });
  return customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
    dataType: () => 'bytea',
    toDriver: (value) => sealBytes(fieldKeys(), aad, value),
    fromDriver: (value) => openBytes(fieldKeys(), aad, value),
  })(column);
}

const parseJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/**
 * A jsonb object one of whose string fields is sealed (a withdrawal's `bank_details.accountNumber`): the rest of the
 * object stays readable JSON, the number is an envelope.
 */
export function sealedJsonField<T extends Record<string, unknown>>(table: string, column: string, field: keyof T & string) {
  const aad = register({ table, column, kind: 'json-field', field, aad: `${table}.${column}.${field}` });
  return customType<{ data: T; driverData: string | object }>({
    dataType: () => 'jsonb',
    toDriver: (value) => {
      const v = value[field];
      return JSON.stringify(typeof v === 'string' && v !== '' ? { ...value, [field]: sealText(fieldKeys(), aad, v) } : value);
    },
    fromDriver: (value) => {
      const obj = parseJson(value) as T;
      const v = obj?.[field];
      return typeof v === 'string' && v !== '' ? { ...obj, [field]: openText(fieldKeys(), aad, v) } : obj;
    },
  })(column);
}

/** A jsonb column whose whole value is sealed, stored as `{"sealed": "<envelope>"}` (a stored idempotent answer). */
export function sealedJson<T>(table: string, column: string) {
  const aad = register({ table, column, kind: 'json', field: 'sealed', aad: `${table}.${column}` });
  return customType<{ data: T; driverData: string | object }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify({ sealed: sealText(fieldKeys(), aad, JSON.stringify(value)) }),
    fromDriver: (value) => {
      const sealed = (parseJson(value) as { sealed?: unknown } | null)?.sealed;
      if (typeof sealed !== 'string') throw new FieldDecryptError('malformed', aad);
      return JSON.parse(openText(fieldKeys(), aad, sealed)) as T;
    },
  })(column);
}

function registered(table: string, column: string): SealedColumn {
  const c = SEALED_COLUMNS.find((s) => s.table === table && s.column === column);
  if (!c) throw new Error(`${table}.${column} is not a sealed column`);
  return c;
}

/** Opens a text envelope of a sealed column read by raw SQL (which sees the stored form): the CSV export's COPY. */
export function openColumnText(table: string, column: string, stored: string): string {
  return stored === '' ? '' : openText(fieldKeys(), registered(table, column).aad, stored);
}

/** Opens sealed bytes read by raw SQL. */
export function openColumnBytes(table: string, column: string, stored: Uint8Array): Buffer {
  return openBytes(fieldKeys(), registered(table, column).aad, stored);
}

/** Seals a value for a sealed column written by raw SQL or COPY (the bench seed). */
export function sealColumnText(table: string, column: string, plain: string): string {
  const c = registered(table, column);
  return plain === '' ? '' : sealText(fieldKeys(), c.aad, plain);
}
