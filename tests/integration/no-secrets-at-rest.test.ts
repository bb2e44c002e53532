import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { registerRecruit } from '../support/referral';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { b64, bearer, cookieAttributes, dataUrl, fakeJpeg, fakePng, query, uniqueEmail } from '../support/http';
import { issueToken } from '../../server/modules/auth/tokens.service';
import { issueImpersonationCode } from '../../server/modules/impersonation/impersonation.service';
import { actorFor } from '../support/actor';
import { createReferralLink } from '../../server/modules/referral/referral.service';

/**
 * A realistic run through every flow that handles a secret, then a scan of every text-like column
 * of every table: no password typed in this test and no token, code, access token or cookie value
 * seen by this test may appear anywhere in the database (docs/spec/decisions.md §2).
 */
let t: TestApp;
const secrets = new Map<string, string>();
const keep = (label: string, value: string | undefined | null) => {
  expect(value, label).toBeTruthy();
  secrets.set(label, value!);
  return value!;
};

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('no secrets at rest', () => {
  it('runs the flows', async () => {
    // Signup, email verification, sign-in with remember me.
    const email = uniqueEmail('secret');
    const signupPassword = keep('signup password', 'Plain#Signup-7731');
    expect((await t.api('POST', '/api/auth/signup', { body: { fullName: 'Secret Keeper', email, password: signupPassword, agreementVersion: 1 } })).status).toBe(201);
    await t.flushMail();
    const verifyToken = keep('verification token', t.mail.tokenFrom(email, '/verify-email'));
    expect((await t.api('POST', '/api/auth/verify-email', { body: { token: verifyToken } })).status).toBe(200);
    const remembered = await t.api('POST', '/api/login', { body: { userId: email, password: signupPassword, rememberMe: true } });
    expect(remembered.status).toBe(200);
    keep('remember-me cookie', cookieAttributes(remembered.cookie!).value);

    // A failed sign-in with a password that was never anyone's.
    const typo = keep('mistyped password', 'Typo#Password-5521');
    expect((await t.api('POST', '/api/login', { body: { userId: email, password: typo } })).status).toBe(401);

    // Forgot and reset (twice: the revoked token must not be kept either).
    await t.api('POST', '/api/auth/forgot-password', { body: { email } });
    await t.flushMail();
    keep('revoked reset token', t.mail.tokenFrom(email, '/reset-password'));
    await t.api('POST', '/api/auth/forgot-password', { body: { email } });
    await t.flushMail();
    const resetToken = keep('reset token', t.mail.tokenFrom(email, '/reset-password'));
    const resetPassword = keep('reset password', 'Plain#Reset-8842');
    expect((await t.api('POST', '/api/auth/reset-password', { body: { token: resetToken, newPassword: resetPassword } })).status).toBe(200);

    // Change password from a fresh session.
    const session = await t.api('POST', '/api/login', { body: { userId: email, password: resetPassword } });
    const cookie = session.cookie!;
    keep('session cookie', cookieAttributes(cookie).value);
    const changed = keep('changed password', 'Plain#Changed-9953');
    expect((await t.api('POST', '/api/auth/change-password', { cookie, body: { currentPassword: resetPassword, newPassword: changed } })).status).toBe(200);

    // Invitation.
    const invitedEmail = uniqueEmail('invited');
    const invited = await t.createUser({ email: invitedEmail, status: 'invited', firstLogin: true });
    const invitation = keep('invitation token', await issueToken(t.runtime.ctx, t.runtime.ctx.db, { email: invitedEmail, userId: invited.id, type: 'invitation' }));
    const invitedPassword = keep('invitation password', 'Plain#Invite-1064');
    expect((await t.api('POST', '/api/auth/complete-invitation', { body: { token: invitation, password: invitedPassword, agreementVersion: 1 } })).status).toBe(200);

    // Referral registration with documents.
    const member = (await userByEmail(t, t.demo.member.email))!;
    const link = await createReferralLink(t.runtime.ctx, t.runtime.ctx.db, member, { placementSide: 'left' });
    keep('referral token', link.token);
    const referralPassword = keep('referral password', 'Plain#Referral-2175');
    const reg = await registerRecruit(t, {
      firstName: 'Refer',
      lastName: 'Ral',
      email: uniqueEmail('referred'),
      mobile: '9812345678',
      nominee: 'Nominee Name',
      password: referralPassword,
      address: '10 Long Enough Street',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
      referralToken: link.token,
      panCardUrl: dataUrl(fakeJpeg(), 'image/jpeg'),
      photoUrl: dataUrl(fakePng(), 'image/png'),
    });
    expect(reg.status).toBe(201);

    // Impersonation: code, exchange, an impersonated write, revoke.
    const admin = (await userByEmail(t, t.demo.admin.email))!;
    const target = (await userByEmail(t, t.demo.member.email))!;
    const { code } = await issueImpersonationCode(t.runtime.ctx, actorFor(admin), target.id);
    keep('impersonation code', code);
    const ex = await t.exchange(code, admin.id);
    expect(ex.status).toBe(200);
    const accessToken = keep('impersonation access token', ex.body.accessToken);
    // A write tried under the token is refused (read-only, issue 29) and its attempt audited.
    expect((await t.api('PUT', '/api/user/profile', { headers: bearer(accessToken), body: { firstName: 'Asha', lastName: 'Verma' } })).status).toBe(403);

    // KYC upload from a signed-in session.
    const kycCookie = (await t.api('POST', '/api/login', { body: { userId: email, password: changed, rememberMe: true } })).cookie!;
    keep('kyc session cookie', cookieAttributes(kycCookie).value);
    expect((await t.api('POST', '/api/kyc/upload', { cookie: kycCookie, body: { documentType: 'pan', documentData: b64(fakeJpeg()), documentFilename: 'pan.jpg' } })).status).toBe(201);
    expect((await t.api('POST', '/api/impersonation/revoke', { headers: bearer(accessToken) })).status).toBe(200);

    // The demo passwords were typed in this test too (the seed and the sign-ins above).
    for (const [k, v] of Object.entries(t.demo)) keep(`demo ${k} password`, v.password);
    // Give the after-response audit hook a moment, and leave the outbox as a running app would.
    await new Promise((r) => setTimeout(r, 100));
  });

  it('finds none of them in any text, varchar or json column of any table', async () => {
    expect(secrets.size).toBeGreaterThan(15);
    const columns = await query<{ table_name: string; column_name: string }>(
      t,
      sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY')
      order by table_name, column_name`,
    );
    const tables = new Set(columns.map((c) => c.table_name));
    for (const expected of [
      'users',
      'sessions',
      'email_tokens',
      'impersonation_tokens',
      'audit_log',
      'mail_outbox',
      'kyc_documents',
      'rate_limits',
      'pending_recruits',
      'referral_links',
      'notifications',
    ]) {
      expect(tables, expected).toContain(expected);
    }
    const hits: string[] = [];
    let cells = 0;
    for (const { table_name, column_name } of columns) {
      const rows = await query<{ v: string | null }>(t, sql`select ${sql.identifier(column_name)}::text as v from ${sql.identifier(table_name)}`);
      for (const { v } of rows) {
        if (v == null) continue;
        cells++;
        for (const [label, secret] of secrets) {
          if (v.includes(secret)) hits.push(`${label} in ${table_name}.${column_name}`);
        }
      }
    }
    expect(cells).toBeGreaterThan(100);
    expect(hits).toEqual([]);
  });

  it('and the stored password values are argon2id hashes', async () => {
    const rows = await query<{ password: string | null }>(t, sql`select password from users where password is not null`);
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) expect(r.password).toMatch(/^\$argon2id\$v=19\$(?=.*m=\d+)(?=.*t=\d+)(?=.*p=\d+)[^$]+\$[^$]+\$[^$]+$/);
  });
});
