import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { count, expectError, expectInvalid, uniqueEmail } from '../support/http';
import { ChangePasswordForm, ResetPasswordForm } from '../../contracts/auth';
import { MSG } from '../../contracts/messages';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const loginStatus = async (email: string, password: string) => (await t.api('POST', '/api/login', { body: { userId: email, password } })).status;

async function freshUser(prefix: string, password = 'Start#1234', extra: Partial<Parameters<TestApp['createUser']>[0]> = {}) {
  const email = uniqueEmail(prefix);
  const user = await t.createUser({ email, password, ...extra });
  return { email, password, user };
}

async function resetTokenFor(email: string) {
  const r = await t.api('POST', '/api/auth/forgot-password', { body: { email } });
  expect(r.status).toBe(200);
  await t.flushMail();
  return t.mail.tokenFrom(email, '/reset-password')!;
}

describe('POST /api/auth/change-password', () => {
  it('answers 401 when signed out', async () => {
    expectError(await t.api('POST', '/api/auth/change-password', { body: { currentPassword: 'a', newPassword: 'bbbbbb' } }), 401, { code: 'UNAUTHENTICATED' });
  });

  it('changes the password: the new one signs in, the old one no longer does, and a mail tells the user', async () => {
    const { email, password } = await freshUser('change');
    const cookie = await t.login(email, password);
    const r = await t.api('POST', '/api/auth/change-password', { cookie, body: { currentPassword: password, newPassword: 'Changed#123' } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: MSG.passwordChanged });
    expect(await loginStatus(email, 'Changed#123')).toBe(200);
    expect(await loginStatus(email, password)).toBe(401);
    const u = (await userByEmail(t, email))!;
    expect(u.passwordChangedAt).toBeTruthy();
    expect(u.password).toMatch(/^\$argon2id\$/);
    await t.flushMail();
    expect(t.mail.lastTo(email)?.subject).toBe('Your password was changed');
  });

  it.each([
    ['short new password', { currentPassword: 'Start#1234', newPassword: '12345' }, MSG.newPasswordMin, 'newPassword'],
    ['missing new password', { currentPassword: 'Start#1234' }, MSG.newPasswordMin, 'newPassword'],
    ['missing current password', { newPassword: 'Changed#123' }, MSG.currentPasswordRequired, 'currentPassword'],
    ['empty current password', { currentPassword: '', newPassword: 'Changed#123' }, MSG.currentPasswordRequired, 'currentPassword'],
  ])("refuses %s with the documents' message and keeps the password", async (_n, body, message, field) => {
    const { email, password, user } = await freshUser('change-bad');
    const cookie = await t.login(email, password);
    expectInvalid(await t.api('POST', '/api/auth/change-password', { cookie, body }), message, field);
    expect((await userByEmail(t, email))!.password).toBe(user.password);
    expect((await t.api('GET', '/api/auth/user', { cookie })).status).toBe(200);
  });

  it('refuses a wrong current password and keeps everything as it was', async () => {
    const { email, password, user } = await freshUser('change-wrong');
    const cookie = await t.login(email, password);
    const other = await t.login(email, password);
    expectInvalid(
      await t.api('POST', '/api/auth/change-password', { cookie, body: { currentPassword: 'Wrong#1234', newPassword: 'Changed#123' } }),
      MSG.currentPasswordWrong,
      'currentPassword',
      'INVALID_CREDENTIALS',
    );
    expect((await userByEmail(t, email))!.password).toBe(user.password);
    expect((await t.api('GET', '/api/auth/user', { cookie: other })).status).toBe(200);
  });

  it('keeps "New passwords do not match" as the shared form rule', () => {
    const r = ChangePasswordForm.safeParse({ currentPassword: 'x', newPassword: 'Changed#123', confirmPassword: 'Changed#124' });
    expect(r.error!.issues[0]).toMatchObject({ message: MSG.newPasswordsDontMatch, path: ['confirmPassword'] });
    const short = ChangePasswordForm.safeParse({ currentPassword: 'x', newPassword: '123', confirmPassword: '123' });
    expect(short.error!.issues[0].message).toBe(MSG.newPasswordMin);
  });
});

