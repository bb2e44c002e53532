import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp, demoUsers } from '../support/test-app';
import { b64, demoCookies, expectError, expectInvalid, fakeJpeg, fakePng, uniqueEmail } from '../support/http';
import { KYC_DOCUMENT_TYPES, type KycDocumentType } from '../../contracts/kyc';
import { auditLog, kycDocuments } from '../../server/db/schema/index';
import type { UserRow } from '../../server/modules/users/users.repo';
import { ID } from '../support/identity';

let t: TestApp;
let cookies: Awaited<ReturnType<typeof demoCookies>>;
let admin: UserRow;
let founder: UserRow;

beforeAll(async () => {
  t = await startTestApp();
  cookies = await demoCookies(t);
  ({ admin, founder } = await demoUsers(t, 'admin', 'founder'));
});
afterAll(async () => t?.close());

const PW = 'Kyc#Review1';
const NUMBERS: Partial<Record<KycDocumentType, string>> = { pan: ID.pan, aadhaar_front: ID.otherAadhaar, aadhaar_back: ID.otherAadhaar, bank_cancelled_cheque: ID.account5 };

async function memberWithDocuments(types: readonly KycDocumentType[] = KYC_DOCUMENT_TYPES) {
  const email = uniqueEmail('kycmember');
  const user = await t.createUser({ email, password: PW, firstName: 'Kavya', lastName: 'Review', bankAccountNumber: ID.account2, bankIFSC: 'SBIN0001234', bankName: 'SBI' });
  const cookie = await t.login(email, PW);
  const docs: Record<string, string> = {};
  for (const type of types) {
    const bytes = type === 'photo' ? fakePng(300) : fakeJpeg(300);
    const r = await t.api('POST', '/api/kyc/upload', {
      cookie,
      body: { documentType: type, documentData: b64(bytes), documentContentType: type === 'photo' ? 'image/png' : 'image/jpeg', documentFilename: `${type}.jpg`, documentNumber: NUMBERS[type] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    docs[type] = r.body.id;
  }
  return { user, cookie, docs };
}

const review = (documentId: string, body: unknown, cookie = cookies.admin) => t.api('PATCH', `/api/admin/kyc/${documentId}`, { cookie, body });
const queue = (status?: string, cookie = cookies.admin) => t.api('GET', `/api/admin/kyc${status ? `?status=${status}` : ''}`, { cookie });
const notificationsOf = async (cookie: string) => (await t.api('GET', '/api/notifications?limit=100', { cookie })).body as { type: string; subject: string; content: string; data: unknown }[];
const kycAudit = (ids: string[]) =>
  t.runtime.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'kyc_document'), inArray(auditLog.entityId, ids)))
    .orderBy(asc(auditLog.createdAt));

