/**
 * Started by money-concurrency.test.ts: debits a wallet inside the real idempotent transactor, says
 * DEBITED, and waits to be killed before the commit.
 */
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { ManualClock } from '../../../server/lib/clock';
import { postLedger } from '../../../server/modules/wallet/ledger.service';
import { idempotentTransactor } from '../../../server/http/idempotency';
import type { AppContext } from '../../../server/context';
import { ID } from '../identity';

const [databaseUrl, userId, key, amount] = process.argv.slice(2);
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
const database = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 2 });
const ctx = { db: database.db, config, clock: new ManualClock() } as unknown as AppContext;
const body = { withdrawalType: 'bank', amount, bankDetails: { accountNumber: ID.account, ifsc: 'HDFC0001234', bankName: 'HDFC Bank', accountHolderName: 'Test Member' } };
const req = { headers: { 'idempotency-key': key }, method: 'POST', url: '/api/withdrawals', routeOptions: { url: '/api/withdrawals' }, body };
await idempotentTransactor(
  ctx,
  req as never,
  userId,
)(async (tx) => {
  await postLedger(tx, userId, `-${amount}`, 'withdrawal', { description: 'crash test', now: new Date() });
  process.stdout.write('DEBITED\n');
  await new Promise(() => undefined);
  return { status: 201, body: {} };
});
