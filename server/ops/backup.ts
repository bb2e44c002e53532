import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fieldKeyring } from '../lib/field-crypto';
import { databaseContents, exportSnapshot, tableCounts, type KeyIdCount, type TableCount } from './backup.repo';

/**
 * `npm run backup` and `npm run restore` (server/backup.ts, server/restore.ts; README "Backup and restore").
 *
 * A backup is a `pg_dump` in its custom format (`-Fc`) of one consistent snapshot of the running platform, and a
 * manifest beside it (`<file>.json`): when and from which database, pg_dump's version, the SHA-256 and size of the
 * dump, the row count of every table and the key ids that sealed the values encrypted at rest, all read in the
 * snapshot pg_dump dumps. Encrypted values are dumped as they are stored (envelopes): the backup holds no key and the
 * manifest only key ids (a short hash of each derived key, ADR 0011), so restoring needs the APP_SECRET (and any
 * APP_SECRET_PREVIOUS) that derive them, kept apart in the secret store.
 *
 * A restore checks the dump against its manifest first, then goes only into an empty database, in one transaction
 * (`pg_restore --single-transaction --exit-on-error`), and ends by comparing every table's row count with the manifest.
 */

export const MANIFEST_FORMAT = 'platform-backup/1';

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  /** The dump's file name (the manifest lies beside it). */
  file: string;
  bytes: number;
  sha256: string;
  database: { name: string; serverVersion: string };
  pgDumpVersion: string;
  /** Key ids of the values encrypted at rest, and how many values each seals; never a key or a secret. */
  encryption: {
    keyIds: { keyId: string; values: number }[];
    /** Values in sealed columns that are not envelopes (stored before encryption, migration 0028). */
    notEncrypted: number;
    /** The key id of APP_SECRET (and of APP_SECRET_PREVIOUS) when the backup ran with them set. */
    currentKeyId?: string;
    previousKeyIds?: string[];
  };
  tables: Record<string, number>;
}

/** A backup or restore refused before it changed anything: the message says why and what to do. */
export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefused';
  }
}

export const manifestPathOf = (file: string) => `${file}.json`;

/** The connection string without its password (the password goes to pg_dump and pg_restore as PGPASSWORD, out of `ps`). */
function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new BackupRefused('DATABASE_URL is not a postgres:// connection string.');
  }
  // pg_dump and pg_restore keep session state (settings, a snapshot) across statements: through a transaction
  // pooler they would run on server connections shared with the app (ADR 0033).
  if (u.searchParams.get('pool_mode') === 'transaction') {
    throw new BackupRefused("DATABASE_URL goes through a transaction pooler (pool_mode=transaction): give backup and restore PostgreSQL's own address.");
  }
  const password = u.password ? decodeURIComponent(u.password) : undefined;
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ out: string; err: string }> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('error', (e) => fail(new Error(`${command} could not be started (${e.message}): install the PostgreSQL client tools`)));
    child.on('close', (code) => (code === 0 ? done({ out, err }) : fail(new Error(`${command} exited with code ${code}: ${err.trim()}`))));
  });
}

export function sha256File(file: string): Promise<string> {
  return new Promise((done, fail) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (c) => hash.update(c))
      .on('error', fail)
      .on('end', () => done(hash.digest('hex')));
  });
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

export interface BackupOptions {
  databaseUrl: string;
  /** The dump's path; default `<dir>/<database>-<UTC time>.dump`. */
  file?: string;
  /** Where the dump goes when no file is named (default `backups`). */
  dir?: string;
  /** APP_SECRET and APP_SECRET_PREVIOUS when set: only their key ids go into the manifest. */
  appSecret?: string;
  appSecretPrevious?: readonly string[];
  now?: () => Date;
}

export interface BackupResult {
  file: string;
  manifestFile: string;
  manifest: BackupManifest;
}

