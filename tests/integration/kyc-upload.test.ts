import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { b64, count, dataUrl, expectError, expectInvalid, fakeJpeg, fakePdf, fakePng, htmlFile, uniqueEmail } from '../support/http';
import { KycDocumentView, KYC_DOCUMENT_TYPES } from '../../contracts/kyc';
import { KYC_MAX_BYTES } from '../../contracts/constants';
import { MSG } from '../../contracts/messages';
import { sha256 } from '../../server/lib/crypto';
import { kycDocuments, documentBlobs, users } from '../../server/db/schema/index';
import { refreshUserKycStatus } from '../../server/modules/kyc/kyc.service';
import { ID } from '../support/identity';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const PASSWORD = 'Kyc#12345';
async function signedIn(extra: Partial<Parameters<TestApp['createUser']>[0]> = {}) {
  const email = uniqueEmail('kyc');
  const user = await t.createUser({ email, password: PASSWORD, ...extra });
  return { email, user, cookie: await t.login(email, PASSWORD) };
}
const upload = (cookie: string | undefined, body: unknown) => t.api('POST', '/api/kyc/upload', { cookie, body });
const replace = (cookie: string | undefined, id: string, body: unknown) => t.api('PUT', `/api/kyc/${id}`, { cookie, body });
const jpegBody = (documentType: string, extra: Record<string, unknown> = {}) => ({
  documentType,
  documentData: b64(fakeJpeg()),
  documentContentType: 'image/jpeg',
  documentFilename: 'scan.jpg',
  ...extra,
});
const setStatus = (id: string, status: 'pending' | 'approved' | 'rejected', rejectionReason: string | null = null) =>
  t.runtime.ctx.db.update(kycDocuments).set({ status, rejectionReason }).where(eq(kycDocuments.id, id));
const kycStatusOf = async (userId: string) => (await t.runtime.ctx.db.select().from(users).where(eq(users.id, userId)))[0].kycStatus;
const docRows = (userId: string) => t.runtime.ctx.db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId));

describe('GET /api/kyc', () => {
  it('answers 401 when signed out', async () => {
    expectError(await t.api('GET', '/api/kyc'), 401, { code: 'UNAUTHENTICATED' });
  });

  it("lists only the caller's documents", async () => {
    const a = await signedIn();
    const b = await signedIn();
    expect((await upload(a.cookie, jpegBody('pan'))).status).toBe(201);
    expect((await upload(b.cookie, jpegBody('photo'))).status).toBe(201);
    const list = KycDocumentView.array().parse((await t.api('GET', '/api/kyc', { cookie: a.cookie })).body);
    expect(list.map((d) => d.documentType)).toEqual(['pan']);
  });
});

