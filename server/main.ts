import cluster from 'node:cluster';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type AppConfig } from './config';
import { resolveSecret } from './lib/secret';
import { banner } from './banner';
import { createRuntime } from './runtime';

const here = dirname(fileURLToPath(import.meta.url));
const webDist = resolve(here, '../web/dist');

function onShutdown(close: () => Promise<void>) {
  const stop = async () => {
    await close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function serve(config: AppConfig, seed: boolean) {
  const runtime = await createRuntime(config, { secret: resolveSecret(config), webDist, seed });
  await runtime.app.listen({ port: config.port, host: config.host });
  onShutdown(() => runtime.close());
  return runtime;
}

/** With WEB_CONCURRENCY > 1 on PostgreSQL: the primary migrates and seeds once, then forks workers sharing the port. */
async function primary(config: AppConfig) {
  const setup = await createRuntime(config, { secret: resolveSecret(config), webDist, pollMail: false });
  console.log(banner(config, setup, config.webConcurrency));
  await setup.close();
  let stopping = false;
  for (let i = 0; i < config.webConcurrency; i++) cluster.fork();
  cluster.on('exit', (worker, code) => {
    if (stopping) return;
    console.error(`app process ${worker.process.pid} exited (${code}); starting another`);
    cluster.fork();
  });
  const stop = () => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function main() {
  const config = loadConfig();
  const clustered = config.webConcurrency > 1 && Boolean(config.databaseUrl);
  if (config.webConcurrency > 1 && !config.databaseUrl) console.warn('WEB_CONCURRENCY needs DATABASE_URL (the embedded database serves one process); running one process.');
  if (clustered && cluster.isPrimary) return primary(config);
  const runtime = await serve(config, !clustered);
  if (!clustered) console.log(banner(config, runtime, 1));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
