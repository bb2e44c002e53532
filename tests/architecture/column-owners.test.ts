import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kycStateColumns, treePlacementColumns, type ColumnSet } from '../../server/db/schema/users';

/**
 * ADR 0026: the tree placement and KYC state columns of `users` are column sets owned by the tree and kyc modules.
 * A file of server/modules outside the owner names none of them, neither as a Drizzle property of `users` (or of an
 * `alias(users, ...)`) nor by SQL name in raw SQL; it composes what the owner's face exports instead. Tests, the
 * seed, the bench and server/db (triggers, sealed columns, migrations) are outside this rule.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const MODULES = join(ROOT, 'server', 'modules');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.(ts|mts|mjs)$/.test(e.name) && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : []));

const SETS: ColumnSet<never>[] = [treePlacementColumns, kycStateColumns] as unknown as ColumnSet<never>[];

/**
 * Same-named columns of other tables, named by a file outside the owner: `user_tallies.kyc_status` is the tallies'
 * own key (kept by the users_tally trigger, read and folded by the dashboard), not the KYC state of a member.
 */
const OTHER_TABLES: Record<string, string[]> = { 'server/modules/ops/dashboard.repo.ts': ['kyc_status'] };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where `text` (one file's source) names a column of `set`: "line: text" for each. */
export function columnReferences(text: string, set: ColumnSet<never>, allowed: string[] = []): string[] {
  const props = Object.keys(set.columns);
  // Drizzle: `users.parentId`, or a property of an alias of users (`const sponsor = alias(users, 'sponsor')`).
  const drizzleNames = ['users', ...[...text.matchAll(/(\w+)\s*=\s*alias\(\s*users\b/g)].map((m) => m[1])];
  const drizzle = new RegExp(`\\b(?:${drizzleNames.map(escape).join('|')})\\.(?:${props.join('|')})\\b`);
  // Raw SQL: a table alias of users (`from users u`, `join users as p`) qualifying any column of the set, or a
  // column name with an underscore unqualified (`where parent_id = ...`). A property of a result row (`r.parent_id`),
  // an object key (`parent_id: string`), an output name (`p.id as parent_id`) or a value of a template (`${u.level}`)
  // is not a read of the column. `level` and `position` are found only when qualified.
  const sqlAliases = ['users', ...[...text.matchAll(/\b(?:from|join)\s+users\s+(?:as\s+)?(?!on\b|where\b|join\b|left\b|inner\b|order\b|limit\b|group\b)(\w+)/gi)].map((m) => m[1])];
  const names = set.sqlNames.filter((n) => !allowed.includes(n));
  const qualified = new RegExp(`(?<!\\$\\{\\s*)\\b(?:${sqlAliases.map(escape).join('|')})\\.(?:${names.join('|')})\\b`, 'i');
  const distinct = names.filter((n) => n.includes('_'));
  const bare = distinct.length ? new RegExp(`(?<![.\\w])(?<!\\bas\\s+)(?:${distinct.join('|')})\\b(?!\\??:(?!:))`, 'i') : null;
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    const code = line.replace(/^\s*(\/\/|\*|\/\*).*$/, '');
    if (drizzle.test(code) || qualified.test(code) || bare?.test(code)) found.push(`${i + 1}: ${line.trim()}`);
  });
  return found;
}

describe('column sets of users and their owners (ADR 0026)', () => {
  it('only the owner module names a column of its set', () => {
    const outside: string[] = [];
    for (const file of sources(MODULES)) {
      const path = relative(ROOT, file).split(sep).join('/');
      const text = readFileSync(file, 'utf8');
      for (const set of SETS) {
        if (path.startsWith(set.owner + '/')) continue;
        for (const ref of columnReferences(text, set, OTHER_TABLES[path])) outside.push(`${path}:${ref} (${set.owner})`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('the sets are the columns the ADR names, and the owners exist', () => {
    expect(treePlacementColumns.sqlNames).toEqual(['parent_id', 'left_child_id', 'right_child_id', 'position', 'level', 'jump_id', 'run_top', 'placed_at', 'open_depth']);
    expect(kycStateColumns.sqlNames).toEqual(['pan_number', 'pan_hash', 'aadhaar_number', 'kyc_status', 'kyc_submitted_at', 'kyc_approved_at', 'kyc_deadline', 'kyc_locked']);
    for (const set of SETS) expect(readdirSync(join(ROOT, set.owner)).includes('index.ts'), set.owner).toBe(true);
  });

  it('the detector finds the references it is meant to find', () => {
    const tree = treePlacementColumns as unknown as ColumnSet<never>;
    const kyc = kycStateColumns as unknown as ColumnSet<never>;
    for (const src of [
      'db.select({ p: users.parentId }).from(users)',
      'where(eq(users.level, 0))',
      "const sponsor = alias(users, 'sponsor');\nsql`${sponsor.placedAt} is not null`",
      'select id from users where parent_id = ${id}::uuid',
      'from down d join users u on u.parent_id = d.id',
      'select u.level, u.position from users u where u.id = $1',
      'select c.id, c.left_child_id from down d join users c on c.id = d.id',
      'select id::text, parent_id::text, position from users',
    ]) {
      expect(columnReferences(src, tree), src).not.toEqual([]);
    }
    for (const src of ['eq(users.kycStatus, f.kycStatus)', "select 'u.kyc_status' from users u", "select id from users where pan_number is not null and kyc_status = 'approved'"]) {
      expect(columnReferences(src, kyc), src).not.toEqual([]);
    }
    for (const src of [
      'select({ p: placement.parentId })',
      'r.parent_id ? r.parent_id : null',
      'parent_id: string | null;',
      'select p.id::text as parent_id from users p',
      'me.level - top.level',
      'select u.level from member_volume u',
      '// users.parentId in a comment',
      'sql`${p.parentId} is null`',
      'sql`select ${u.level} from users u`',
    ]) {
      expect(columnReferences(src, tree), src).toEqual([]);
    }
    expect(columnReferences('select kyc_status from user_tallies', kyc, ['kyc_status'])).toEqual([]);
  });
});