describe('the review queue', () => {
  let m: Awaited<ReturnType<typeof memberWithDocuments>>;
  beforeAll(async () => {
    m = await memberWithDocuments();
  });

  it('GET /api/admin/kyc?status=pending lists the member with the five documents and the full numbers', async () => {
    const r = await queue('pending');
    expect(r.status).toBe(200);
    const entry = r.body.find((e: { userId: string }) => e.userId === m.user.id);
    expect(entry).toMatchObject({
      userId: m.user.id,
      userUserId: m.user.userId,
      firstName: 'Kavya',
      lastName: 'Review',
      email: m.user.email,
      kycStatus: 'pending',
      pendingCount: 5,
      bankAccountNumber: ID.account2,
      rejectionReason: null,
      reviewedAt: null,
    });
    expect(entry.documents).toHaveLength(5);
    // The last document activity, read from the user's own documents.
    expect(Date.parse(entry.updatedAt)).toBeGreaterThanOrEqual(Date.parse(entry.createdAt));
    const byType = Object.fromEntries(entry.documents.map((d: { documentType: string }) => [d.documentType, d]));
    expect(Object.keys(byType).sort()).toEqual([...KYC_DOCUMENT_TYPES].sort());
    expect(byType.pan).toMatchObject({ id: m.docs.pan, documentNumber: ID.pan, status: 'pending', documentUrl: `/api/documents/${m.docs.pan}`, documentContentType: 'image/jpeg' });
    expect(byType.aadhaar_front.documentNumber).toBe(ID.otherAadhaar);
    expect(byType.bank_cancelled_cheque.documentNumber).toBe(ID.account5);
    expect(byType.photo.documentContentType).toBe('image/png');
    // The default tab is pending.
    expect((await queue()).body.map((e: { userId: string }) => e.userId)).toContain(m.user.id);
    expect((await queue('approved')).body.map((e: { userId: string }) => e.userId)).not.toContain(m.user.id);
    // The reviewer may open the bytes.
    const file = await t.api('GET', byType.pan.documentUrl, { cookie: cookies.admin });
    expect(file.status).toBe(200);
  });

  it('GET /api/admin/kyc/:userId/documents answers the user and every document in full', async () => {
    const r = await t.api('GET', `/api/admin/kyc/${m.user.id}/documents`, { cookie: cookies.admin });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ userId: m.user.id, userUserId: m.user.userId, bankAccountNumber: ID.account2 });
    expect(r.body.documents).toHaveLength(5);
    expect(r.body.documents.find((d: { id: string }) => d.id === m.docs.pan).documentNumber).toBe(ID.pan);
    expectError(await t.api('GET', `/api/admin/kyc/${randomUUID()}/documents`, { cookie: cookies.admin }), 404, { code: 'NOT_FOUND' });
    const bad = await t.api('GET', '/api/admin/kyc/not-a-uuid/documents', { cookie: cookies.admin });
    expect([400, 404]).toContain(bad.status);
    // A founder reviews too.
    expect((await t.api('GET', `/api/admin/kyc/${m.user.id}/documents`, { cookie: cookies.founder })).status).toBe(200);
  });

  it('the admins were told once that documents arrived', async () => {
    const mine = (await notificationsOf(cookies.admin)).filter((n) => n.type === 'kyc_submitted' && (n.data as { userId?: string })?.userId === m.user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].content).toContain(m.user.userId);
    // Only admins: the founder reviews but is not in the admins' work list, and the member is not told.
    expect((await notificationsOf(m.cookie)).filter((n) => n.type === 'kyc_submitted')).toEqual([]);
  });

  it('approving all five makes the user approved and tells them once; each decision is audited', async () => {
    const types = [...KYC_DOCUMENT_TYPES];
    for (const [i, type] of types.entries()) {
      const by = i === 2 ? cookies.founder : cookies.admin;
      const r = await review(m.docs[type], { status: 'approved' }, by);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ id: m.docs[type], status: 'approved', rejectionReason: null, userKycStatus: i < types.length - 1 ? 'pending' : 'approved' });
      expect(r.body.reviewedAt).toEqual(expect.any(String));
    }
    expect((await userByEmail(t, m.user.email))!.kycStatus).toBe('approved');
    expect((await t.api('GET', '/api/auth/user', { cookie: m.cookie })).body.kycStatus).toBe('approved');
    const approved = (await notificationsOf(m.cookie)).filter((n) => n.type === 'kyc_approved');
    expect(approved).toHaveLength(1);
    expect(approved[0].subject).toBe('KYC approved');

    expect((await queue('pending')).body.map((e: { userId: string }) => e.userId)).not.toContain(m.user.id);
    const entry = (await queue('approved')).body.find((e: { userId: string }) => e.userId === m.user.id);
    expect(entry).toMatchObject({ kycStatus: 'approved', pendingCount: 0, reviewedAt: expect.any(String) });

    const rows = await kycAudit(Object.values(m.docs));
    expect(rows).toHaveLength(5);
    for (const [i, row] of rows.entries()) {
      expect(row.action).toBe('kyc.approve');
      expect(row).toMatchObject({ actorId: i === 2 ? founder.id : admin.id, actorRole: i === 2 ? 'founder' : 'admin', newState: { status: 'approved' } });
    }
    const [db] = await t.runtime.ctx.db.select().from(kycDocuments).where(eq(kycDocuments.id, m.docs.photo));
    expect(db).toMatchObject({ status: 'approved', reviewedBy: admin.id });
  });
});

