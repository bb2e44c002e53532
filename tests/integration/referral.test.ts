import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { registerRecruit } from '../support/referral';
import { startTestApp, userByEmail, type TestApp, demoUsers } from '../support/test-app';
import { count, dataUrl, expectError, expectInvalid, fakeJpeg, fakePdf, fakePng, htmlFile, uniqueEmail } from '../support/http';
import { MSG } from '../../contracts/messages';
import { sha256 } from '../../server/lib/crypto';
import { REFERRAL_DOC_MAX_BYTES, REFERRAL_LINK_TTL_MS } from '../../contracts/constants';
import { ReferralValidateResponse } from '../../contracts/referral';
import { createReferralLink } from '../../server/modules/referral/referral.service';
import { kycDocuments, pendingRecruits, referralLinks, notifications } from '../../server/db/schema/index';
import type { UserRow } from '../../server/modules/users/users.repo';
import { ID, uniquePan } from '../support/identity';

let t: TestApp;
let member: UserRow;
let admin: UserRow;
beforeAll(async () => {
  t = await startTestApp();
  ({ member, admin } = await demoUsers(t, 'member', 'admin'));
});
afterAll(async () => t?.close());

async function link(generator: UserRow = member, opts: Parameters<typeof createReferralLink>[3] = { placementSide: 'left' }) {
  return createReferralLink(t.runtime.ctx, t.runtime.ctx.db, generator, opts);
}
function registration(referralToken: string, extra: Record<string, unknown> = {}) {
  return {
    firstName: 'Rohan',
    lastName: 'Patil',
    email: uniqueEmail('recruit'),
    mobile: '9812345678',
    nominee: 'Sita Patil',
    password: 'Recruit#123',
    address: '221 Baker Street, Shivaji Nagar',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411005',
    panNumber: uniquePan().toLowerCase(),
    aadhaarNumber: ID.otherAadhaar,
    bankAccountNumber: ID.account,
    bankIFSC: 'hdfc0001234',
    bankName: 'hdfc bank',
    bankAccountHolderName: 'rohan patil',
    packageAmount: 5000,
    referralToken,
    panCardUrl: '',
    aadhaarFrontUrl: '',
    aadhaarBackUrl: '',
    bankCancelledChequeUrl: '',
    photoUrl: '',
    ...extra,
  };
}
const validate = (token?: string) => t.api('GET', `/api/referral/validate${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`);
const register = (body: unknown) => registerRecruit(t, body);

describe('GET /api/referral/validate', () => {
  it('answers valid, generatedBy and placementSide for a live link', async () => {
    const { token } = await link(member, { placementSide: 'right' });
    const r = await validate(token);
    expect(r.status).toBe(200);
    expect(ReferralValidateResponse.parse(r.body)).toMatchObject({ valid: true, generatedBy: member.userId, placementSide: 'right' });
  });

  it('requires the token parameter', async () => {
    expectInvalid(await validate(), MSG.referralTokenRequired, 'token');
    expectInvalid(await validate(''), MSG.referralTokenRequired, 'token');
  });

  it("answers not valid, with the documents' message, for an unknown token", async () => {
    const r = await validate('u'.repeat(43));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ valid: false, message: MSG.referralInvalid });
  });

  it('answers not valid after 48 hours', async () => {
    const { token } = await link();
    t.clock.advance(REFERRAL_LINK_TTL_MS - 60_000);
    expect((await validate(token)).body.valid).toBe(true);
    t.clock.advance(120_000);
    expect((await validate(token)).body).toEqual({ valid: false, message: MSG.referralInvalid });
  });
});

