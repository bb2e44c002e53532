import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import sharp from 'sharp';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { runServerCommand } from '../support/server-command';
import { startTestApp, TEST_SECRET, type TestApp } from '../support/test-app';
import { demoCookies, rawGet, uniqueEmail } from '../support/http';
import { ID, identityFindings } from '../support/identity';
import { DEMO_COMPANY } from '../../server/seed/demo-data';
import { companySettings, documentBlobs, productImages } from '../../server/db/schema';
import { storageFromUrl, useObjectStorage, type ObjectStore } from '../../server/lib/object-store';
import { migrateStorage, storageCounts } from '../../server/modules/storage';

/**
 * Issue 34, object storage (ADR 0032): the four kinds of stored file (a KYC document, a fund proof, a product image,
 * the logo) uploaded and read back through the API on both back ends, the database and an S3-compatible bucket (moto's
 * server, started here), moved by the migration both ways, and the bucket searched for any document in the clear.
 */
const MOTO = spawnSync('sh', ['-c', 'command -v moto_server'], { encoding: 'utf8' }).stdout.trim();
const BUCKET = 'mlm-files';

let moto: ChildProcess | undefined;
let endpoint = '';
const storageUrl = (extra = '') => `s3://${BUCKET}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true${extra}`;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  if (!MOTO) return;
  process.env.AWS_ACCESS_KEY_ID = 'test-key';
  process.env.AWS_SECRET_ACCESS_KEY = 'test-secret';
  const port = await freePort();
  endpoint = `http://127.0.0.1:${port}`;
  moto = spawn(MOTO, ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(endpoint)).ok) break;
    } catch {
      if (i > 100) throw new Error('moto_server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  client.destroy();
}, 30_000);
afterAll(() => {
  moto?.kill();
});

/** A PDF (stored as sent) holding identity numbers in the clear, unique per call. */
const pdfWith = (text: string) => Buffer.concat([Buffer.from(`%PDF-1.4\n% ${text} ${Math.random()}\n`), Buffer.alloc(600, 0x20)]);

interface Uploaded {
  docUrl: string;
  doc: Buffer;
  memberCookie: string;
  proofUrl: string;
  proof: Buffer;
  imageUrl: string;
  logoUrl: string;
}

