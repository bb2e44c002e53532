import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { bearer, count, expectError, uniqueEmail } from '../support/http';
import { MSG } from '../../contracts/messages';
import { IMPERSONATION_TOKEN_TTL_MS, TOKEN_TTL_MS } from '../../contracts/constants';
import { issueToken } from '../../server/modules/auth/tokens.service';
import { issueImpersonationCode } from '../../server/modules/impersonation/impersonation.service';
import { actorFor } from '../support/actor';
import { sha256 } from '../../server/lib/crypto';
import { emailTokens } from '../../server/db/schema/index';
import type { UserRow } from '../../server/modules/users/users.repo';

let t: TestApp;
let admin: UserRow;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await userByEmail(t, t.demo.admin.email))!;
});
afterAll(async () => t?.close());

const PASSWORD = 'Tokens#123';
const SECOND = 1000;

async function signupToken() {
  const email = uniqueEmail('verify');
  const r = await t.api('POST', '/api/auth/signup', { body: { fullName: 'Token Tester', email, password: PASSWORD, agreementVersion: 1 } });
  expect(r.status).toBe(201);
  await t.flushMail();
  return { email, token: t.mail.tokenFrom(email, '/verify-email')! };
}

async function resetToken(email?: string) {
  const address = email ?? uniqueEmail('reset');
  if (!email) await t.createUser({ email: address, password: PASSWORD });
  expect((await t.api('POST', '/api/auth/forgot-password', { body: { email: address } })).status).toBe(200);
  await t.flushMail();
  return { email: address, token: t.mail.tokenFrom(address, '/reset-password')! };
}

async function invitationToken() {
  const email = uniqueEmail('invite');
  const user = await t.createUser({ email, status: 'invited', firstLogin: true });
  return { email, user, token: await issueToken(t.runtime.ctx, t.runtime.ctx.db, { email, userId: user.id, type: 'invitation' }) };
}

async function impersonationCode() {
  const target = await t.createUser({ email: uniqueEmail('target'), password: PASSWORD });
  const { code } = await issueImpersonationCode(t.runtime.ctx, actorFor(admin), target.id);
  return { target, code };
}

const verify = (token: string) => t.api('POST', '/api/auth/verify-email', { body: { token } });
const reset = (token: string, newPassword = 'Reset#12345') => t.api('POST', '/api/auth/reset-password', { body: { token, newPassword } });
const completeInvitation = (token: string) => t.api('POST', '/api/auth/complete-invitation', { body: { token, password: 'Invite#123', agreementVersion: 1 } });
const exchange = (code: string) => t.exchange(code, admin.id);

/**
 * Two tokens issued at one moment: the first is used `margin` before `ttl` runs out (`fresh` checks it is taken), the
 * second `margin` after (`stale` checks it is refused).
 */
async function acrossExpiry<T>(issue: () => Promise<T>, ttl: number, margin: number, fresh: (a: T) => Promise<unknown>, stale: (b: T) => Promise<unknown>) {
  const a = await issue();
  const b = await issue();
  t.clock.advance(ttl - margin);
  await fresh(a);
  t.clock.advance(2 * margin);
  await stale(b);
}

