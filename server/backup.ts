/**
 * npm run backup [-- --dir <folder>] [-- --out <file>]
 * A consistent pg_dump (custom format) of the running platform on PostgreSQL (DATABASE_URL), with a manifest beside
 * it (`<file>.json`: created at, database, pg_dump version, SHA-256, every table's row count and the key ids of the
 * values encrypted at rest; never a key). Safe while the app serves: one snapshot, read only. Default file
 * `backups/<database>-<UTC time>.dump`. The embedded database (no DATABASE_URL) is not backed up here: stop the app
 * and copy DATA_DIR. Exit code 0 when written, 2 when refused or failed. README "Backup and restore"; the work:
 * ops/backup.ts.
 */
import { loadConfig } from './config';
import { BackupRefused, backupDatabase } from './ops/backup';

const option = (name: string) => {
  const at = process.argv.indexOf(name);
  if (at < 0) return undefined;
  const value = process.argv[at + 1];
  if (!value || value.startsWith('--')) throw new BackupRefused(`${name} needs a path`);
  return value;
};

async function main() {
  const config = loadConfig(process.env);
  if (!config.databaseUrl) {
    throw new BackupRefused(
      'npm run backup needs PostgreSQL: set DATABASE_URL to the platform database. The embedded database (DATA_DIR, no DATABASE_URL) is backed up by stopping the app and copying the DATA_DIR folder (its pglite folder and app-secret).',
    );
  }
  const started = Date.now();
  const { file, manifestFile, manifest } = await backupDatabase({
    databaseUrl: config.databaseUrl,
    file: option('--out'),
    dir: option('--dir'),
    appSecret: config.appSecret,
    appSecretPrevious: config.appSecretPrevious,
  });
  const rows = Object.values(manifest.tables).reduce((s, n) => s + n, 0);
  console.log(`Backed up ${manifest.database.name} (PostgreSQL ${manifest.database.serverVersion}) in ${Date.now() - started} ms with ${manifest.pgDumpVersion}`);
  console.log(`  ${file}: ${manifest.bytes} bytes, sha256 ${manifest.sha256}`);
  console.log(`  ${manifestFile}: ${Object.keys(manifest.tables).length} tables, ${rows} rows`);
  const keys = manifest.encryption.keyIds.map((k) => `${k.keyId} (${k.values} values)`).join(', ') || 'none';
  console.log(`  encrypted values under key id(s) ${keys}${manifest.encryption.notEncrypted ? `; ${manifest.encryption.notEncrypted} not encrypted yet` : ''}`);
  console.log('The keys are not in the backup: a restore needs the APP_SECRET (and APP_SECRET_PREVIOUS) that derive these key ids, kept in your secret store.');
}

main().catch((err) => {
  console.error(err instanceof BackupRefused ? `Refused: ${err.message}` : `Backup failed: ${err instanceof Error ? err.message : err}`);
  process.exit(2);
});