describe('rejection', () => {
  it('rejecting one document with a reason makes the user rejected and tells them the reason', async () => {
    const m = await memberWithDocuments(['pan', 'aadhaar_front', 'photo']);
    expect((await review(m.docs.aadhaar_front, { status: 'approved' })).status).toBe(200);
    const r = await review(m.docs.pan, { status: 'rejected', rejectionReason: '  Blurry image  ' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ id: m.docs.pan, status: 'rejected', rejectionReason: 'Blurry image', userKycStatus: 'rejected' });
    expect((await userByEmail(t, m.user.email))!.kycStatus).toBe('rejected');

    const told = (await notificationsOf(m.cookie)).filter((n) => n.type === 'kyc_rejected');
    expect(told).toHaveLength(1);
    expect(told[0].content).toContain('Blurry image');
    expect(told[0].content).toContain('PAN');

    const entry = (await queue('rejected')).body.find((e: { userId: string }) => e.userId === m.user.id);
    expect(entry).toMatchObject({ kycStatus: 'rejected', rejectionReason: 'Blurry image' });
    // The photo still waits: the user is also in the pending tab.
    expect((await queue('pending')).body.map((e: { userId: string }) => e.userId)).toContain(m.user.id);
    // The member sees the reason on their own document.
    const own = (await t.api('GET', '/api/kyc', { cookie: m.cookie })).body.find((d: { id: string }) => d.id === m.docs.pan);
    expect(own).toMatchObject({ status: 'rejected', rejectionReason: 'Blurry image' });

    const [row] = (await kycAudit([m.docs.pan])).filter((x) => x.action === 'kyc.reject');
    expect(row).toMatchObject({ actorId: admin.id, reason: 'Blurry image', previousState: { status: 'pending' }, newState: { status: 'rejected', userKycStatus: 'rejected' } });
  });

  it("refuses a rejection without a reason with the documents' message, changing nothing", async () => {
    const m = await memberWithDocuments(['pan']);
    const before = (await t.runtime.ctx.db.select().from(kycDocuments).where(eq(kycDocuments.id, m.docs.pan)))[0];
    for (const body of [{ status: 'rejected' }, { status: 'rejected', rejectionReason: '   ' }, { status: 'rejected', rejectionReason: '' }]) {
      expectInvalid(await review(m.docs.pan, body), 'Rejection reason is required.', 'rejectionReason');
    }
    expectInvalid(await review(m.docs.pan, { status: 'maybe' }), 'Status must be approved or rejected', 'status');
    expectInvalid(await review(m.docs.pan, {}), 'Status must be approved or rejected', 'status');
    const after = (await t.runtime.ctx.db.select().from(kycDocuments).where(eq(kycDocuments.id, m.docs.pan)))[0];
    expect(after).toEqual(before);
    expect(await kycAudit([m.docs.pan])).toEqual([]);
    expect((await notificationsOf(m.cookie)).filter((n) => n.type.startsWith('kyc_'))).toEqual([]);
  });
});

describe('who may review', () => {
  it('a member gets 403 (even for their own document) and nothing changes', async () => {
    const m = await memberWithDocuments(['pan']);
    expectError(await review(m.docs.pan, { status: 'approved' }, m.cookie), 403, { code: 'FORBIDDEN' });
    expectError(await review(m.docs.pan, { status: 'approved' }, cookies.member), 403, { code: 'FORBIDDEN' });
    expectError(await review(m.docs.pan, { status: 'approved' }, cookies.pending), 403, { code: 'FORBIDDEN' });
    expectError(await queue('pending', cookies.member), 403);
    expectError(await t.api('PATCH', `/api/admin/kyc/${m.docs.pan}`, { body: { status: 'approved' } }), 401);
    expect((await t.runtime.ctx.db.select().from(kycDocuments).where(eq(kycDocuments.id, m.docs.pan)))[0].status).toBe('pending');
  });

  it('a founder may review (reviewer access)', async () => {
    const m = await memberWithDocuments(['photo']);
    const r = await review(m.docs.photo, { status: 'rejected', rejectionReason: 'Face not visible' }, cookies.founder);
    expect(r.status).toBe(200);
    expect((await kycAudit([m.docs.photo]))[0]).toMatchObject({ action: 'kyc.reject', actorId: founder.id, actorRole: 'founder' });
    expect((await queue('rejected', cookies.founder)).status).toBe(200);
  });

  it('an unknown document answers 404, a malformed id 400', async () => {
    expectError(await review(randomUUID(), { status: 'approved' }), 404, { code: 'NOT_FOUND' });
    expectError(await review('not-a-uuid', { status: 'approved' }), 400, { code: 'VALIDATION_ERROR' });
  });

  it('an unknown tab is refused with 400', async () => {
    expectError(await queue('everything'), 400, { code: 'VALIDATION_ERROR' });
  });
});
