import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A module file that grows past 400 lines holds more than one concern (ADR 0024): split it by concern, as
 * compensation's files and grievance's settings were, before adding to it.
 */
const root = resolve(import.meta.dirname, '../..');
const MAX_LINES = 400;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sources(path);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('server/modules file size', () => {
  it(`has no source file over ${MAX_LINES} lines`, () => {
    const files = sources(resolve(root, 'server/modules'));
    expect(files.length).toBeGreaterThan(100);
    const long = files.map((f) => ({ file: relative(root, f), lines: readFileSync(f, 'utf8').split('\n').length - 1 })).filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
