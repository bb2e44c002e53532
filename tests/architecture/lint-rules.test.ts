import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { resolve } from 'node:path';

/**
 * The import rules of eslint.config.js, each held by a fixture that must fail lint (and its allowed form, which must
 * pass): a layer below the modules importing one, a module reaching into another's files, a route calling a repo.
 * The fixtures are linted as if they stood at the paths named; nothing is written.
 */
const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../..') });

async function importErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(import.meta.dirname, '../..', path) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('lint: the server layers and module faces', () => {
  it('core, http, db and lib never import a module', async () => {
    for (const path of ['server/http/fixture.ts', 'server/core/fixture.ts', 'server/db/fixture.ts', 'server/lib/fixture.ts']) {
      const errors = await importErrors(path, "import { displayName } from '../modules/users';\nexport const f = displayName;\n");
      expect(errors, path).toEqual([expect.stringContaining('sit below the modules')]);
    }
  });

  it("a module imports another's face, never its files", async () => {
    const inside = await importErrors('server/modules/wallet/fixture.service.ts', "import { findUserById } from '../users/users.repo';\nexport const f = findUserById;\n");
    expect(inside).toEqual([expect.stringContaining("Another module's files are its own")]);
    const viaFace = await importErrors(
      'server/modules/wallet/fixture.service.ts',
      "import { findUserById } from '../users';\nimport { realUser } from '../../core/actor';\nexport const f = [findUserById, realUser];\n",
    );
    expect(viaFace).toEqual([]);
  });

  it('a route calls services, never a repo', async () => {
    const own = await importErrors('server/modules/users/fixture.routes.ts', "import { searchUsers } from './users.repo';\nexport const f = searchUsers;\n");
    expect(own).toEqual([expect.stringContaining('never a repo')]);
    const service = await importErrors('server/modules/users/fixture.routes.ts', "import { searchUsers } from './users.service';\nexport const f = searchUsers;\n");
    expect(service).toEqual([]);
  });

  it('services know nothing of HTTP or the ORM', async () => {
    const http = await importErrors('server/modules/users/fixture.service.ts', "import type { FastifyRequest } from 'fastify';\nexport type R = FastifyRequest;\n");
    expect(http).toEqual([expect.stringContaining('know nothing of HTTP')]);
    const orm = await importErrors('server/modules/users/fixture.service.ts', "import { sql } from 'drizzle-orm';\nexport const f = sql;\n");
    expect(orm).toEqual([expect.stringContaining('Only *.repo.ts files')]);
  });
});

/** The web's zones (eslint.config.js, webZones): features use each other's faces and never the shell in web/app. */
async function zoneErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(import.meta.dirname, '../..', path) });
  return result.messages.filter((m) => m.ruleId === 'web/zones').map((m) => m.message);
}

describe("lint: the web's feature zones", () => {
  it("a feature imports another's face, never its files", async () => {
    for (const [path, from] of [
      ['web/features/kyc/admin/fixture.tsx', '../../wallet/admin/money-api'],
      ['web/features/kyc/fixture.tsx', '../wallet/api'],
    ]) {
      const errors = await zoneErrors(path, `import { f } from '${from}';\nexport const h = f;\n`);
      expect(errors, `${path}: ${from}`).toEqual([expect.stringContaining("Another feature's files are its own")]);
    }
    const lazy = await zoneErrors('web/features/kyc/fixture.tsx', "export const page = () => import('../wallet/wallet-page');\n");
    expect(lazy).toEqual([expect.stringContaining("Another feature's files are its own")]);
    const viaFace = await zoneErrors(
      'web/features/kyc/admin/fixture.tsx',
      "import { useWalletSummary } from '../../wallet';\nimport { KEYS } from '../../../lib/admin/keys';\nimport { f } from './kyc-review';\nexport const h = [useWalletSummary, KEYS, f];\n",
    );
    expect(viaFace).toEqual([]);
  });

  it('a feature, web/components and web/lib never import web/app', async () => {
    for (const [path, from] of [
      ['web/features/wallet/admin/fixture.tsx', '../../../app/admin/sections'],
      ['web/components/admin/fixture.tsx', '../../app/layouts/portal-header'],
      ['web/lib/admin/fixture.ts', '../../app/router'],
    ]) {
      expect(await zoneErrors(path, `import { f } from '${from}';\nexport const h = f;\n`), path).toEqual([expect.stringContaining('web/app is the shell')]);
    }
  });

  it('web/components and web/lib never import a feature', async () => {
    const errors = await zoneErrors('web/components/admin/fixture.tsx', "import { useSignedInUser } from '../../features/account';\nexport const h = useSignedInUser;\n");
    expect(errors).toEqual([expect.stringContaining('never import one')]);
  });
});
