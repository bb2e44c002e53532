import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { count, expectError, expectInvalid, uniqueEmail } from '../support/http';
import { SignupForm, SponsorResponse } from '../../contracts/auth';
import { MSG } from '../../contracts/messages';
import { pendingRecruits } from '../../server/db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** The form's body: the Direct Seller Agreement in force accepted (issue 32, seeded version 1). */
const signup = (body: unknown) => t.api('POST', '/api/auth/signup', { body: { agreementVersion: 1, ...(body as object) } });
const usersWithEmail = (email: string) => count(t, 'users', sql`email = ${email.toLowerCase()}`);

describe('POST /api/auth/signup', () => {
  it('creates a registered user with a hashed password and mails a verification link', async () => {
    const email = uniqueEmail('signup');
    const r = await signup({ fullName: '  Kiran   Das Gupta ', email: email.toUpperCase(), password: 'Signup#123' });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ message: MSG.signupDone });
    const u = (await userByEmail(t, email))!;
    expect(u.status).toBe('registered');
    expect(u.emailVerified).toBe(false);
    expect(u.role).toBe('user');
    expect(u.firstName).toBe('Kiran');
    expect(u.lastName).toBe('Das Gupta');
    expect(u.userId).toMatch(/^MB\d{7}$/);
    expect(u.password).toMatch(/^\$argon2id\$/);
    expect(u.sponsorId).toBeNull();
    await t.flushMail();
    expect(t.mail.tokenFrom(email, '/verify-email')).toBeTruthy();
  });

  it('gives public user ids that are not sequential', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const email = uniqueEmail('seq');
      expect((await signup({ fullName: 'Seq User', email, password: 'Signup#123' })).status).toBe(201);
      ids.push(Number((await userByEmail(t, email))!.userId.slice(2)));
    }
    expect(ids[1] - ids[0] === 1 && ids[2] - ids[1] === 1).toBe(false);
  });

  it.each([
    ['missing full name', { email: 'a@example.com', password: 'Signup#123' }, MSG.fullNameRequired, 'fullName'],
    ['blank full name', { fullName: '   ', email: 'a@example.com', password: 'Signup#123' }, MSG.fullNameRequired, 'fullName'],
    ['invalid email', { fullName: 'A B', email: 'not-an-email', password: 'Signup#123' }, MSG.emailInvalid, 'email'],
    ['missing email', { fullName: 'A B', password: 'Signup#123' }, MSG.emailInvalid, 'email'],
    ['short password', { fullName: 'A B', email: 'a@example.com', password: '12345' }, MSG.passwordMin, 'password'],
    ['missing password', { fullName: 'A B', email: 'a@example.com' }, MSG.passwordMin, 'password'],
  ])("refuses %s with the documents' message and changes nothing", async (_name, body, message, field) => {
    const usersBefore = await count(t, 'users');
    const mailBefore = await count(t, 'mail_outbox');
    expectInvalid(await signup(body), message, field);
    expect(await count(t, 'users')).toBe(usersBefore);
    expect(await count(t, 'mail_outbox')).toBe(mailBefore);
  });

  it('handles the longest full names without a server error', async () => {
    for (const fullName of ['A'.repeat(120), `${'B'.repeat(60)} ${'C'.repeat(59)}`]) {
      const email = uniqueEmail('longname');
      const r = await signup({ fullName, email, password: 'Signup#123' });
      expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
      if (r.status === 201) expect(`${(await userByEmail(t, email))!.firstName} ${(await userByEmail(t, email))!.lastName}`.trim()).toBe(fullName);
      else expectError(r, 400, { code: 'VALIDATION_ERROR', field: 'fullName' });
    }
  });

  it('keeps "Passwords don\'t match" as the shared form rule', () => {
    const r = SignupForm.safeParse({ fullName: 'A B', email: 'a@example.com', password: 'Signup#123', confirmPassword: 'Signup#124', agreementVersion: 1 });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ message: MSG.passwordsDontMatch, path: ['confirmPassword'] });
  });

  it('refuses a duplicate email (any case) with 409 DUPLICATE_EMAIL', async () => {
    const email = uniqueEmail('dup');
    expect((await signup({ fullName: 'First One', email, password: 'Signup#123' })).status).toBe(201);
    const mailBefore = await count(t, 'mail_outbox');
    expectError(await signup({ fullName: 'Second One', email: email.toUpperCase(), password: 'Other#1234' }), 409, {
      code: 'DUPLICATE_EMAIL',
      message: MSG.duplicateEmail,
    });
    expect(await usersWithEmail(email)).toBe(1);
    expect((await userByEmail(t, email))!.firstName).toBe('First');
    expect(await count(t, 'mail_outbox')).toBe(mailBefore);
  });

  it('refuses the email of a demo account', async () => {
    expectError(await signup({ fullName: 'Fake Admin', email: t.demo.admin.email, password: 'Signup#123' }), 409, { code: 'DUPLICATE_EMAIL' });
  });

  it('links the sponsor given by code (any case)', async () => {
    const member = (await userByEmail(t, t.demo.member.email))!;
    const email = uniqueEmail('sponsored');
    const r = await signup({ fullName: 'With Sponsor', email, password: 'Signup#123', sponsorCode: ` ${member.userId.toLowerCase()} ` });
    expect(r.status).toBe(201);
    expect((await userByEmail(t, email))!.sponsorId).toBe(member.id);
  });

  it.each(['unknown', 'admin', 'pending'] as const)('refuses a sponsor code of an %s account and creates nothing', async (kind) => {
    const code = kind === 'unknown' ? 'MB0000001' : (await userByEmail(t, t.demo[kind].email))!.userId;
    const email = uniqueEmail('badsponsor');
    expectInvalid(await signup({ fullName: 'Bad Sponsor', email, password: 'Signup#123', sponsorCode: code }), MSG.invalidSponsor, 'sponsorCode', 'INVALID_SPONSOR');
    expect(await usersWithEmail(email)).toBe(0);
  });

  it('does not let a registered (unverified) user sign in', async () => {
    const email = uniqueEmail('unverified');
    await signup({ fullName: 'Not Yet', email, password: 'Signup#123' });
    expectError(await t.api('POST', '/api/login', { body: { userId: email, password: 'Signup#123' } }), 403, {
      code: 'ACCOUNT_NOT_VERIFIED',
      message: MSG.emailNotVerified,
    });
  });

  it('ignores fields that are not part of the request (no role or status from the client)', async () => {
    const email = uniqueEmail('massassign');
    const r = await signup({ fullName: 'Mass Assign', email, password: 'Signup#123', role: 'admin', status: 'active', emailVerified: true });
    expect(r.status).toBe(201);
    const u = (await userByEmail(t, email))!;
    expect(u.role).toBe('user');
    expect(u.status).toBe('registered');
    expect(u.emailVerified).toBe(false);
  });
});

