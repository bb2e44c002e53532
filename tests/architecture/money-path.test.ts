import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const WALLET = join(ROOT, 'server', 'modules', 'wallet') + sep;
const MIGRATIONS = join(ROOT, 'server', 'db', 'migrations') + sep;
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.(ts|mts|mjs)$/.test(e.name) && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : []));

/** A write to the wallet's tables, in SQL or through Drizzle. */
const WRITE = /(insert\s+into|update|delete\s+from)\s+(transactions|wallet_balances)\b|\.(insert|update|delete)\(\s*(transactions|walletBalances)\s*\)/i;

describe('one money path (decisions.md §6)', () => {
  it('the wallet module is the only writer of wallet_balances and transactions in the server', () => {
    const writers: string[] = [];
    for (const file of sources(join(ROOT, 'server'))) {
      if (file.startsWith(WALLET) || file.startsWith(MIGRATIONS)) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (WRITE.test(line)) writers.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(writers).toEqual([]);
  });

  it('the pattern finds the writes it is meant to find', () => {
    for (const write of ['insert into transactions (user_id)', 'UPDATE wallet_balances set', 'delete from transactions where', 'db.insert(walletBalances)', 'tx.update(transactions)']) {
      expect(WRITE.test(write), write).toBe(true);
    }
    expect(WRITE.test('select * from transactions')).toBe(false);
  });
});
