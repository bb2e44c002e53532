import { resolve } from 'node:path';
import type { AppConfig } from './config';
import type { Runtime } from './runtime';
import { DEMO_ACCOUNTS } from './seed/demo-data';

/** What `npm start` prints once the platform answers: where it runs, on what, and in demo mode how to sign in. */
export function banner(config: Pick<AppConfig, 'appUrl' | 'dataDir' | 'smtpUrl' | 'demoSeed'>, runtime: Pick<Runtime, 'database' | 'seedLines'>, processes: number) {
  const lines = [
    `Platform running at ${config.appUrl} (database: ${runtime.database.kind === 'pglite' ? `embedded PGlite in ${resolve(config.dataDir)}` : 'PostgreSQL'}; mail: ${config.smtpUrl ? 'SMTP' : 'development mode, printed to this log'}${processes > 1 ? `; ${processes} app processes` : ''})`,
    ...runtime.seedLines,
  ];
  // Demo mode: the accounts and their (public, demo-only) passwords, on every start, so nobody has to look them up.
  if (config.demoSeed) {
    lines.push('Demo sign-in (email / password; the user IDs are printed at the first start):');
    for (const [role, a] of Object.entries(DEMO_ACCOUNTS)) lines.push(`  ${role.padEnd(9)} ${a.email.padEnd(22)} ${a.password}`);
  }
  return lines.join('\n');
}
