import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { b64, bearer, demoCookies, expectError, fakeJpeg, fakePdf, query, uniqueEmail } from '../support/http';
import { sql } from 'drizzle-orm';
import { issueImpersonationCode } from '../../server/modules/impersonation/impersonation.service';
import { actorFor } from '../support/actor';
import { openColumnBytes } from '../../server/db/sealed-columns';

let t: TestApp;
let cookies: Awaited<ReturnType<typeof demoCookies>>;
let owner: { cookie: string; id: string };
let jpegDoc: { id: string; bytes: Buffer };
let pdfDoc: { id: string; bytes: Buffer };

const PASSWORD = 'Docs#12345';

beforeAll(async () => {
  t = await startTestApp();
  cookies = await demoCookies(t);
  const email = uniqueEmail('owner');
  const user = await t.createUser({ email, password: PASSWORD });
  owner = { cookie: await t.login(email, PASSWORD), id: user.id };
  const jpeg = fakeJpeg(2048);
  const r1 = await t.api('POST', '/api/kyc/upload', { cookie: owner.cookie, body: { documentType: 'pan', documentData: b64(jpeg), documentFilename: '../../etc/passwd"; evil=1.jpg' } });
  expect(r1.status).toBe(201);
  jpegDoc = { id: r1.body.id, bytes: jpeg };
  const pdf = fakePdf(3000);
  const r2 = await t.api('POST', '/api/kyc/upload', { cookie: owner.cookie, body: { documentType: 'bank_cancelled_cheque', documentData: b64(pdf) } });
  expect(r2.status).toBe(201);
  pdfDoc = { id: r2.body.id, bytes: pdf };
});
afterAll(async () => t?.close());

/** The stored bytes of a document (an image as re-encoded at upload, issue 13), decrypted (encrypted at rest, ADR 0011). */
async function storedBytes(id: string) {
  const rows = await query<{ content: Buffer }>(t, sql`select b.content from kyc_documents d join document_blobs b on b.storage_key = d.storage_key where d.id = ${id}`);
  return openColumnBytes('document_blobs', 'content', rows[0].content);
}

const fetchDoc = (id: string, headers: Record<string, string> = {}, query = '') => t.runtime.app.inject({ method: 'GET', url: `/api/documents/${id}${query}`, headers });

describe('GET /api/documents/:id', () => {
  it('serves the owner the exact bytes with content-type, content-disposition and nosniff', async () => {
    const r = await fetchDoc(jpegDoc.id, { cookie: owner.cookie });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/jpeg');
    expect(r.headers['content-disposition']).toMatch(new RegExp(`^inline; filename="pan-${jpegDoc.id.slice(0, 8)}\\.jpg"$`));
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['cache-control']).toBe('private, no-store');
    expect(String(r.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(String(r.headers['content-security-policy'])).toMatch(/^sandbox;/);
    expect(Buffer.compare(r.rawPayload, await storedBytes(jpegDoc.id))).toBe(0);
  });

  it('never puts the uploaded file name into the header', async () => {
    const r = await fetchDoc(jpegDoc.id, { cookie: owner.cookie });
    expect(r.headers['content-disposition']).not.toContain('passwd');
    expect(r.headers['content-disposition']).not.toContain('evil');
  });

  it('serves a PDF as application/pdf, and as an attachment on ?download=1', async () => {
    const r = await fetchDoc(pdfDoc.id, { cookie: owner.cookie }, '?download=1');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="bank_cancelled_cheque-[0-9a-f]{8}\.pdf"$/);
    expect(Buffer.compare(r.rawPayload, pdfDoc.bytes)).toBe(0);
  });

  it('serves an admin reviewer', async () => {
    const r = await fetchDoc(jpegDoc.id, { cookie: cookies.admin });
    expect(r.statusCode).toBe(200);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(r.rawPayload, await storedBytes(jpegDoc.id))).toBe(0);
  });

  it('serves a founder reviewer', async () => {
    const r = await fetchDoc(jpegDoc.id, { cookie: cookies.founder });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/jpeg');
  });

  it('answers 404 to another member and to a pending user', async () => {
    for (const cookie of [cookies.member, cookies.pending]) {
      const r = await t.api('GET', `/api/documents/${jpegDoc.id}`, { cookie });
      expectError(r, 404, { code: 'NOT_FOUND' });
      expect(r.headers['content-type']).toContain('application/json');
    }
  });

  it('answers 404 to a member impersonated by an admin (the target, not the admin, is the viewer)', async () => {
    const admin = (await userByEmail(t, t.demo.admin.email))!;
    const member = (await userByEmail(t, t.demo.member.email))!;
    const { code } = await issueImpersonationCode(t.runtime.ctx, actorFor(admin), member.id);
    const { accessToken } = (await t.exchange(code, admin.id)).body;
    expectError(await t.api('GET', `/api/documents/${jpegDoc.id}`, { headers: bearer(accessToken) }), 404);
  });

  it('answers 401 when signed out', async () => {
    expectError(await t.api('GET', `/api/documents/${jpegDoc.id}`), 401, { code: 'UNAUTHENTICATED' });
  });

  it('answers 404 for an unknown id and 400 for a malformed one, never 500', async () => {
    expectError(await t.api('GET', `/api/documents/${randomUUID()}`, { cookie: owner.cookie }), 404, { code: 'NOT_FOUND' });
    expectError(await t.api('GET', '/api/documents/not-a-uuid', { cookie: owner.cookie }), 400, { code: 'VALIDATION_ERROR' });
    expectError(await t.api('GET', `/api/documents/${encodeURIComponent("1' or '1'='1")}`, { cookie: owner.cookie }), 400);
    expectError(await t.api('GET', `/api/documents/${jpegDoc.id}?download=maybe`, { cookie: owner.cookie }), 400);
  });

  it('the documentUrl in the list is the address that serves the document', async () => {
    const list = await t.api('GET', '/api/kyc', { cookie: owner.cookie });
    const doc = list.body.find((d: { id: string }) => d.id === jpegDoc.id);
    const r = await t.runtime.app.inject({ method: 'GET', url: doc.documentUrl, headers: { cookie: owner.cookie } });
    expect(r.statusCode).toBe(200);
  });
});
