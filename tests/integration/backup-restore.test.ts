import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runServerCommand } from '../support/server-command';
import pg from 'pg';
import { startTestApp, TEST_SECRET, type TestApp } from '../support/test-app';
import { startWithDemoCookies, type DemoCookies } from '../support/start';
import { createTestDatabase } from '../support/database';
import { rawGet } from '../support/http';
import { bank, fundedMember } from '../support/money';
import { BackupRefused, backupDatabase, restoreDatabase, sha256File, type BackupManifest } from '../../server/ops/backup';
import { tableCounts } from '../../server/ops/backup.repo';
import { deriveFieldKey } from '../../server/lib/field-crypto';

/**
 * Issue 33 (6), `npm run backup` and `npm run restore -- <file>`: a consistent pg_dump of the running platform with its
 * manifest (row counts, key ids, SHA-256; never a key), restored into an empty database on which the app serves the
 * same wallets, ledger and encrypted documents; a non-empty target and a damaged dump are refused.
 */

/** Runs one of the commands as `npm run` does (tsx), with the given environment. */
const command = (script: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  runServerCommand(script, args, { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...env });

/** Rows of a query on a database by its URL (the source and the restored copy side by side). */
async function rows(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('npm run backup without PostgreSQL', () => {
  it('says the embedded database is not backed up here, and how to copy it', async () => {
    const r = await command('backup', [], {});
    expect(r.code, r.out + r.err).toBe(2);
    expect(r.err).toContain('npm run backup needs PostgreSQL: set DATABASE_URL');
    expect(r.err).toContain('copying the DATA_DIR folder');
  }, 60_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('backup and restore (PostgreSQL only: pg_dump and pg_restore; skipped without TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let c: DemoCookies;
  let work: string;
  const dropLater: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    ({ t, c } = await startWithDemoCookies());
    work = mkdtempSync(join(tmpdir(), 'platform-backup-'));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    for (const drop of dropLater) await drop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('backs up the running platform and restores it into an empty database that serves the same money and documents', async () => {
    // Money and encrypted values through the real app: KYC documents (sealed bytes) and a Send Fund credit, a wallet
    // purchase, a withdrawal (its bank account sealed in bank_details).
    const m = await fundedMember(t, c.admin, '5000');
    const product = await t.api('POST', '/api/admin/products', {
      cookie: c.admin,
      body: { name: `Backup Fan ${Date.now()}`, description: 'A fan', price: '1000.00', bv: '500', gst: '18', category: 'ceiling_fan', purchaseType: 'first_purchase' },
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    const bought = await t.api('POST', '/api/purchases', {
      cookie: m.cookie,
      body: { productId: product.body.id, quantity: 1, paymentMethod: 'wallet', deliveryAddress: '12 Residency Road, Camp, Pune', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const withdrawal = await t.api('POST', '/api/withdrawals', { cookie: m.cookie, body: { withdrawalType: 'bank', bankDetails: bank, amount: '250' } });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(201);
    const wallet = (await t.api('GET', '/api/wallet', { cookie: m.cookie })).body;
    expect(wallet.balance).toBe('3570.00'); // 5000 - 1180 - 250
    const documents = (await t.api('GET', '/api/kyc', { cookie: m.cookie })).body as { id: string }[];
    expect(documents.length).toBe(5);
    const documentBytes = new Map<string, Buffer>();
    for (const d of documents) {
      const r = await rawGet(t, `/api/documents/${d.id}`, m.cookie);
      expect(r.statusCode).toBe(200);
      documentBytes.set(d.id, r.rawPayload);
    }

    const source = t.directDatabaseUrl!;
    const ledger = 'select * from transactions order by seq';
    const balances = 'select * from wallet_balances order by user_id';
    const [ledgerBefore, balancesBefore] = [await rows(source, ledger), await rows(source, balances)];

    // The backup, while the app runs.
    const { file, manifestFile, manifest } = await backupDatabase({ databaseUrl: source, dir: work, appSecret: TEST_SECRET });
    expect(file.startsWith(work) && file.endsWith('.dump')).toBe(true);
    expect(manifestFile).toBe(`${file}.json`);
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('PGDMP'); // pg_dump's custom format
    expect(readdirSync(work).some((f) => f.endsWith('.partial'))).toBe(false);
    const again = await backupDatabase({ databaseUrl: source, file }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(BackupRefused);
    expect((again as Error).message).toBe(`${file} already exists: name another file.`);
    const written = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
    expect(written).toEqual(manifest);
    expect(manifest).toMatchObject({ format: 'platform-backup/1', sha256: await sha256File(file), pgDumpVersion: expect.stringMatching(/^pg_dump \(PostgreSQL\) \d+/) });
    expect(manifest.database.name).toBe(new URL(source).pathname.slice(1));
    // The key id that sealed every value, never the secret or a key.
    const key = deriveFieldKey(TEST_SECRET);
    expect(manifest.encryption.currentKeyId).toBe(key.id);
    expect(manifest.encryption.keyIds.map((k) => k.keyId)).toEqual([key.id]);
    expect(manifest.encryption.keyIds[0].values).toBeGreaterThanOrEqual(5 + 1);
    expect(manifest.encryption.notEncrypted).toBe(0);
    const text = readFileSync(manifestFile, 'utf8');
    for (const secret of [TEST_SECRET, key.enc.toString('hex'), key.enc.toString('base64'), key.mac.toString('hex')]) expect(text).not.toContain(secret);
    // Every table with the row count it had (nothing is written meanwhile).
    const tables = Object.keys(manifest.tables);
    expect(tables).toEqual(expect.arrayContaining(['public.users', 'public.transactions', 'public.wallet_balances', 'public.kyc_documents', 'public.document_blobs', 'drizzle.__drizzle_migrations']));
    const countsBefore = await tableCounts(source, tables);
    expect(Object.fromEntries(countsBefore.map((x) => [x.table, x.rows]))).toEqual(manifest.tables);
    expect(manifest.tables['public.transactions']).toBe(ledgerBefore.length);

    // Restored into a new, empty database.
    const target = await createTestDatabase('PostgreSQL');
    dropLater.push(() => target.drop());
    const restored = await restoreDatabase({ databaseUrl: target.adminUrl!, file, appSecret: TEST_SECRET });
    expect(restored).toMatchObject({ tables: tables.length, missingKeyIds: [] });
    expect(await tableCounts(target.adminUrl!, tables)).toEqual(countsBefore);
    expect(await rows(target.adminUrl!, ledger)).toEqual(ledgerBefore);
    expect(await rows(target.adminUrl!, balances)).toEqual(balancesBefore);

    // The app on the restored database: same wallet, same ledger, and the encrypted documents open to the same bytes.
    const t2 = await startTestApp({ databaseUrl: target.url });
    try {
      const cookie = await t2.login(m.user.email, 'Wallet#123');
      expect((await t2.api('GET', '/api/wallet', { cookie })).body).toEqual(wallet);
      const statement = (cookieOf: string, app: TestApp) => app.api('GET', '/api/wallet/transactions?limit=100', { cookie: cookieOf });
      expect((await statement(cookie, t2)).body).toEqual((await statement(m.cookie, t)).body);
      expect((await t2.api('GET', '/api/withdrawals', { cookie })).body).toEqual((await t.api('GET', '/api/withdrawals', { cookie: m.cookie })).body);
      for (const [id, bytes] of documentBytes) {
        const r = await rawGet(t2, `/api/documents/${id}`, cookie);
        expect(r.statusCode).toBe(200);
        expect(Buffer.compare(r.rawPayload, bytes), `document ${id}`).toBe(0);
      }
    } finally {
      await t2.close();
    }

    // A restore goes only into an empty database: the source, and the restored copy now, are refused untouched.
    for (const url of [source, target.adminUrl!]) {
      const before = await tableCounts(url, tables);
      const refused = await restoreDatabase({ databaseUrl: url, file }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(BackupRefused);
      expect((refused as Error).message).toMatch(/^The database \S+ is not empty \(\d+ table\(s\) or other relation\(s\), such as .*\)\. A backup is restored only into an empty database/);
      expect(await tableCounts(url, tables)).toEqual(before);
    }

    // A dump that does not match its manifest is refused before the target is looked at.
    const damaged = join(work, 'damaged.dump');
    const bytes = readFileSync(file);
    bytes[bytes.length >> 1] ^= 0xff;
    writeFileSync(damaged, bytes);
    copyFileSync(manifestFile, `${damaged}.json`);
    const empty = await createTestDatabase('PostgreSQL');
    dropLater.push(() => empty.drop());
    const mismatch = await restoreDatabase({ databaseUrl: empty.adminUrl!, file: damaged }).catch((e: unknown) => e);
    expect(mismatch).toBeInstanceOf(BackupRefused);
    expect((mismatch as Error).message).toContain('does not match its manifest');
    expect((await rows(empty.adminUrl!, "select count(*)::int as n from pg_tables where schemaname = 'public'"))[0]).toEqual({ n: 0 });
    rmSync(`${damaged}.json`);
    expect(((await restoreDatabase({ databaseUrl: empty.adminUrl!, file: damaged }).catch((e: unknown) => e)) as Error).message).toMatch(/^No manifest .*damaged\.dump\.json/);
  }, 240_000);

  it('is one snapshot while the app writes: the counts of the manifest are those of the dump, every balance the sum of its ledger', async () => {
    const m = await fundedMember(t, c.admin, '0');
    let writing = true;
    let credits = 0;
    const writes = (async () => {
      while (writing && credits < 200) {
        const r = await t.api('POST', '/api/admin/send-fund', { cookie: c.admin, body: { userId: m.user.userId, option: 'Credit', amount: '10', remarks: 'During the backup' } });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        credits++;
      }
    })();
    while (credits < 2) await new Promise((r) => setTimeout(r, 10));
    const during = credits;
    const { file, manifest } = await backupDatabase({ databaseUrl: t.directDatabaseUrl!, dir: join(work, 'during') }).finally(() => (writing = false));
    await writes;
    expect(credits, 'credits were written while the backup ran').toBeGreaterThan(during);
    // The restore compares every table's count with the manifest: they were read in the dump's snapshot.
    const target = await createTestDatabase('PostgreSQL');
    dropLater.push(() => target.drop());
    await restoreDatabase({ databaseUrl: target.adminUrl!, file });
    const credited = manifest.tables['public.transactions'];
    expect(credited).toBe(((await rows(target.adminUrl!, 'select count(*)::int as n from transactions'))[0] as { n: number }).n);
    expect(
      await rows(
        target.adminUrl!,
        `select w.user_id from wallet_balances w left join (select user_id, sum(amount) as s from transactions group by user_id) l using (user_id)
         where w.balance <> coalesce(l.s, 0)`,
      ),
    ).toEqual([]);
    expect(manifest.encryption.currentKeyId).toBeUndefined();
  }, 180_000);

  it('npm run backup and npm run restore: a dump and its manifest; a non-empty target refused with exit code 2', async () => {
    const out = join(work, 'cli', 'platform.dump');
    const backup = await command('backup', ['--out', out], { DATABASE_URL: t.directDatabaseUrl!, APP_SECRET: TEST_SECRET });
    expect(backup.code, backup.out + backup.err).toBe(0);
    expect(backup.out).toContain(`${out}: `);
    expect(backup.out).toContain(`encrypted values under key id(s) ${deriveFieldKey(TEST_SECRET).id} (`);
    expect(backup.out).not.toContain(TEST_SECRET);
    expect(existsSync(`${out}.json`)).toBe(true);

    const refused = await command('restore', [out], { DATABASE_URL: t.directDatabaseUrl! });
    expect(refused.code, refused.out + refused.err).toBe(2);
    expect(refused.err).toMatch(/^Refused: The database \S+ is not empty/);

    const target = await createTestDatabase('PostgreSQL');
    dropLater.push(() => target.drop());
    const restored = await command('restore', [out], { DATABASE_URL: target.adminUrl!, APP_SECRET: TEST_SECRET });
    expect(restored.code, restored.out + restored.err).toBe(0);
    expect(restored.out).toContain('every count as in the manifest');
    expect(restored.out).toContain('APP_SECRET and APP_SECRET_PREVIOUS open them all');
  }, 180_000);
});