describe('POST /api/kyc/upload', () => {
  it('answers 401 when signed out and stores nothing', async () => {
    const blobs = await count(t, 'document_blobs');
    expectError(await upload(undefined, jpegBody('pan')), 401);
    expect(await count(t, 'document_blobs')).toBe(blobs);
  });

  it('stores a document as pending with its SHA-256, upper-cases the number, serves it at /api/documents/:id', async () => {
    const { cookie, user } = await signedIn();
    const bytes = fakeJpeg(1024);
    const r = await upload(cookie, { documentType: 'pan', documentData: b64(bytes), documentContentType: 'image/jpeg', documentFilename: 'pan card.jpg', documentNumber: ID.pan.toLowerCase() });
    expect(r.status).toBe(201);
    const view = KycDocumentView.parse(r.body);
    expect(view).toMatchObject({
      // The owner sees the number masked to its last four (docs/spec/decisions.md §7).
      documentType: 'pan',
      documentNumber: '••••••234F',
      status: 'pending',
      rejectionReason: null,
      reviewedAt: null,
      documentContentType: 'image/jpeg',
      documentUrl: `/api/documents/${view.id}`,
      documentFilename: 'pan card.jpg',
    });
    const [row] = await docRows(user.id);
    expect(row.documentNumber).toBe(ID.pan);
    // What is stored is the image encoded again (issue 13): the same 16 x 16 pixels, without the bytes that followed them.
    const [blob] = await t.runtime.ctx.db.select().from(documentBlobs).where(eq(documentBlobs.storageKey, row.storageKey));
    expect(row.sha256).toBe(sha256(blob.content!));
    expect(view.documentSize).toBe(blob.content!.length);
    expect(blob.content!.length).toBeLessThan(bytes.length);
    expect(await sharp(blob.content!).metadata()).toMatchObject({ format: 'jpeg', width: 16, height: 16 });
    expect(row.storageKey).toMatch(/^[0-9a-f]{48}$/);
    expect(await kycStatusOf(user.id)).toBe('pending');
    const list = await t.api('GET', '/api/kyc', { cookie });
    expect(list.body.map((d: { id: string }) => d.id)).toEqual([view.id]);
  });

  it('accepts PNG and PDF, a data URL prefix, and takes the type from the bytes, not the declared type', async () => {
    const { cookie } = await signedIn();
    const png = await upload(cookie, { documentType: 'aadhaar_back', documentData: dataUrl(fakePng(), 'image/png'), documentContentType: 'image/png' });
    expect(png.status).toBe(201);
    expect(png.body.documentContentType).toBe('image/png');
    const pdf = await upload(cookie, { documentType: 'bank_cancelled_cheque', documentData: b64(fakePdf()), documentContentType: 'image/jpeg', documentFilename: 'cheque.jpg' });
    expect(pdf.status).toBe(201);
    expect(pdf.body.documentContentType).toBe('application/pdf');
  });

  it('lets a pending user upload', async () => {
    const { cookie } = await signedIn({ status: 'pending' });
    expect((await upload(cookie, jpegBody('photo'))).status).toBe(201);
  });

  it.each([
    ['aadhaar', 'aadhaar_front'],
    ['aadhaarCard', 'aadhaar_front'],
    ['bank_statement', 'bank_cancelled_cheque'],
    ['bankStatement', 'bank_cancelled_cheque'],
    ['panCard', 'pan'],
  ])('maps the legacy type name %s to %s', async (legacy, canonical) => {
    const { cookie, user } = await signedIn();
    const r = await upload(cookie, jpegBody(legacy));
    expect(r.status).toBe(201);
    expect(r.body.documentType).toBe(canonical);
    expect((await docRows(user.id)).map((d) => d.documentType)).toEqual([canonical]);
  });

  describe('refusals store nothing', () => {
    const cases: [string, Record<string, unknown>, string, string, string?][] = [
      ['no file', { documentType: 'pan' }, MSG.kycFileRequired, 'documentData'],
      ['an empty file', { documentType: 'pan', documentData: '' }, MSG.kycFileRequired, 'documentData'],
      ['no document type', { documentData: b64(fakeJpeg()) }, MSG.kycTypeRequired, 'documentType'],
      ['an unknown document type', { documentType: 'passport', documentData: b64(fakeJpeg()) }, MSG.kycTypeRequired, 'documentType'],
      [
        'an HTML file renamed .jpg',
        { documentType: 'pan', documentData: b64(htmlFile()), documentContentType: 'image/jpeg', documentFilename: 'x.jpg' },
        MSG.kycFileType,
        'documentData',
        'INVALID_FILE_TYPE',
      ],
      ['a GIF', { documentType: 'pan', documentData: b64(Buffer.from('GIF89a\x01\x00\x01\x00')), documentContentType: 'image/gif' }, MSG.kycFileType, 'documentData', 'INVALID_FILE_TYPE'],
      ['text that is not base64', { documentType: 'pan', documentData: '<<not base64!>>' }, MSG.kycFileType, 'documentData', 'INVALID_FILE_TYPE'],
      ['a file over 5 MB', { documentType: 'pan', documentData: b64(fakeJpeg(KYC_MAX_BYTES + 1)), documentContentType: 'image/jpeg' }, MSG.kycFileSize, 'documentData', 'FILE_TOO_LARGE'],
      [
        'a PDF as the profile photo',
        { documentType: 'photo', documentData: b64(fakePdf()), documentContentType: 'application/pdf', documentFilename: 'me.pdf' },
        MSG.photoNotPdf,
        'documentData',
        'INVALID_FILE_TYPE',
      ],
    ];
    it.each(cases)("refuses %s with the documents' message", async (_n, body, message, field, code) => {
      const { cookie, user } = await signedIn();
      const blobs = await count(t, 'document_blobs');
      const docs = await count(t, 'kyc_documents');
      expectInvalid(await upload(cookie, body), message, field, code ?? 'VALIDATION_ERROR');
      expect((await t.api('GET', '/api/kyc', { cookie })).body).toEqual([]);
      expect(await docRows(user.id)).toEqual([]);
      expect(await count(t, 'document_blobs')).toBe(blobs);
      expect(await count(t, 'kyc_documents')).toBe(docs);
    });
  });

  it('refuses a second upload of a type whose newest document is pending (409), and when approved (409)', async () => {
    const { cookie, user } = await signedIn();
    const first = await upload(cookie, jpegBody('pan'));
    expectError(await upload(cookie, jpegBody('pan')), 409, { code: 'DOCUMENT_LOCKED', message: MSG.documentLockedPending });
    await setStatus(first.body.id, 'approved');
    expectError(await upload(cookie, jpegBody('pan')), 409, { code: 'DOCUMENT_LOCKED', message: MSG.documentLockedApproved });
    expect(await docRows(user.id)).toHaveLength(1);
    expect((await docRows(user.id))[0].status).toBe('approved');
  });

  it('after a rejection, an upload updates that same row back to pending', async () => {
    const { cookie, user } = await signedIn();
    const first = await upload(cookie, jpegBody('aadhaar_front'));
    const [before] = await docRows(user.id);
    await setStatus(first.body.id, 'rejected', 'Blurry image');
    const bytes = fakePng(512);
    const r = await upload(cookie, { documentType: 'aadhaar', documentData: b64(bytes), documentNumber: ID.otherAadhaar });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: first.body.id, status: 'pending', rejectionReason: null, documentContentType: 'image/png', documentNumber: '••••••••1234' });
    const rows = await docRows(user.id);
    expect(rows).toHaveLength(1);
    const [blob] = await t.runtime.ctx.db.select().from(documentBlobs).where(eq(documentBlobs.storageKey, rows[0].storageKey));
    expect(rows[0].sha256).toBe(sha256(blob.content!));
    expect(await sharp(blob.content!).metadata()).toMatchObject({ format: 'png', width: 16, height: 16 });
    expect(bytes.length).toBe(512);
    // The replaced bytes are gone.
    expect(await count(t, 'document_blobs', sql`storage_key = ${before.storageKey}`)).toBe(0);
  });

  it("refuses uploads once the user's KYC is locked", async () => {
    const { cookie, user } = await signedIn({ kycLocked: true });
    expectError(await upload(cookie, jpegBody('pan')), 409, { code: 'DOCUMENT_LOCKED' });
    expect(await docRows(user.id)).toEqual([]);
  });
});

