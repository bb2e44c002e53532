import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../support/test-app';
import { b64, count, expectError, fakePdf, query, uniqueEmail } from '../support/http';
import { MSG } from '../../contracts/messages';
import { IMAGE_MAX_SIDE, pdfIsActive } from '../../server/modules/kyc/document-safety';
import { ID } from '../support/identity';
import { declaredPng } from '../support/png';
import { openColumnBytes } from '../../server/db/sealed-columns';

/**
 * Issue 13, uploads: the probe stored an ELF behind a JPEG signature, a PNG declaring 100000 x 100000 pixels and a
 * PDF with an auto-run JavaScript action, and served documents without a sandbox. Images are now decoded and encoded
 * again (capped, metadata stripped), active PDFs refused, and every document answer is sandboxed.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function member() {
  const email = uniqueEmail('upload');
  const user = await t.createUser({ email, password: 'Upload#12345' });
  return { user, cookie: await t.login(email, 'Upload#12345') };
}
const upload = (cookie: string, bytes: Buffer, documentType = 'pan') =>
  t.api('POST', '/api/kyc/upload', { cookie, body: { documentType, documentData: b64(bytes), documentNumber: documentType === 'pan' ? ID.pan : undefined } });
/** The stored documents of a user, their bytes decrypted (they are encrypted at rest, ADR 0011). */
const storedOf = async (userId: string) =>
  (
    await query<{ content: Buffer; document_size: number }>(
      t,
      sql`select b.content, d.document_size from kyc_documents d join document_blobs b on b.storage_key = d.storage_key where d.user_id = ${userId}`,
    )
  ).map((r) => ({ ...r, content: openColumnBytes('document_blobs', 'content', r.content) }));

const pdf = (body: string) => Buffer.from(`%PDF-1.7\n${body}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');

describe('images are decoded and encoded again', () => {
  it('an ELF behind a JPEG signature is refused and nothing is stored', async () => {
    const m = await member();
    const elf = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('\x7fELF\x02\x01\x01', 'latin1'), Buffer.alloc(4000, 0x90)]);
    const blobs = await count(t, 'document_blobs');
    expectError(await upload(m.cookie, elf), 400, { code: 'INVALID_FILE_TYPE', message: MSG.kycFileType });
    expect(await count(t, 'document_blobs')).toBe(blobs);
  });

  it('a PNG declaring 100000 x 100000 pixels is refused without being decoded', async () => {
    const m = await member();
    // Decoding ten billion pixels would exhaust the test's memory or time; the refusal comes from the header.
    expectError(await upload(m.cookie, declaredPng(100_000, 100_000)), 400, { code: 'INVALID_FILE_TYPE' });
    expect(await storedOf(m.user.id)).toEqual([]);
  });

  it('a real photo keeps its pixels but loses its metadata, and a large one is capped', async () => {
    const m = await member();
    const photo = await sharp({ create: { width: 6000, height: 3000, channels: 3, background: { r: 200, g: 180, b: 40 } } })
      .jpeg({ quality: 70 })
      .withMetadata({ exif: { IFD0: { Copyright: 'Home: 18.5204 N, 73.8567 E' } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const r = await upload(m.cookie, photo);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const [stored] = await storedOf(m.user.id);
    const meta = await sharp(Buffer.from(stored.content)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE / 2 });
    expect(meta.exif).toBeUndefined();
    expect(Buffer.from(stored.content).toString('latin1')).not.toContain('73.8567');
    expect(stored.document_size).toBe(stored.content.length);
  });

  it('a program appended after a real image is not stored', async () => {
    const m = await member();
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const payload = Buffer.from('\x7fELF-payload-that-must-not-survive', 'latin1');
    expect((await upload(m.cookie, Buffer.concat([image, payload]), 'aadhaar')).status).toBe(201);
    const [stored] = await storedOf(m.user.id);
    expect(Buffer.from(stored.content).includes(payload)).toBe(false);
    expect(await sharp(Buffer.from(stored.content)).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
  });
});

describe('PDFs with active content are refused', () => {
  const cases: [string, Buffer][] = [
    ['an auto-run JavaScript action', pdf('1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj')],
    ['a name written with #xx escapes', pdf('1 0 obj << /Type /Catalog /OpenAction << /S /J#61vaScript /J#53 (x) >> >> endobj')],
    ['a launch action', pdf('1 0 obj << /Type /Catalog /OpenAction << /S /Launch /F (cmd.exe) >> >> endobj')],
    ['an embedded file', pdf('1 0 obj << /Type /Catalog /Names << /EmbeddedFiles 2 0 R >> >> endobj')],
    [
      'JavaScript inside a compressed object stream',
      (() => {
        const inner = deflateSync(Buffer.from('3 0 obj << /S /JavaScript /JS (this.exportDataObject()) >> endobj', 'latin1'));
        return Buffer.concat([
          Buffer.from(`%PDF-1.7\n2 0 obj << /Type /ObjStm /Filter /FlateDecode /Length ${inner.length} >>\nstream\n`, 'latin1'),
          inner,
          Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
        ]);
      })(),
    ],
  ];
  for (const [name, bytes] of cases) {
    it(`refuses ${name}`, async () => {
      expect(pdfIsActive(bytes)).toBe(true);
      const m = await member();
      expectError(await upload(m.cookie, bytes, 'bank_cancelled_cheque'), 400, { code: 'INVALID_FILE_TYPE', message: MSG.pdfActiveContent });
      expect(await storedOf(m.user.id)).toEqual([]);
    });
  }

  it('accepts a plain scan', async () => {
    const m = await member();
    const plain = pdf('1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj');
    expect(pdfIsActive(plain)).toBe(false);
    expect(pdfIsActive(fakePdf(3000))).toBe(false);
    expect((await upload(m.cookie, plain, 'bank_cancelled_cheque')).status).toBe(201);
  });
});

describe('document answers', () => {
  it('carry Content-Security-Policy: sandbox and nosniff', async () => {
    const m = await member();
    const r = await upload(
      m.cookie,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer(),
    );
    const doc = await t.api('GET', `/api/documents/${r.body.id}`, { cookie: m.cookie });
    expect(doc.status).toBe(200);
    expect(String(doc.headers['content-security-policy'])).toMatch(/^sandbox;/);
    expect(doc.headers['x-content-type-options']).toBe('nosniff');
  });
});
