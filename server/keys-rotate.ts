/**
 * npm run keys:rotate [-- --check] [-- --pause-ms N]
 * Re-encrypts every value encrypted at rest (identity numbers, payout details, document bytes, stored answers) that
 * is not under the key of the current APP_SECRET: values sealed under a secret listed in APP_SECRET_PREVIOUS, and
 * values stored before encryption. Safe while the app runs (PostgreSQL): short batches that skip rows the app holds
 * and rows it changed meanwhile, then further passes for those. Prints its progress; running it again finds nothing
 * to do. `--check` only counts what is left; `--pause-ms N` waits N ms after each batch, to go easy on a busy database. Exit code 0 when every value is under the current key, 1 otherwise.
 * Uses DATABASE_URL (or DATA_DIR: the embedded database, with the app stopped). README "Encryption at rest".
 */
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { resolveSecret } from './lib/secret';
import { fieldKeyring, useFieldKeys } from './lib/field-crypto';
import { systemClock } from './lib/clock';
import { closeLegacyRequest, rotateFieldKeys, rotationSummary, staleCounts } from './modules/field-keys/field-keys.service';

async function main() {
  const check = process.argv.includes('--check');
  const pauseAt = process.argv.indexOf('--pause-ms');
  const batchPauseMs = pauseAt >= 0 ? Number(process.argv[pauseAt + 1]) : 0;
  if (!Number.isFinite(batchPauseMs) || batchPauseMs < 0) throw new Error('--pause-ms needs a number of milliseconds');
  const config = loadConfig(process.env);
  const ring = fieldKeyring(resolveSecret(config), config.appSecretPrevious);
  useFieldKeys(ring);
  console.log(
    `current key ${ring.current.id}${
      ring.keys.length > 1
        ? `; previous key(s) ${ring.keys
            .slice(1)
            .map((k) => k.id)
            .join(', ')} (APP_SECRET_PREVIOUS)`
        : ''
    }`,
  );
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await database.migrate();
    const ctx = { db: database.db, clock: systemClock };
    if (check) {
      const counts = await staleCounts(ctx);
      for (const c of counts) console.log(`${c.table}: ${c.stale} row(s) not under key ${ring.current.id}`);
      process.exitCode = counts.some((c) => c.stale) ? 1 : 0;
      return;
    }
    let last = 0;
    const report = await rotateFieldKeys(ctx, {
      batchPauseMs,
      onProgress: (t) => {
        // A line per table and pass at most every second, and the last one.
        if (Date.now() - last < 1000) return;
        last = Date.now();
        console.log(`${t.table}: ${t.rewritten} re-encrypted${t.skipped ? `, ${t.skipped} busy (pass ${t.pass})` : ''}${t.unreadable ? `, ${t.unreadable} unreadable` : ''}`);
      },
    });
    for (const t of report.tables) {
      console.log(`${t.table}: ${t.rewritten} re-encrypted${t.skipped ? `, ${t.skipped} still busy` : ''}${t.unreadable ? `, ${t.unreadable} unreadable` : ''}`);
      for (const s of t.samples) console.log(`  unreadable ${s}`);
    }
    // The values stored before encryption are done too: migration 0028's request can close.
    if (!report.remaining) await closeLegacyRequest(ctx);
    console.log(rotationSummary(report));
    if (report.unreadable) console.log('Values no configured secret opens were left as they are: list the secret that sealed them in APP_SECRET_PREVIOUS and run again.');
    else if (!report.remaining && ring.keys.length > 1) console.log('Every value is under the current key: APP_SECRET_PREVIOUS can be removed once every app process runs with this APP_SECRET.');
    process.exitCode = report.remaining ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