describe('PUT /api/kyc/:documentId', () => {
  it('answers 401 when signed out', async () => {
    expectError(await replace(undefined, randomUUID(), jpegBody('pan')), 401);
  });

  it('replaces only a rejected document (409 for pending and approved)', async () => {
    const { cookie, user } = await signedIn();
    const doc = (await upload(cookie, jpegBody('pan'))).body;
    expectError(await replace(cookie, doc.id, jpegBody('pan')), 409, { code: 'DOCUMENT_LOCKED', message: MSG.onlyRejectedReplace });
    await setStatus(doc.id, 'approved');
    expectError(await replace(cookie, doc.id, jpegBody('pan')), 409, { code: 'DOCUMENT_LOCKED', message: MSG.onlyRejectedReplace });
    await setStatus(doc.id, 'rejected', 'Cut off');
    const bytes = fakePdf(600);
    const r = await replace(cookie, doc.id, { documentData: b64(bytes), documentFilename: 'pan.pdf' });
    expect(r.status).toBe(200);
    expect(KycDocumentView.parse(r.body)).toMatchObject({ id: doc.id, documentType: 'pan', status: 'pending', rejectionReason: null, documentContentType: 'application/pdf' });
    const rows = await docRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].sha256).toBe(sha256(bytes));
  });

  it("answers 404 for another user's document and leaves it untouched", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const doc = (await upload(owner.cookie, jpegBody('pan'))).body;
    await setStatus(doc.id, 'rejected', 'Unreadable');
    const [before] = await docRows(owner.user.id);
    expectError(await replace(other.cookie, doc.id, jpegBody('pan')), 404, { code: 'NOT_FOUND' });
    const [after] = await docRows(owner.user.id);
    expect(after).toEqual(before);
    expect(await docRows(other.user.id)).toEqual([]);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const { cookie } = await signedIn();
    expectError(await replace(cookie, randomUUID(), jpegBody('pan')), 404, { code: 'NOT_FOUND' });
    expectError(await replace(cookie, 'not-a-uuid', jpegBody('pan')), 400, { code: 'VALIDATION_ERROR' });
  });

  it('refuses a bad file for a rejected document, which stays rejected', async () => {
    const { cookie, user } = await signedIn();
    const doc = (await upload(cookie, jpegBody('photo'))).body;
    await setStatus(doc.id, 'rejected', 'Face not visible');
    const [before] = await docRows(user.id);
    expectInvalid(await replace(cookie, doc.id, { documentData: b64(fakePdf()) }), MSG.photoNotPdf, 'documentData', 'INVALID_FILE_TYPE');
    expectInvalid(await replace(cookie, doc.id, { documentData: b64(htmlFile()), documentFilename: 'x.jpg' }), MSG.kycFileType, 'documentData', 'INVALID_FILE_TYPE');
    expectInvalid(await replace(cookie, doc.id, {}), MSG.kycFileRequired, 'documentData');
    expectInvalid(await replace(cookie, doc.id, { documentData: b64(fakeJpeg(KYC_MAX_BYTES + 1)) }), MSG.kycFileSize, 'documentData', 'FILE_TOO_LARGE');
    const [after] = await docRows(user.id);
    expect(after).toEqual(before);
  });
});

