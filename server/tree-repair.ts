/**
 * npm run tree:repair [-- --fix]
 * Recounts every tree counter from the parent links (docs/spec/decisions.md §4), reports the differences and
 * structural problems, and with --fix writes the recounted values. Uses DATABASE_URL (or DATA_DIR).
 */
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { repairTree } from './modules/tree/tree.service';

async function main() {
  const fix = process.argv.includes('--fix');
  const config = loadConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const started = Date.now();
    const report = await repairTree(database.db, fix, new Date());
    console.log(`${report.members} members in the tree, ${report.roots} root(s), depth ${report.depth}; recounted in ${Date.now() - started} ms`);
    for (const p of report.problems.slice(0, 50)) console.log(`problem  ${p.id}: ${p.problem}`);
    if (report.problems.length > 50) console.log(`... and ${report.problems.length - 50} more problems`);
    for (const d of report.differences.slice(0, 50)) console.log(`differs  ${d.id} ${d.field}: stored ${d.stored}, recounted ${d.expected}`);
    if (report.differences.length > 50) console.log(`... and ${report.differences.length - 50} more differences`);
    console.log(`${report.differences.length} counter difference(s) on ${report.fixes.length} member(s), ${report.problems.length} structural problem(s)`);
    if (fix && report.fixes.length) {
      console.log(`fixed ${report.fixes.length} member(s)`);
    } else if (report.fixes.length) {
      console.log('run again with --fix to write the recounted values');
    }
    process.exitCode = report.problems.length || (report.fixes.length && !fix) ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