describe('POST /api/referral/complete-registration', () => {
  it('creates a pending user with documents, a pipeline row for the upline, and spends the link', async () => {
    const { token, link: row } = await link(member, { placementSide: 'left' });
    const pan = fakeJpeg(800);
    const photo = fakePng(600);
    const body = registration(token, { panCardUrl: dataUrl(pan, 'image/jpeg'), photoUrl: dataUrl(photo, 'image/png'), aadhaarFrontUrl: dataUrl(fakePdf(), 'application/pdf') });
    const r = await register(body);
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ message: MSG.referralSubmitted });

    const u = (await userByEmail(t, body.email))!;
    expect(u).toMatchObject({
      status: 'pending',
      role: 'user',
      sponsorId: member.id,
      emailVerified: true,
      panNumber: body.panNumber.toUpperCase(),
      bankIFSC: 'HDFC0001234',
      bankName: 'HDFC BANK',
      bankAccountHolderName: 'ROHAN PATIL',
      nominee: 'Sita Patil',
      kycStatus: 'pending',
    });
    expect(u.password).toMatch(/^\$argon2id\$/);
    const docs = await t.runtime.ctx.db.select().from(kycDocuments).where(eq(kycDocuments.userId, u.id));
    expect(docs.map((d) => d.documentType).sort()).toEqual(['aadhaar_front', 'pan', 'photo']);
    expect(docs.every((d) => d.status === 'pending')).toBe(true);
    const [recruit] = await t.runtime.ctx.db.select().from(pendingRecruits).where(eq(pendingRecruits.applicantUserId, u.id));
    expect(recruit).toMatchObject({ status: 'awaiting_upline', recruiterId: member.id, uplineId: member.id, position: 'left', packageAmount: '5000.00' });
    const [used] = await t.runtime.ctx.db.select().from(referralLinks).where(eq(referralLinks.id, row.id));
    expect(used).toMatchObject({ isUsed: true, usedBy: u.id, pendingRecruitId: recruit.id });
    const note = await t.runtime.ctx.db.select().from(notifications).where(eq(notifications.userId, member.id));
    expect(note.some((n) => n.type === 'placement_decision_required' && (n.data as { pendingRecruitId?: string })?.pendingRecruitId === recruit.id)).toBe(true);

    // The new user can sign in and sees the pending state and the documents.
    const cookie = await t.login(body.email, 'Recruit#123');
    expect((await t.api('GET', '/api/auth/user', { cookie })).body.status).toBe('pending');
    expect((await t.api('GET', '/api/kyc', { cookie })).body).toHaveLength(3);
    // The link is spent.
    expect((await validate(token)).body.valid).toBe(false);
  });

  it('defaults the package amount to 5000', async () => {
    const { token } = await link();
    const body = registration(token);
    delete (body as Record<string, unknown>).packageAmount;
    expect((await register(body)).status).toBe(201);
    const u = (await userByEmail(t, body.email))!;
    const [recruit] = await t.runtime.ctx.db.select().from(pendingRecruits).where(eq(pendingRecruits.applicantUserId, u.id));
    expect(recruit.packageAmount).toBe('5000.00');
  });

  it('an admin-generated link goes straight to the admins, without a sponsor', async () => {
    const { token } = await link(admin, { placementType: 'auto', placementSide: null });
    const body = registration(token);
    expect((await register(body)).status).toBe(201);
    const u = (await userByEmail(t, body.email))!;
    expect(u.sponsorId).toBeNull();
    const [recruit] = await t.runtime.ctx.db.select().from(pendingRecruits).where(eq(pendingRecruits.applicantUserId, u.id));
    expect(recruit).toMatchObject({ status: 'awaiting_admin', uplineId: null, placementType: 'auto' });
  });

  describe('validation messages (document 1 §5), each changing nothing', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['missing first name', { firstName: '' }, MSG.firstNameRequired, 'firstName'],
      ['missing last name', { lastName: ' ' }, MSG.lastNameRequired, 'lastName'],
      ['invalid email', { email: 'nope' }, MSG.validEmailRequired, 'email'],
      ['missing email', { email: undefined }, MSG.validEmailRequired, 'email'],
      ['short password', { password: '12345' }, MSG.passwordMin, 'password'],
      ['missing password', { password: undefined }, MSG.passwordMin, 'password'],
      ['short mobile', { mobile: '98123' }, MSG.mobileRequired, 'mobile'],
      ['missing nominee', { nominee: '' }, MSG.nomineeRequired, 'nominee'],
      ['short address', { address: 'Pune' }, MSG.addressRequired, 'address'],
      ['missing city', { city: '' }, MSG.cityRequired, 'city'],
      ['missing state', { state: '' }, MSG.stateRequired, 'state'],
      ['short pincode', { pincode: '4110' }, MSG.pincodeRequired, 'pincode'],
      ['zero package amount', { packageAmount: 0 }, MSG.packageAmountInvalid, 'packageAmount'],
      ['negative package amount', { packageAmount: -5 }, MSG.packageAmountInvalid, 'packageAmount'],
      ['non-numeric package amount', { packageAmount: 'abc' }, MSG.packageAmountInvalid, 'packageAmount'],
      ['missing referral token', { referralToken: '' }, MSG.referralTokenRequired, 'referralToken'],
    ];
    it.each(cases)('refuses %s', async (_n, patch, message, field) => {
      const { token } = await link();
      const body = registration(token, patch);
      const usersBefore = await count(t, 'users');
      expectInvalid(await register(body), message, field);
      expect(await count(t, 'users')).toBe(usersBefore);
      expect((await validate(token)).body.valid).toBe(true);
    });
  });

  describe('document checks, each storing nothing', () => {
    const cases: [string, () => Record<string, unknown>, string, string][] = [
      ['a PDF as the profile photo', () => ({ photoUrl: dataUrl(fakePdf(), 'application/pdf') }), MSG.photoNotPdf, 'photoUrl'],
      ['an HTML file as the PAN card', () => ({ panCardUrl: dataUrl(htmlFile(), 'image/jpeg') }), MSG.kycFileType, 'panCardUrl'],
      ['a file over 10 MB', () => ({ aadhaarBackUrl: dataUrl(fakeJpeg(REFERRAL_DOC_MAX_BYTES + 1), 'image/jpeg') }), 'Aadhaar Back file size must be less than 10MB', 'aadhaarBackUrl'],
    ];
    it.each(cases)('refuses %s', async (_n, patch, message, field) => {
      const { token } = await link();
      const body = registration(token, { panCardUrl: dataUrl(fakeJpeg(), 'image/jpeg'), ...patch() });
      const usersBefore = await count(t, 'users');
      const blobsBefore = await count(t, 'document_blobs');
      const r = await register(body);
      expectError(r, 400, { message, field });
      expect(await count(t, 'users')).toBe(usersBefore);
      expect(await count(t, 'document_blobs')).toBe(blobsBefore);
      expect((await validate(token)).body.valid).toBe(true);
    });
  });

  it('refuses an email already registered with 409 DUPLICATE_EMAIL and keeps the link', async () => {
    const { token } = await link();
    const body = registration(token, { email: t.demo.pending.email.toUpperCase(), panCardUrl: dataUrl(fakeJpeg(), 'image/jpeg') });
    const blobsBefore = await count(t, 'document_blobs');
    expectError(await register(body), 409, { code: 'DUPLICATE_EMAIL', message: MSG.duplicateEmail });
    expect(await count(t, 'document_blobs')).toBe(blobsBefore);
    expect((await validate(token)).body.valid).toBe(true);
  });

  it('refuses a link used twice', async () => {
    const { token } = await link();
    expect((await register(registration(token))).status).toBe(201);
    const second = registration(token);
    expectError(await register(second), 400, { code: 'INVALID_TOKEN', message: MSG.referralInvalid, field: 'referralToken' });
    expect(await userByEmail(t, second.email)).toBeUndefined();
  });

  it('refuses an unknown or expired link', async () => {
    expectError(await register(registration('nope'.repeat(10))), 400, { code: 'INVALID_TOKEN', message: MSG.referralInvalid });
    const { token } = await link();
    t.clock.advance(REFERRAL_LINK_TTL_MS + 1000);
    const body = registration(token);
    expectError(await register(body), 400, { code: 'INVALID_TOKEN', message: MSG.referralInvalid });
    expect(await userByEmail(t, body.email)).toBeUndefined();
  });

  it('refuses another email on a link bound to an email', async () => {
    const bound = uniqueEmail('bound');
    const { token } = await link(member, { placementSide: 'right', recruiteeEmail: bound });
    expect((await validate(token)).body.email).toBe(bound);
    const body = registration(token);
    expectError(await register(body), 400, { code: 'INVALID_TOKEN', message: MSG.referralEmailMismatch, field: 'email' });
    expect(await userByEmail(t, body.email)).toBeUndefined();
    expect((await register(registration(token, { email: bound.toUpperCase() }))).status).toBe(201);
  });

  it('two concurrent registrations on one link: exactly one succeeds', async () => {
    const { token } = await link();
    const results = await Promise.all([register(registration(token)), register(registration(token))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(await count(t, 'pending_recruits', sql`referral_link_id = (select id from referral_links where token_hash = ${sha256(token)})`)).toBe(1);
  });

  it('refuses an over-long email with 400, never 500', async () => {
    const { token } = await link();
    const usersBefore = await count(t, 'users');
    expectInvalid(await register(registration(token, { email: `${'a'.repeat(250)}@example.com` })), MSG.validEmailRequired, 'email');
    expect(await count(t, 'users')).toBe(usersBefore);
  });

  it('accepts first and last names at their longest', async () => {
    const { token } = await link();
    const body = registration(token, { firstName: 'F'.repeat(80), lastName: 'L'.repeat(80) });
    expect((await register(body)).status).toBe(201);
    expect((await userByEmail(t, body.email))!.firstName).toBe('F'.repeat(80));
  });
});
