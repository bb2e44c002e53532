import { buildApp } from './app';
import { loadConfig } from './config';
import type { Db } from './db/client';
import { systemClock } from './lib/clock';
import { withJobQueue } from './workers/job-requests';

/** Prints `METHOD /path` for every registered route, without a database or a port. */
const noDatabase = new Proxy(
  {},
  {
    get: () => {
      throw new Error('no database while listing routes');
    },
  },
) as Db;
const { app, routes } = await buildApp(withJobQueue({ db: noDatabase, config: loadConfig({ NODE_ENV: 'development' }), clock: systemClock, secret: 'x'.repeat(32), kickMail: () => undefined }), {
  logger: false,
});
await app.ready();
for (const r of routes.filter((r) => r.url !== '/*')) console.log(`${r.method} ${r.url}`);
await app.close();