describe('POST /api/auth/forgot-password', () => {
  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    const { email } = await freshUser('forgot');
    const unknown = uniqueEmail('nobody');
    const outboxBefore = await count(t, 'mail_outbox');
    const known = await t.api('POST', '/api/auth/forgot-password', { body: { email } });
    const missing = await t.api('POST', '/api/auth/forgot-password', { body: { email: unknown } });
    expect(known.status).toBe(200);
    expect(missing.status).toBe(known.status);
    expect(missing.body).toEqual(known.body);
    expect(known.body).toEqual({ message: MSG.forgotAnswer });
    expect(known.body).not.toHaveProperty('password');
    expect(await count(t, 'mail_outbox')).toBe(outboxBefore + 1);
    await t.flushMail();
    expect(t.mail.tokenFrom(email, '/reset-password')).toBeTruthy();
    expect(t.mail.lastTo(unknown)).toBeUndefined();
  });

  it('accepts the email in any case', async () => {
    const { email } = await freshUser('forgot-case');
    await t.api('POST', '/api/auth/forgot-password', { body: { email: email.toUpperCase() } });
    await t.flushMail();
    expect(t.mail.tokenFrom(email, '/reset-password')).toBeTruthy();
  });

  it('sends nothing to an unverified signup, with the same answer', async () => {
    const email = uniqueEmail('forgot-registered');
    await t.createUser({ email, password: 'Start#1234', status: 'registered', emailVerified: false });
    const outboxBefore = await count(t, 'mail_outbox');
    const r = await t.api('POST', '/api/auth/forgot-password', { body: { email } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: MSG.forgotAnswer });
    expect(await count(t, 'mail_outbox')).toBe(outboxBefore);
  });

  it('refuses an invalid email with "Please enter a valid email address" and issues nothing', async () => {
    const tokensBefore = await count(t, 'email_tokens');
    expectInvalid(await t.api('POST', '/api/auth/forgot-password', { body: { email: 'nope' } }), MSG.emailInvalid, 'email');
    expectInvalid(await t.api('POST', '/api/auth/forgot-password', { body: {} }), MSG.emailInvalid, 'email');
    expect(await count(t, 'email_tokens')).toBe(tokensBefore);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password; the old one stops working', async () => {
    const { email, password } = await freshUser('reset');
    const token = await resetTokenFor(email);
    const r = await t.api('POST', '/api/auth/reset-password', { body: { token, newPassword: 'Reset#12345' } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: MSG.passwordReset });
    expect(await loginStatus(email, 'Reset#12345')).toBe(200);
    expect(await loginStatus(email, password)).toBe(401);
  });

  it('clears a pending temporary-password change', async () => {
    const { email } = await freshUser('reset-first', 'Temp#12345', { firstLogin: true });
    const token = await resetTokenFor(email);
    expect((await t.api('POST', '/api/auth/reset-password', { body: { token, newPassword: 'Reset#12345' } })).status).toBe(200);
    expect((await userByEmail(t, email))!.firstLogin).toBe(false);
  });

  it('answers "No reset token provided" without a token', async () => {
    expectInvalid(await t.api('POST', '/api/auth/reset-password', { body: { newPassword: 'Reset#12345' } }), MSG.noResetToken, 'token');
    expectInvalid(await t.api('POST', '/api/auth/reset-password', { body: { token: '', newPassword: 'Reset#12345' } }), MSG.noResetToken, 'token');
  });

  it('refuses a short new password and leaves both password and token intact', async () => {
    const { email, password, user } = await freshUser('reset-short');
    const token = await resetTokenFor(email);
    expectInvalid(await t.api('POST', '/api/auth/reset-password', { body: { token, newPassword: '12345' } }), MSG.passwordMin, 'newPassword');
    expect((await userByEmail(t, email))!.password).toBe(user.password);
    expect(await loginStatus(email, password)).toBe(200);
    // The token was not used by the refused attempt.
    expect((await t.api('POST', '/api/auth/reset-password', { body: { token, newPassword: 'Reset#12345' } })).status).toBe(200);
  });

  it('refuses an unknown token with INVALID_TOKEN and changes nothing', async () => {
    const consumedBefore = await count(t, 'email_tokens', sql`is_consumed`);
    expectError(await t.api('POST', '/api/auth/reset-password', { body: { token: 'A'.repeat(43), newPassword: 'Reset#12345' } }), 400, {
      code: 'INVALID_TOKEN',
      message: MSG.invalidResetToken,
    });
    expect(await count(t, 'email_tokens', sql`is_consumed`)).toBe(consumedBefore);
  });

  it('does not accept a token of another kind', async () => {
    const email = uniqueEmail('kind');
    await t.api('POST', '/api/auth/signup', { body: { fullName: 'Kind Check', email, password: 'Start#1234', agreementVersion: 1 } });
    await t.flushMail();
    const verifyToken = t.mail.tokenFrom(email, '/verify-email')!;
    expectError(await t.api('POST', '/api/auth/reset-password', { body: { token: verifyToken, newPassword: 'Reset#12345' } }), 400, { code: 'INVALID_TOKEN' });
    // Still usable for what it was issued for.
    expect((await t.api('POST', '/api/auth/verify-email', { body: { token: verifyToken } })).status).toBe(200);
  });

  it('keeps "Passwords don\'t match" as the shared reset form rule', () => {
    const r = ResetPasswordForm.safeParse({ newPassword: 'Reset#12345', confirmPassword: 'Reset#12346' });
    expect(r.error!.issues[0]).toMatchObject({ message: MSG.passwordsDontMatch, path: ['confirmPassword'] });
    expect(ResetPasswordForm.safeParse({ newPassword: '123', confirmPassword: '123' }).error!.issues[0].message).toBe(MSG.passwordMin);
  });
});