/** A consistent pg_dump of the running platform and its manifest. */
export async function backupDatabase(opts: BackupOptions): Promise<BackupResult> {
  const now = opts.now ?? (() => new Date());
  const target = libpqTarget(opts.databaseUrl);
  const pgDumpVersion = (await run('pg_dump', ['--version'])).out.trim();
  const snapshot = await exportSnapshot(opts.databaseUrl);
  const createdAt = now();
  const file = resolve(opts.file ?? resolve(opts.dir ?? 'backups', `${snapshot.database}-${stamp(createdAt)}.dump`));
  const partial = `${file}.partial`;
  let counts: TableCount[];
  let keys: KeyIdCount[];
  try {
    if (existsSync(file)) throw new BackupRefused(`${file} already exists: name another file.`);
    mkdirSync(dirname(file), { recursive: true });
    // pg_dump takes the exported snapshot while this transaction reads the counts and key ids in it.
    const dump = run('pg_dump', ['--format=custom', '--no-password', `--snapshot=${snapshot.id}`, `--file=${partial}`, `--dbname=${target.dbname}`], target.env);
    const read = (async () => ({ counts: await snapshot.tableCounts(), keys: await snapshot.keyIdCounts() }))();
    // Both finish before the snapshot's transaction ends or a failed dump's file is removed.
    const [dumped, r] = await Promise.allSettled([dump, read]);
    if (dumped.status === 'rejected') throw dumped.reason;
    if (r.status === 'rejected') throw r.reason;
    ({ counts, keys } = r.value);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    await snapshot.close();
  }
  renameSync(partial, file);
  const ring = opts.appSecret ? fieldKeyring(opts.appSecret, opts.appSecretPrevious ?? []) : undefined;
  const manifest: BackupManifest = {
    format: MANIFEST_FORMAT,
    createdAt: createdAt.toISOString(),
    file: basename(file),
    bytes: statSync(file).size,
    sha256: await sha256File(file),
    database: { name: snapshot.database, serverVersion: snapshot.serverVersion },
    pgDumpVersion,
    encryption: {
      keyIds: keys.filter((k): k is { keyId: string; values: number } => k.keyId !== null),
      notEncrypted: keys.find((k) => k.keyId === null)?.values ?? 0,
      ...(ring ? { currentKeyId: ring.current.id, previousKeyIds: ring.keys.slice(1).map((k) => k.id) } : {}),
    },
    tables: Object.fromEntries(counts.map((c) => [c.table, c.rows])),
  };
  const manifestFile = manifestPathOf(file);
  writeFileSync(`${manifestFile}.partial`, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  renameSync(`${manifestFile}.partial`, manifestFile);
  return { file, manifestFile, manifest };
}

export function readManifest(file: string): BackupManifest {
  if (!existsSync(file)) throw new BackupRefused(`No manifest ${file}: a backup is restored with the manifest written beside it (npm run backup writes both).`);
  let m: BackupManifest;
  try {
    m = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  } catch {
    throw new BackupRefused(`The manifest ${file} is not valid JSON.`);
  }
  if (m?.format !== MANIFEST_FORMAT || typeof m.sha256 !== 'string' || !m.tables) throw new BackupRefused(`${file} is not a backup manifest of this platform (format ${MANIFEST_FORMAT}).`);
  return m;
}

export interface RestoreOptions {
  databaseUrl: string;
  file: string;
  /** Default `<file>.json`. */
  manifestFile?: string;
  appSecret?: string;
  appSecretPrevious?: readonly string[];
}

export interface RestoreResult {
  manifest: BackupManifest;
  database: string;
  tables: number;
  rows: number;
  /** Key ids of the backup that the given APP_SECRET / APP_SECRET_PREVIOUS do not derive (their values would not open). */
  missingKeyIds?: string[];
}

/** Restores a backup into an empty database: the dump checked against its manifest first, the row counts after. */
export async function restoreDatabase(opts: RestoreOptions): Promise<RestoreResult> {
  const file = resolve(opts.file);
  if (!existsSync(file)) throw new BackupRefused(`No backup file ${file}.`);
  const manifest = readManifest(resolve(opts.manifestFile ?? manifestPathOf(file)));
  const bytes = statSync(file).size;
  const sha = await sha256File(file);
  if (sha !== manifest.sha256 || bytes !== manifest.bytes) {
    throw new BackupRefused(
      `${basename(file)} does not match its manifest (sha256 ${sha}, ${bytes} bytes; the manifest says ${manifest.sha256}, ${manifest.bytes} bytes): the file is damaged or not the one the manifest describes. Nothing was restored.`,
    );
  }
  const target = libpqTarget(opts.databaseUrl);
  const contents = await databaseContents(opts.databaseUrl);
  if (contents.relations || contents.schemas.length) {
    const what = [
      contents.relations ? `${contents.relations} table(s) or other relation(s), such as ${contents.sample.join(', ')}` : '',
      contents.schemas.length ? `schema(s) ${contents.schemas.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    throw new BackupRefused(
      `The database ${contents.database} is not empty (${what}). A backup is restored only into an empty database: create a new one (createdb <name>), point DATABASE_URL at it and run the restore again. Nothing was restored.`,
    );
  }
  await run('pg_restore', ['--no-password', '--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${target.dbname}`, file], target.env);
  const tables = Object.keys(manifest.tables);
  const counts = await tableCounts(opts.databaseUrl, tables);
  const wrong = counts.filter((c) => c.rows !== manifest.tables[c.table]);
  if (wrong.length) {
    throw new Error(
      `Restored into ${contents.database}, but row counts differ from the manifest: ${wrong
        .slice(0, 10)
        .map((c) => `${c.table} ${c.rows < 0 ? 'missing' : c.rows} (manifest ${manifest.tables[c.table]})`)
        .join(', ')}.`,
    );
  }
  const ring = opts.appSecret ? fieldKeyring(opts.appSecret, opts.appSecretPrevious ?? []) : undefined;
  return {
    manifest,
    database: contents.database,
    tables: tables.length,
    rows: counts.reduce((s, c) => s + c.rows, 0),
    ...(ring ? { missingKeyIds: manifest.encryption.keyIds.map((k) => k.keyId).filter((id) => !ring.key(id)) } : {}),
  };
}
