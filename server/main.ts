import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import { resolveSecret } from './lib/secret';
import { createRuntime } from './runtime';

const here = dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = loadConfig();
  const runtime = await createRuntime(config, { secret: resolveSecret(config), webDist: resolve(here, '../web/dist') });
  const { app } = runtime;
  await app.listen({ port: config.port, host: config.host });
  const banner = [
    `Platform running at ${config.appUrl} (database: ${runtime.database.kind === 'pglite' ? `embedded PGlite in ${resolve(config.dataDir)}` : 'PostgreSQL'}; mail: ${config.smtpUrl ? 'SMTP' : 'development mode, printed to this log'})`,
    ...runtime.seedLines,
  ];
  if (config.demoSeed && runtime.seedLines.length) banner.push('Demo passwords are listed in README.md (Demo accounts).');
  console.log(banner.join('\n'));
  const shutdown = async () => {
    await runtime.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