describe('single use', () => {
  it('verify-email: the second use is refused', async () => {
    const { token } = await signupToken();
    expect((await verify(token)).status).toBe(200);
    expectError(await verify(token), 400, { code: 'INVALID_TOKEN', message: MSG.invalidVerificationToken });
  });

  it('reset-password: the second use is refused and does not change the password again', async () => {
    const { email, token } = await resetToken();
    expect((await reset(token, 'First#12345')).status).toBe(200);
    expectError(await reset(token, 'Second#12345'), 400, { code: 'INVALID_TOKEN', message: MSG.invalidResetToken });
    expect(await t.login(email, 'First#12345')).toBeTruthy();
  });

  it('complete-invitation: the second use is refused', async () => {
    const { token } = await invitationToken();
    expect((await completeInvitation(token)).status).toBe(200);
    expectError(await completeInvitation(token), 400, { code: 'INVALID_TOKEN', message: MSG.invitationInvalid });
  });

  it('impersonation exchange: the second use is refused', async () => {
    const { code } = await impersonationCode();
    expect((await exchange(code)).status).toBe(200);
    const grantsBefore = await count(t, 'impersonation_tokens');
    expectError(await exchange(code), 400, { code: 'INVALID_TOKEN', message: MSG.impersonationInvalid });
    expect(await count(t, 'impersonation_tokens')).toBe(grantsBefore);
  });

  it('two concurrent uses of one reset token: exactly one succeeds', async () => {
    const { token } = await resetToken();
    const results = await Promise.all([reset(token, 'Race#A12345'), reset(token, 'Race#B12345')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });
});

describe('expiry (controllable clock)', () => {
  it('email verification lives 24 h', () =>
    acrossExpiry(
      signupToken,
      TOKEN_TTL_MS.email_verification,
      60 * SECOND,
      async (a) => expect((await verify(a.token)).status).toBe(200),
      async (b) => {
        expectError(await verify(b.token), 400, { code: 'INVALID_TOKEN', message: MSG.invalidVerificationToken });
        expect((await userByEmail(t, b.email))!.status).toBe('registered');
      },
    ));

  it('password reset lives 1 h', () =>
    acrossExpiry(
      () => resetToken(),
      TOKEN_TTL_MS.password_reset,
      60 * SECOND,
      async (a) => expect((await reset(a.token)).status).toBe(200),
      async (b) => {
        expectError(await reset(b.token), 400, { code: 'INVALID_TOKEN', message: MSG.invalidResetToken });
        expect(await t.login(b.email, PASSWORD)).toBeTruthy();
      },
    ));

  it('invitation lives 7 days (validate and complete)', () =>
    acrossExpiry(
      invitationToken,
      TOKEN_TTL_MS.invitation,
      60 * SECOND,
      async (a) => {
        expect((await t.api('POST', '/api/auth/validate-invitation', { body: { token: a.token } })).status).toBe(200);
        expect((await completeInvitation(a.token)).status).toBe(200);
      },
      async (b) => {
        expectError(await t.api('POST', '/api/auth/validate-invitation', { body: { token: b.token } }), 400, { code: 'INVALID_TOKEN' });
        expectError(await completeInvitation(b.token), 400, { code: 'INVALID_TOKEN', message: MSG.invitationInvalid });
        expect((await userByEmail(t, b.email))!.status).toBe('invited');
      },
    ));

  it('impersonation code lives 60 s', () =>
    acrossExpiry(
      impersonationCode,
      TOKEN_TTL_MS.impersonation_code,
      5 * SECOND,
      async (a) => expect((await exchange(a.code)).status).toBe(200),
      async (b) => expectError(await exchange(b.code), 400, { code: 'INVALID_TOKEN', message: MSG.impersonationInvalid }),
    ));

  it('impersonation access token lives 30 min', async () => {
    const { code } = await impersonationCode();
    const { accessToken, expiresAt } = (await exchange(code)).body;
    expect(Math.abs(new Date(expiresAt).getTime() - (t.clock.now().getTime() + IMPERSONATION_TOKEN_TTL_MS))).toBeLessThan(60 * SECOND);
    t.clock.advance(IMPERSONATION_TOKEN_TTL_MS - 60 * SECOND);
    expect((await t.api('GET', '/api/auth/user', { headers: bearer(accessToken) })).status).toBe(200);
    t.clock.advance(2 * 60 * SECOND);
    expectError(await t.api('GET', '/api/auth/user', { headers: bearer(accessToken) }), 401);
    expectError(await t.api('GET', '/api/kyc', { headers: bearer(accessToken) }), 401);
  });
});

describe('a newer token revokes the older one', () => {
  it('two reset requests: the first link fails, the second works', async () => {
    const { email, token: first } = await resetToken();
    const { token: second } = await resetToken(email);
    expect(second).not.toBe(first);
    expectError(await reset(first), 400, { code: 'INVALID_TOKEN', message: MSG.invalidResetToken });
    expect((await reset(second, 'Second#12345')).status).toBe(200);
    expect(await t.login(email, 'Second#12345')).toBeTruthy();
  });

  it('two invitations: the first link fails', async () => {
    const { email, user, token: first } = await invitationToken();
    const second = await issueToken(t.runtime.ctx, t.runtime.ctx.db, { email, userId: user.id, type: 'invitation' });
    expectError(await t.api('POST', '/api/auth/validate-invitation', { body: { token: first } }), 400, { code: 'INVALID_TOKEN' });
    expect((await completeInvitation(second)).status).toBe(200);
  });

  it('two impersonation codes for one target: the first fails', async () => {
    const { target, code: first } = await impersonationCode();
    const { code: second } = await issueImpersonationCode(t.runtime.ctx, actorFor(admin), target.id);
    expectError(await exchange(first), 400, { code: 'INVALID_TOKEN' });
    expect((await exchange(second)).status).toBe(200);
  });

  it('does not revoke tokens of another type', async () => {
    const { email, token: verifyToken } = await signupToken();
    const u = (await userByEmail(t, email))!;
    await issueToken(t.runtime.ctx, t.runtime.ctx.db, { email, userId: u.id, type: 'password_reset' });
    expect((await verify(verifyToken)).status).toBe(200);
  });
});

describe('forgot password does not reveal accounts', () => {
  it('same status and body for a known and an unknown email; mail only for the known one', async () => {
    const known = uniqueEmail('known');
    await t.createUser({ email: known, password: PASSWORD });
    const unknown = uniqueEmail('unknown');
    const tokensBefore = await count(t, 'email_tokens');
    const a = await t.api('POST', '/api/auth/forgot-password', { body: { email: known } });
    const b = await t.api('POST', '/api/auth/forgot-password', { body: { email: unknown } });
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    expect(
      Object.keys(b.headers)
        .filter((h) => h !== 'date' && h !== 'content-length')
        .sort(),
    ).toEqual(
      Object.keys(a.headers)
        .filter((h) => h !== 'date' && h !== 'content-length')
        .sort(),
    );
    expect(await count(t, 'email_tokens')).toBe(tokensBefore + 1);
    await t.flushMail();
    expect(t.mail.lastTo(known)?.subject).toBe('Reset your password');
    expect(t.mail.lastTo(unknown)).toBeUndefined();
  });
});

describe('storage', () => {
  it('keeps only the SHA-256 of a token', async () => {
    const { email, token } = await resetToken();
    const rows = await t.runtime.ctx.db.select().from(emailTokens).where(eq(emailTokens.email, email));
    expect(rows.map((r) => r.tokenHash)).toContain(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });
});
