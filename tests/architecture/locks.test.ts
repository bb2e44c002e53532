import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_CLASSES, LOCKS } from '../../server/db/locks';

const ROOT = resolve(import.meta.dirname, '../..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.(ts|mts|mjs)$/.test(e.name) && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : []));

describe('advisory locks (server/db/locks.ts)', () => {
  it('every number is used once, across both forms', () => {
    const ids = [...Object.values(LOCKS), ...Object.values(LOCK_CLASSES)];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('no code takes an advisory lock by a number of its own', () => {
    const offenders: string[] = [];
    for (const file of [...sources(join(ROOT, 'server')), ...sources(join(ROOT, 'bench')), ...sources(join(ROOT, 'scripts'))]) {
      if (file.endsWith(join('db', 'locks.ts'))) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          // A lock call whose first argument is a literal number rather than a name from locks.ts.
          if (/pg_(try_)?advisory_(xact_)?(un)?lock(_shared)?\(\s*\d/.test(line)) offenders.push(`${relative(ROOT, file)}:${i + 1}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
