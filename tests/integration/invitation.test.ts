import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { expectError, expectInvalid, uniqueEmail } from '../support/http';
import { CompleteInvitationForm, InvitationResponse } from '../../contracts/auth';
import { MSG } from '../../contracts/messages';
import { issueToken } from '../../server/modules/auth/tokens.service';
import { pendingRecruits } from '../../server/db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function invite(opts: { role?: 'user' | 'admin'; firstName?: string } = {}) {
  const email = uniqueEmail('invited');
  const user = await t.createUser({
    email,
    status: 'invited',
    role: opts.role ?? 'user',
    firstName: opts.firstName ?? 'Indu',
    emailVerified: false,
    firstLogin: true,
    idStatus: 'Inactive',
  });
  const token = await issueToken(t.runtime.ctx, t.runtime.ctx.db, { email, userId: user.id, type: 'invitation' });
  return { email, user, token };
}

const validate = (body: unknown) => t.api('POST', '/api/auth/validate-invitation', { body });
/** The form's body: an invited member accepts the Direct Seller Agreement in force (issue 32, seeded version 1). */
const complete = (body: unknown) => t.api('POST', '/api/auth/complete-invitation', { body: { agreementVersion: 1, ...(body as object) } });

describe('POST /api/auth/validate-invitation', () => {
  it("answers the invited user's first name and email, and does not use the token", async () => {
    const { email, token } = await invite({ firstName: 'Meera' });
    for (let i = 0; i < 2; i++) {
      const r = await validate({ token });
      expect(r.status).toBe(200);
      expect(InvitationResponse.parse(r.body)).toEqual({ user: { firstName: 'Meera', email }, agreementRequired: true });
    }
  });

  it('requires a token', async () => {
    expectInvalid(await validate({}), MSG.tokenRequired, 'token');
  });

  it("refuses an unknown token with the documents' message", async () => {
    expectError(await validate({ token: 'z'.repeat(43) }), 400, { code: 'INVALID_TOKEN', message: MSG.invitationInvalid });
  });
});

describe('POST /api/auth/complete-invitation', () => {
  it('sets the password; a member becomes pending and enters the pipeline at the admin step', async () => {
    const { email, user, token } = await invite();
    expectError(await t.api('POST', '/api/login', { body: { userId: email, password: 'Invite#123' } }), 401);
    const r = await complete({ token, password: 'Invite#123' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: MSG.invitationComplete });
    const u = (await userByEmail(t, email))!;
    expect(u).toMatchObject({ status: 'pending', emailVerified: true, firstLogin: false });
    expect(u.password).toMatch(/^\$argon2id\$/);
    const [recruit] = await t.runtime.ctx.db.select().from(pendingRecruits).where(eq(pendingRecruits.applicantUserId, user.id));
    expect(recruit.status).toBe('awaiting_admin');
    const cookie = await t.login(email, 'Invite#123');
    expect((await t.api('GET', '/api/auth/user', { cookie })).body.status).toBe('pending');
    // The link is spent.
    expectError(await validate({ token }), 400, { code: 'INVALID_TOKEN', message: MSG.invitationInvalid });
  });

  it('makes an invited admin active', async () => {
    const { email, token } = await invite({ role: 'admin' });
    expect((await complete({ token, password: 'Invite#Admin-123' })).status).toBe(200);
    expect((await userByEmail(t, email))!.status).toBe('active');
    const cookie = await t.login(email, 'Invite#Admin-123');
    expect((await t.api('GET', '/api/users', { cookie })).status).toBe(200);
  });

  it('keeps an invited user out until the setup is complete', async () => {
    const email = uniqueEmail('invited-pw');
    await t.createUser({ email, password: 'Guess#1234', status: 'invited' });
    expectError(await t.api('POST', '/api/login', { body: { userId: email, password: 'Guess#1234' } }), 403, {
      code: 'ACCOUNT_NOT_ACTIVE',
      message: MSG.invitationNotCompleted,
    });
  });

  it('refuses a short password with "Password must be at least 6 characters long." and changes nothing', async () => {
    const { email, token } = await invite();
    expectInvalid(await complete({ token, password: '12345' }), MSG.invitationPasswordMin, 'password');
    expectInvalid(await complete({ token }), MSG.invitationPasswordMin, 'password');
    const u = (await userByEmail(t, email))!;
    expect(u.status).toBe('invited');
    expect(u.password).toBeNull();
    expect((await validate({ token })).status).toBe(200);
  });

  it('requires a token', async () => {
    expectInvalid(await complete({ password: 'Invite#123' }), MSG.tokenRequired, 'token');
  });

  it('refuses an unknown token', async () => {
    expectError(await complete({ token: 'q'.repeat(43), password: 'Invite#123' }), 400, { code: 'INVALID_TOKEN', message: MSG.invitationInvalid });
  });

  it('refuses a live token once the account is no longer awaiting setup', async () => {
    const { email, user, token } = await invite();
    expect((await complete({ token, password: 'Invite#123' })).status).toBe(200);
    const again = await issueToken(t.runtime.ctx, t.runtime.ctx.db, { email, userId: user.id, type: 'invitation' });
    expectError(await validate({ token: again }), 400, { code: 'INVALID_TOKEN' });
    expectError(await complete({ token: again, password: 'Hijack#123' }), 400, { code: 'INVALID_TOKEN' });
    expect(await t.login(email, 'Invite#123')).toBeTruthy();
  });

  it('keeps "Please make sure both passwords match." as the shared form rule', () => {
    const r = CompleteInvitationForm.safeParse({ password: 'Invite#123', confirmPassword: 'Invite#124' });
    expect(r.error!.issues[0]).toMatchObject({ message: MSG.invitationPasswordMismatch, path: ['confirmPassword'] });
    expect(CompleteInvitationForm.safeParse({ password: '123', confirmPassword: '123' }).error!.issues[0].message).toBe(MSG.invitationPasswordMin);
  });
});
