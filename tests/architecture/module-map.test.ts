import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * docs/ARCHITECTURE.md's module map against the code: every folder of server/modules has its row (named as
 * `server/modules/<name>`, or beside another in a row that starts so), and every module the map names exists.
 */
const root = resolve(import.meta.dirname, '../..');
const modules = readdirSync(resolve(root, 'server/modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const doc = readFileSync(resolve(root, 'docs/ARCHITECTURE.md'), 'utf8');
const firstCells = doc
  .split('\n')
  .filter((l) => l.startsWith('| ') && l.includes('server/modules/'))
  .map((l) => l.split(' | ')[0]);
const named = new Set(
  firstCells.flatMap((cell) => [
    ...[...cell.matchAll(/server\/modules\/([a-z-]+)/g)].map((m) => m[1]),
    // Beside a module in a row that starts with one: `server/modules/mail`, `audit`.
    ...(cell.startsWith('| `server/modules/') ? [...cell.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]) : []),
  ]),
);

describe('the module map', () => {
  it('has a row for every module', () => {
    expect(modules.filter((m) => !named.has(m))).toEqual([]);
  });
  it('names no module that is gone', () => {
    expect([...named].filter((m) => !modules.includes(m))).toEqual([]);
  });
});
