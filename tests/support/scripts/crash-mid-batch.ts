/**
 * Started by volume-engine.test.ts: applies one batch of the volume journal with the real applier,
 * says IN-BATCH once every write of the batch is done, and waits to be killed before the commit.
 */
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { ManualClock } from '../../../server/lib/clock';
import { applyBatch } from '../../../server/modules/volume/applier.service';
import type { AppContext } from '../../../server/context';
import { registerVolumeJournalConsumers } from '../../../server/journal-consumers';

const [databaseUrl, offsetMs] = process.argv.slice(2);
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
const database = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 2 });
const clock = new ManualClock();
clock.advance(Number(offsetMs));
const ctx = { db: database.db, config, clock } as unknown as AppContext;
registerVolumeJournalConsumers();
await applyBatch(ctx, {
  worker: 'doomed',
  beforeCommit: async () => {
    process.stdout.write('IN-BATCH\n');
    await new Promise(() => undefined);
  },
});