describe('GET /api/auth/verify-sponsor/:code', () => {
  it('answers name, masked email and id of an active member', async () => {
    const member = (await userByEmail(t, t.demo.member.email))!;
    const r = await t.api('GET', `/api/auth/verify-sponsor/${member.userId.toLowerCase()}`);
    expect(r.status).toBe(200);
    const s = SponsorResponse.parse(r.body);
    expect(s).toEqual({ name: 'Asha Verma', email: expect.stringMatching(/^m\*+@demo\.local$/), id: member.userId });
    expect(s.email).not.toBe(member.email);
    expect(Object.keys(r.body).sort()).toEqual(['email', 'id', 'name']);
  });

  it('accepts the founder as a sponsor', async () => {
    const founder = (await userByEmail(t, t.demo.founder.email))!;
    expect((await t.api('GET', `/api/auth/verify-sponsor/${founder.userId}`)).status).toBe(200);
  });

  it.each(['unknown', 'admin', 'pending'] as const)('answers 404 "Invalid sponsor code" for an %s account', async (kind) => {
    const code = kind === 'unknown' ? 'MB0000001' : (await userByEmail(t, t.demo[kind].email))!.userId;
    expectError(await t.api('GET', `/api/auth/verify-sponsor/${code}`), 404, { code: 'INVALID_SPONSOR', message: MSG.invalidSponsor });
  });

  it('refuses an over-long code with 400, never 500', async () => {
    expectError(await t.api('GET', `/api/auth/verify-sponsor/${'X'.repeat(60)}`), 400, { code: 'VALIDATION_ERROR' });
    expectError(await t.api('GET', `/api/auth/verify-sponsor/${encodeURIComponent("' or 1=1 --")}`), 404, { code: 'INVALID_SPONSOR' });
  });
});

describe('POST /api/auth/verify-email', () => {
  it('verifies the email, moves the user to pending and into the pipeline', async () => {
    const email = uniqueEmail('verify');
    await signup({ fullName: 'Veri Fied', email, password: 'Signup#123' });
    await t.flushMail();
    const token = t.mail.tokenFrom(email, '/verify-email')!;
    const r = await t.api('POST', '/api/auth/verify-email', { body: { token } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: MSG.emailVerified });
    const u = (await userByEmail(t, email))!;
    expect(u.status).toBe('pending');
    expect(u.emailVerified).toBe(true);
    const recruits = await t.runtime.ctx.db.select().from(pendingRecruits).where(eq(pendingRecruits.applicantUserId, u.id));
    expect(recruits).toHaveLength(1);
    expect(recruits[0].status).toBe('awaiting_admin');
    const cookie = await t.login(email, 'Signup#123');
    expect((await t.api('GET', '/api/auth/user', { cookie })).body.status).toBe('pending');
  });

  it('with a sponsor, waits for the sponsor as upline', async () => {
    const member = (await userByEmail(t, t.demo.member.email))!;
    const email = uniqueEmail('verify-sponsored');
    await signup({ fullName: 'Has Sponsor', email, password: 'Signup#123', sponsorCode: member.userId });
    await t.flushMail();
    const r = await t.api('POST', '/api/auth/verify-email', { body: { token: t.mail.tokenFrom(email, '/verify-email') } });
    expect(r.status).toBe(200);
    const u = (await userByEmail(t, email))!;
    const [recruit] = await t.runtime.ctx.db.select().from(pendingRecruits).where(eq(pendingRecruits.applicantUserId, u.id));
    expect(recruit).toMatchObject({ status: 'awaiting_upline', uplineId: member.id, recruiterId: member.id });
  });

  it('answers "No verification token provided" without a token', async () => {
    expectInvalid(await t.api('POST', '/api/auth/verify-email', { body: {} }), MSG.noVerificationToken, 'token');
    expectInvalid(await t.api('POST', '/api/auth/verify-email', { body: { token: '  ' } }), MSG.noVerificationToken, 'token');
  });

  it('refuses an unknown token and changes nothing', async () => {
    const email = uniqueEmail('verify-bad');
    await signup({ fullName: 'Bad Token', email, password: 'Signup#123' });
    expectError(await t.api('POST', '/api/auth/verify-email', { body: { token: 'x'.repeat(43) } }), 400, {
      code: 'INVALID_TOKEN',
      message: MSG.invalidVerificationToken,
    });
    expect((await userByEmail(t, email))!.status).toBe('registered');
  });
});
