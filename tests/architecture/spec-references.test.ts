import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The code cites the specification by section ("docs/spec/decisions.md §6"): every such reference names a document
 * copied into docs/spec and a section that document has (a heading "## 6. ..." or "### 6.2 ...").
 */
const root = resolve(import.meta.dirname, '../..');
const files = execFileSync('git', ['ls-files', 'server', 'web', 'contracts', 'tests', 'scripts', 'bench'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && existsSync(resolve(root, f)));

describe('references to the specification', () => {
  it('name a copied document and one of its sections', () => {
    const broken: string[] = [];
    let count = 0;
    for (const file of files) {
      for (const m of readFileSync(resolve(root, file), 'utf8').matchAll(/docs\/spec\/([\w-]+\.md) §(\d+(?:\.\d+)?)/g)) {
        count++;
        const doc = resolve(root, 'docs/spec', m[1]);
        const headings = existsSync(doc)
          ? readFileSync(doc, 'utf8')
              .split('\n')
              .filter((l) => l.startsWith('#'))
          : [];
        if (!headings.some((h) => new RegExp(`^#+ ${m[2].replace('.', '\\.')}[. ]`).test(h))) broken.push(`${file}: ${m[0]}`);
      }
    }
    expect(count).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  });
});
