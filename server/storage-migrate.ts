/**
 * npm run storage:migrate [-- --to-database] [-- --check] [-- --batch N]
 * Moves the stored files (KYC documents, fund proofs, support attachments, product images, the logo) from the database
 * into the bucket of STORAGE_URL, or with `--to-database` from the bucket back into the database (ADR 0032). Safe
 * while the app runs (PostgreSQL): batches of N files (default 20), each copied, read back and compared by hash, then
 * its row switched in one statement; rows the app changed meanwhile are left for the next run. Stopped half-way, it
 * resumes where it was; run again, it finds nothing to do. `--check` only counts the files on each side.
 * Exit code 0 when every file is on the target side, 1 otherwise. Uses DATABASE_URL (or DATA_DIR: the embedded
 * database, with the app stopped), APP_SECRET (documents are sealed before they leave) and STORAGE_URL. README "Object storage".
 */
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { resolveSecret } from './lib/secret';
import { fieldKeyring, useFieldKeys } from './lib/field-crypto';
import { storageFromUrl, useObjectStorage } from './lib/object-store';
import { migrateStorage, storageCounts } from './modules/storage';

async function main() {
  const argv = process.argv.slice(2);
  const check = argv.includes('--check');
  const toDatabase = argv.includes('--to-database');
  const batchAt = argv.indexOf('--batch');
  const batchSize = batchAt >= 0 ? Number(argv[batchAt + 1]) : 20;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error('--batch needs a whole number of files');
  const config = loadConfig(process.env);
  if (!config.storageUrl) throw new Error('STORAGE_URL is not set: it names the bucket to move the files to (or from, with --to-database)');
  useFieldKeys(fieldKeyring(resolveSecret(config), config.appSecretPrevious));
  const storage = storageFromUrl(config.storageUrl);
  useObjectStorage(storage);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await database.migrate();
    const ctx = { db: database.db };
    const target = toDatabase ? 'db' : 's3';
    const print = async () => {
      const counts = await storageCounts(ctx);
      for (const [kind, c] of Object.entries(counts)) console.log(`${kind}: ${c.db} in the database, ${c.s3} in the bucket`);
      return Object.values(counts).reduce((n, c) => n + (target === 's3' ? c.db : c.s3), 0);
    };
    if (check) {
      process.exitCode = (await print()) ? 1 : 0;
      return;
    }
    let last = 0;
    const report = await migrateStorage(ctx, {
      direction: toDatabase ? 'to-db' : 'to-s3',
      batchSize,
      onProgress: (k) => {
        if (Date.now() - last < 1000) return;
        last = Date.now();
        console.log(`${k.kind}: ${k.moved} moved${k.skipped ? `, ${k.skipped} changed meanwhile` : ''}${k.failed ? `, ${k.failed} failed` : ''}`);
      },
    });
    for (const k of report.kinds) {
      console.log(`${k.kind}: ${k.moved} moved${k.skipped ? `, ${k.skipped} changed meanwhile (run again)` : ''}${k.failed ? `, ${k.failed} failed` : ''}`);
      for (const s of k.samples) console.log(`  ${s}`);
    }
    const left = await print();
    process.exitCode = left ? 1 : 0;
  } finally {
    await database.close();
    storage.store?.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
