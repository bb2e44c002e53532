/**
 * npm run restore -- <file> [--manifest <file.json>]
 * Restores a backup of `npm run backup` into the EMPTY PostgreSQL database of DATABASE_URL: the dump's SHA-256 and
 * size are checked against its manifest (`<file>.json`) first, a database that holds any table is refused, the dump
 * goes in in one transaction (all or nothing), and every table's row count is compared with the manifest. With
 * APP_SECRET set it also says whether that secret (and APP_SECRET_PREVIOUS) opens every key id the backup names.
 * Exit code 0 when restored and checked, 2 when refused or failed. README "Backup and restore"; the work: ops/backup.ts.
 */
import { loadConfig } from './config';
import { BackupRefused, restoreDatabase } from './ops/backup';

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--manifest');
  const manifestFile = at >= 0 ? args[at + 1] : undefined;
  const file = args.find((a, i) => !a.startsWith('-') && (at < 0 || i !== at + 1));
  if (!file) throw new BackupRefused('usage: npm run restore -- <backup file> (its manifest <file>.json beside it), with DATABASE_URL naming an empty database');
  const config = loadConfig(process.env);
  if (!config.databaseUrl) throw new BackupRefused('npm run restore needs PostgreSQL: set DATABASE_URL to an empty database (createdb <name>).');
  const started = Date.now();
  const r = await restoreDatabase({ databaseUrl: config.databaseUrl, file, manifestFile, appSecret: config.appSecret, appSecretPrevious: config.appSecretPrevious });
  console.log(`Restored ${r.manifest.file} (backed up ${r.manifest.createdAt} from ${r.manifest.database.name}) into ${r.database} in ${Date.now() - started} ms`);
  console.log(`  sha256 checked; ${r.tables} tables, ${r.rows} rows, every count as in the manifest`);
  const ids = r.manifest.encryption.keyIds.map((k) => k.keyId);
  if (!ids.length) console.log('  no encrypted values');
  else if (!r.missingKeyIds) console.log(`  encrypted values under key id(s) ${ids.join(', ')}: start the app with the APP_SECRET (and APP_SECRET_PREVIOUS) that derive them`);
  else if (!r.missingKeyIds.length) console.log(`  encrypted values under key id(s) ${ids.join(', ')}: APP_SECRET and APP_SECRET_PREVIOUS open them all`);
  else
    console.log(
      `  WARNING: key id(s) ${r.missingKeyIds.join(', ')} are derived from neither APP_SECRET nor APP_SECRET_PREVIOUS: the values they seal will not open until the secret that derives them is set`,
    );
}

main().catch((err) => {
  console.error(err instanceof BackupRefused ? `Refused: ${err.message}` : `Restore failed: ${err instanceof Error ? err.message : err}`);
  process.exit(2);
});