async function uploadAll(t: TestApp, admin: string): Promise<Uploaded> {
  const email = uniqueEmail('store');
  await t.createUser({ email, password: 'Store#1234' });
  const memberCookie = await t.login(email, 'Store#1234');
  const doc = pdfWith(`PAN ${ID.pan} Aadhaar ${ID.aadhaar}`);
  const kyc = await t.api('POST', '/api/kyc/upload', {
    cookie: memberCookie,
    body: { documentType: 'pan', documentData: doc.toString('base64'), documentFilename: 'pan.pdf', documentNumber: ID.pan },
  });
  expect(kyc.status, JSON.stringify(kyc.body)).toBe(201);
  const proof = pdfWith(`account ${ID.account}`);
  const fr = await t.api('POST', '/api/fund-requests', {
    cookie: memberCookie,
    body: { method: 'upi', amount: '1500', reference: `UTR${Date.now()}`, proofData: proof.toString('base64'), proofFilename: 'slip.pdf' },
  });
  expect(fr.status, JSON.stringify(fr.body)).toBe(201);
  const product = await t.api('POST', '/api/admin/products', {
    cookie: admin,
    body: { name: `Stored TV ${Math.random()}`, price: '1000', bv: '100', gst: '18', category: 'led_tv', purchaseType: 'second_purchase', hsnCode: '8528' },
  });
  expect(product.status).toBe(201);
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer();
  const image = await t.api('POST', `/api/admin/products/${product.body.id}/images`, { cookie: admin, body: { image: photo.toString('base64') } });
  expect(image.status, JSON.stringify(image.body)).toBe(201);
  const logo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ff8800' } })
    .png()
    .toBuffer();
  const saved = await t.api('PUT', '/api/admin/settings/branding', { cookie: admin, body: { ...DEMO_COMPANY, logo: `data:image/png;base64,${logo.toString('base64')}` } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return {
    docUrl: kyc.body.documentUrl,
    doc,
    memberCookie,
    proofUrl: fr.body.request.proofUrl,
    proof,
    imageUrl: (image.body[0].srcSet as string).split(', ')[0].split(' ')[0],
    logoUrl: saved.body.logoUrl,
  };
}

/** Every file as the API serves it. */
async function readAll(t: TestApp, u: Uploaded) {
  const get = async (url: string, cookie?: string) => {
    const r = await rawGet(t, url, cookie);
    expect(r.statusCode, `${url}: ${r.body.slice(0, 200)}`).toBe(200);
    return r.rawPayload;
  };
  return { doc: await get(u.docUrl, u.memberCookie), proof: await get(u.proofUrl, u.memberCookie), image: await get(u.imageUrl), logo: await get(u.logoUrl) };
}

/** Every object of the bucket: its key and bytes (list, then get each). */
async function dumpBucket(store: ObjectStore) {
  const out: { key: string; bytes: Buffer }[] = [];
  for await (const key of store.list()) out.push({ key, bytes: await store.get(key) });
  return out;
}

function expectNothingInTheClear(objects: { key: string; bytes: Buffer }[], docs: Buffer[]) {
  for (const o of objects) {
    for (const d of docs) expect(o.bytes.includes(d), `${o.key} holds an uploaded document`).toBe(false);
    expect(identityFindings(o.bytes.toString('latin1')), o.key).toEqual([]);
  }
}

async function sides(t: TestApp) {
  const db = t.runtime.ctx.db;
  return {
    docs: (await db.select({ s: documentBlobs.storage, c: documentBlobs.content }).from(documentBlobs)).map((r) => `${r.s}:${r.c ? 'bytes' : 'none'}`),
    images: (await db.select({ s: productImages.storage, b: productImages.large }).from(productImages)).map((r) => `${r.s}:${r.b ? 'bytes' : 'none'}`),
    logo: (await db.select({ s: companySettings.logoStorage, b: companySettings.logo }).from(companySettings)).map((r) => `${r.s}:${r.b ? 'bytes' : 'none'}`),
  };
}

const only = (values: string[], v: string) => expect(new Set(values)).toEqual(new Set([v]));

/** Every document, product image and the logo kept on one side: `db:bytes`, or `s3:none` once in the bucket. */
async function allOn(t: TestApp, side: string) {
  const s = await sides(t);
  only(s.docs, side);
  only(s.images, side);
  only(s.logo, side);
}

/** Every file the API serves reads back the same bytes as `before`. */
async function expectReadsAsBefore(t: TestApp, u: Uploaded, before: Awaited<ReturnType<typeof readAll>>) {
  for (const [k, v] of Object.entries(await readAll(t, u))) expect(v.equals(before[k as keyof typeof before]), k).toBe(true);
}

describe.skipIf(!MOTO)('object storage: the database back end, and the migration to the bucket and back', () => {
  let t: TestApp;
  let admin: string;
  let u: Uploaded;
  beforeAll(async () => {
    t = await startTestApp();
    admin = (await demoCookies(t)).admin;
  }, 60_000);
  afterAll(() => t?.close());

  it('stores every kind of file in its table and serves it back byte for byte', async () => {
    u = await uploadAll(t, admin);
    await allOn(t, 'db:bytes');
    const files = await readAll(t, u);
    expect(files.doc.equals(u.doc)).toBe(true);
    expect(files.proof.equals(u.proof)).toBe(true);
    const [img] = await t.runtime.ctx.db.select({ small: productImages.small }).from(productImages);
    expect(files.image.equals(img.small!)).toBe(true);
    const [logo] = await t.runtime.ctx.db.select({ logo: companySettings.logo }).from(companySettings);
    expect(files.logo.equals(logo.logo!)).toBe(true);
  });

  it('moves every file to the bucket and back, each read back the same, the bucket holding no document in the clear', async () => {
    const before = await readAll(t, u);
    // The app keeps writing to the database while it reads the bucket too (uploads=database), as during a migration.
    const storage = storageFromUrl(storageUrl('&uploads=database'));
    useObjectStorage(storage);
    const ctx = { db: t.runtime.ctx.db };
    const total = (await storageCounts(ctx)).documents.db;
    expect(total).toBeGreaterThanOrEqual(2);

    const there = await migrateStorage(ctx, { direction: 'to-s3', batchSize: 1 });
    expect(there.failed).toBe(0);
    expect(there.moved).toBe(total + 2);
    await allOn(t, 's3:none');
    await expectReadsAsBefore(t, u, before);
    const objects = await dumpBucket(storage.store!);
    expect(objects.length).toBe(total + 3 + 1);
    expectNothingInTheClear(objects, [u.doc, u.proof]);
    // Idempotent: a second run finds nothing to move.
    expect((await migrateStorage(ctx, { direction: 'to-s3' })).moved).toBe(0);

    const back = await migrateStorage(ctx, { direction: 'to-db', batchSize: 2 });
    expect(back.failed).toBe(0);
    expect(back.moved).toBe(total + 2);
    await allOn(t, 'db:bytes');
    expect(await dumpBucket(storage.store!)).toEqual([]);
    await expectReadsAsBefore(t, u, before);
    expect(await storageCounts(ctx)).toMatchObject({ documents: { s3: 0 }, productImages: { s3: 0 }, logo: { s3: 0 } });
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'npm run storage:migrate moves the files from another process while members upload, resumes, and goes back',
    async () => {
      const before = await readAll(t, u);
      const env = { ...process.env, NODE_ENV: 'test', DATABASE_URL: t.databaseUrl!, APP_SECRET: TEST_SECRET, STORAGE_URL: storageUrl(), DATA_DIR: 'memory://', LOG_LEVEL: 'silent' };
      // What it printed, standard error included.
      const run = async (args: string[]) => {
        const { code, output } = await runServerCommand('storage-migrate', args, env);
        return { code, out: output };
      };
      expect((await run(['--check'])).code).toBe(1);
      // Members keep sending fund proofs (to the database: uploads=database) while the migration runs.
      let stop = false;
      const proofs: { url: string; bytes: Buffer }[] = [];
      const writing = (async () => {
        while (!stop) {
          const proof = pdfWith(`account ${ID.account2}`);
          const r = await t.api('POST', '/api/fund-requests', {
            cookie: u.memberCookie,
            body: { method: 'upi', amount: '100', reference: `UTR${Date.now()}${proofs.length}`, proofData: proof.toString('base64') },
          });
          expect(r.status, JSON.stringify(r.body)).toBe(201);
          proofs.push({ url: r.body.request.proofUrl, bytes: proof });
        }
      })();
      const first = await run(['--batch', '3']);
      stop = true;
      await writing;
      expect(first.out).toContain('documents:');
      expect(proofs.length).toBeGreaterThan(0);
      // What arrived during the run is taken by the next one; a further run finds nothing.
      const second = await run([]);
      expect(second.code, second.out).toBe(0);
      expect(second.out).toContain('documents: 0 in the database');
      expect((await run([])).out).toMatch(/documents: 0 moved/);
      await allOn(t, 's3:none');
      await expectReadsAsBefore(t, u, before);
      for (const p of proofs) expect((await rawGet(t, p.url, u.memberCookie)).rawPayload.equals(p.bytes)).toBe(true);
      expectNothingInTheClear(await dumpBucket(storageFromUrl(storageUrl()).store!), [u.doc, u.proof, ...proofs.map((p) => p.bytes)]);
      const back = await run(['--to-database']);
      expect(back.code, back.out).toBe(0);
      only((await sides(t)).docs, 'db:bytes');
      for (const p of proofs) expect((await rawGet(t, p.url, u.memberCookie)).rawPayload.equals(p.bytes)).toBe(true);
    },
    240_000,
  );
});

describe.skipIf(!MOTO)('object storage: the S3 back end (STORAGE_URL)', () => {
  let t: TestApp;
  let admin: string;
  let u: Uploaded;
  let store: ObjectStore;
  beforeAll(async () => {
    t = await startTestApp({ config: { storageUrl: storageUrl() } });
    admin = (await demoCookies(t)).admin;
    store = storageFromUrl(storageUrl()).store!;
  }, 60_000);
  afterAll(async () => {
    store?.close();
    await t?.close();
  });

  it('puts every new file in the bucket (documents sealed), serves each back byte for byte, and the bucket dump holds no document', async () => {
    u = await uploadAll(t, admin);
    const s = await sides(t);
    only(s.images, 's3:none');
    only(s.logo, 's3:none');
    expect(s.docs).toContain('s3:none');
    const files = await readAll(t, u);
    expect(files.doc.equals(u.doc)).toBe(true);
    expect(files.proof.equals(u.proof)).toBe(true);
    const objects = await dumpBucket(store);
    const [img] = await t.runtime.ctx.db.select({ id: productImages.id }).from(productImages);
    expect(files.image.equals(objects.find((o) => o.key === `product-images/${img.id}/small.webp`)!.bytes)).toBe(true);
    expect(files.logo.equals(objects.find((o) => o.key.startsWith('branding/logo-'))!.bytes)).toBe(true);
    const docs = objects.filter((o) => o.key.startsWith('documents/'));
    expect(docs.length).toBeGreaterThanOrEqual(2);
    for (const d of docs) expect(d.bytes.subarray(0, 3).toString('latin1')).toBe('v1:');
    expectNothingInTheClear(objects, [u.doc, u.proof]);
  });

  it('moves the files back into the database and to the bucket again, each read back the same', async () => {
    const before = await readAll(t, u);
    const ctx = { db: t.runtime.ctx.db };
    const home = await migrateStorage(ctx, { direction: 'to-db' });
    expect(home.failed).toBe(0);
    expect(home.moved).toBeGreaterThanOrEqual(4);
    expect(await storageCounts(ctx)).toMatchObject({ documents: { s3: 0 }, productImages: { s3: 0 }, logo: { s3: 0 } });
    await expectReadsAsBefore(t, u, before);
    const again = await migrateStorage(ctx, { direction: 'to-s3' });
    expect(again.moved).toBe(home.moved);
    expect(await storageCounts(ctx)).toMatchObject({ documents: { db: 0 }, productImages: { db: 0 }, logo: { db: 0 } });
    await expectReadsAsBefore(t, u, before);
    expectNothingInTheClear(await dumpBucket(store), [u.doc, u.proof]);
  });
});
