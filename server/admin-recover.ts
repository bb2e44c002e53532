/**
 * npm run admin:recover -- <email>
 * For when an admin or founder cannot sign in and no second admin is there to approve a change of their sign-in:
 * sets a new random one-time password (changed at the next sign-in), clears two-factor (set up again at that
 * sign-in), ends every session, writes the audit row (a system actor) and tells the account's owner by notification
 * and mail (sent by the app's outbox). Prints the one-time password once. Refuses an unknown email and a member's
 * account (exit code 2). Uses DATABASE_URL (or DATA_DIR: the embedded database, with the app stopped) and APP_SECRET.
 * The service: modules/auth/account-recovery.service.ts.
 */
import Fastify from 'fastify';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { resolveSecret } from './lib/secret';
import { fieldKeyring, useFieldKeys } from './lib/field-crypto';
import { systemClock } from './lib/clock';
import { AppError } from './core/app-error';
import type { AppContext } from './context';
import { withJobQueue } from './workers/job-requests';
import { recoverAccount } from './modules/auth/account-recovery.service';

async function main() {
  const email = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!email) {
    console.error('usage: npm run admin:recover -- <email of the admin or founder account>');
    process.exitCode = 2;
    return;
  }
  const config = loadConfig(process.env);
  const secret = resolveSecret(config);
  // The user row holds values encrypted at rest: the same keys as the app.
  useFieldKeys(fieldKeyring(secret, config.appSecretPrevious));
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await database.migrate();
    const log = Fastify({ logger: { level: 'warn' } }).log;
    // The mail is queued in the outbox; the app's (or the worker's) outbox sends it.
    const ctx: AppContext = withJobQueue<Omit<AppContext, 'jobs'>>({ db: database.db, config, clock: systemClock, log, secret, kickMail: () => undefined });
    const { user, oneTimePassword } = await recoverAccount(ctx, email);
    console.log(`Recovered ${user.role} ${user.userId} / ${user.email}: two-factor cleared, every session ended, the owner notified by mail.`);
    console.log(`One-time password (shown only now): ${oneTimePassword}`);
    console.log('At the next sign-in it must be changed, then two-factor set up again.');
    if (user.status !== 'active') console.log(`Note: the account's status is "${user.status}", not active: sign-in may still be refused.`);
  } catch (err) {
    if (err instanceof AppError) {
      console.error(`Refused: ${err.message}`);
      process.exitCode = 2;
      return;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