describe("the user's kycStatus (decisions.md §7)", () => {
  it('is rejected when any newest document is rejected, pending otherwise, approved when all five are approved', async () => {
    const { cookie, user } = await signedIn();
    const ids: Record<string, string> = {};
    for (const type of KYC_DOCUMENT_TYPES) {
      const r = await upload(cookie, jpegBody(type));
      expect(r.status).toBe(201);
      ids[type] = r.body.id;
    }
    expect(await kycStatusOf(user.id)).toBe('pending');

    // A rejection is seen at the next change.
    await setStatus(ids.pan, 'rejected', 'Wrong document');
    await refreshUserKycStatus(t.runtime.ctx, t.runtime.ctx.db, user.id);
    expect(await kycStatusOf(user.id)).toBe('rejected');
    expect((await t.api('GET', '/api/auth/user', { cookie })).body.kycStatus).toBe('rejected');

    // Replacing the rejected one sends it back to review: pending again.
    expect((await replace(cookie, ids.pan, { documentData: b64(fakeJpeg()) })).status).toBe(200);
    expect(await kycStatusOf(user.id)).toBe('pending');

    // Four approved and one pending is still pending.
    for (const type of KYC_DOCUMENT_TYPES.filter((x) => x !== 'photo')) await setStatus(ids[type], 'approved');
    await refreshUserKycStatus(t.runtime.ctx, t.runtime.ctx.db, user.id);
    expect(await kycStatusOf(user.id)).toBe('pending');

    await setStatus(ids.photo, 'approved');
    await refreshUserKycStatus(t.runtime.ctx, t.runtime.ctx.db, user.id);
    expect(await kycStatusOf(user.id)).toBe('approved');
    expect((await t.api('GET', '/api/auth/user', { cookie })).body.kycStatus).toBe('approved');
  });

  it('an upload after a rejection of another type keeps the user rejected', async () => {
    const { cookie, user } = await signedIn();
    const pan = (await upload(cookie, jpegBody('pan'))).body;
    await setStatus(pan.id, 'rejected', 'Expired card');
    expect((await upload(cookie, jpegBody('photo'))).status).toBe(201);
    expect(await kycStatusOf(user.id)).toBe('rejected');
    expect((await upload(cookie, jpegBody('pan'))).status).toBe(200);
    expect(await kycStatusOf(user.id)).toBe('pending');
  });
});

describe('demo member', () => {
  it('starts with the five documents approved (issue 30: the demo can withdraw), each one served', async () => {
    const cookie = await t.login(t.demo.member.email, t.demo.member.password);
    const docs = (await t.api('GET', '/api/kyc', { cookie })).body as { documentType: string; status: string; documentUrl: string; documentContentType: string }[];
    expect(docs.map((d) => d.documentType).sort()).toEqual([...KYC_DOCUMENT_TYPES].sort());
    for (const d of docs) {
      expect(d.status).toBe('approved');
      const file = await t.api('GET', d.documentUrl, { cookie });
      expect(file.status, d.documentType).toBe(200);
      expect(String(file.headers['content-type'])).toContain(d.documentContentType);
    }
    expect((await userByEmail(t, t.demo.member.email))!.kycStatus).toBe('approved');
  });
});
