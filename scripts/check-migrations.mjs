// Fails when the Drizzle schema has changes that no committed migration carries.
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { root } from './lib.mjs';

const committed = join(root, 'server', 'db', 'migrations');
// drizzle-kit wants a path relative to the project.
const scratchRel = `.migrations-check-${process.pid}`;
const scratch = join(root, scratchRel);
rmSync(scratch, { recursive: true, force: true });
cpSync(committed, scratch, { recursive: true });
const before = readdirSync(scratch).filter((f) => f.endsWith('.sql')).length;
const r = spawnSync(join(root, 'node_modules', '.bin', 'drizzle-kit'), ['generate', '--dialect', 'postgresql', '--schema', './server/db/schema/index.ts', '--out', scratchRel, '--name', 'drift'], {
  cwd: root,
  encoding: 'utf8',
});
const after = readdirSync(scratch).filter((f) => f.endsWith('.sql')).length;
rmSync(scratch, { recursive: true, force: true });
if (r.status !== 0 || /error/i.test(r.stderr ?? '')) {
  console.error(r.stdout, r.stderr);
  process.exit(1);
}
if (after !== before) {
  console.error('The schema has changes without a migration: run `npm run db:generate` and commit the result.');
  process.exit(1);
}
console.log('Migrations match the schema.');
