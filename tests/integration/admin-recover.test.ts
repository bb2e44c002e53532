import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServerCommand } from '../support/server-command';
import { sql } from 'drizzle-orm';
import { startTestApp, TEST_SECRET, type TestApp } from '../support/test-app';
import { count, expectError, query, uniqueEmail } from '../support/http';
import { stepAt, totpAt } from '../../server/lib/totp';
import { MSG } from '../../contracts/messages';
import { passwordProblem } from '../../contracts/passwords';
import { AppError } from '../../server/core/app-error';
import { recoverAccount } from '../../server/modules/auth/account-recovery.service';

/**
 * Issue 29, `npm run admin:recover -- <email>`: the way back in for an admin or founder when no second admin can
 * approve a change of their sign-in. A one-time password, two-factor cleared, every session ended, the owner told,
 * the audit log written with a system actor; members and unknown emails are refused.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const PASSWORD = 'Locked-Out#Admin-2026';

/** An admin (or founder) enrolled in two-factor with two signed-in sessions. */
async function lockedOut(role: 'admin' | 'founder') {
  const email = uniqueEmail(`recover-${role}`);
  const user = await t.createUser({ email, password: PASSWORD, role });
  const first = await t.login(email, PASSWORD); // enrols
  const second = await t.sessionOf(user.id);
  return { email, user, sessions: [first, second] };
}

async function refusal(email: string): Promise<AppError> {
  try {
    await recoverAccount(t.runtime.ctx, email);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error(`${email} was recovered`);
}

describe('admin:recover', () => {
  it('gives an admin a one-time password, clears two-factor, ends every session, writes the audit row and tells the owner', async () => {
    const { email, user, sessions } = await lockedOut('admin');
    for (const cookie of sessions) expect((await t.api('GET', '/api/auth/user', { cookie })).status).toBe(200);
    expect(await count(t, 'two_factor_secrets', sql`user_id = ${user.id}`)).toBe(1);

    const { oneTimePassword, user: recovered } = await recoverAccount(t.runtime.ctx, `  ${email.toUpperCase()} `);
    expect(recovered).toMatchObject({ id: user.id, email, role: 'admin' });
    expect(oneTimePassword.length).toBeGreaterThanOrEqual(12);
    expect(passwordProblem(oneTimePassword, 'admin')).toBeUndefined();

    // Every old session is gone; two-factor is cleared; only the hash of the new password is kept.
    for (const cookie of sessions) expectError(await t.api('GET', '/api/auth/user', { cookie }), 401, { code: 'UNAUTHENTICATED' });
    expect(await count(t, 'sessions', sql`user_id = ${user.id}`)).toBe(0);
    expect(await count(t, 'two_factor_secrets', sql`user_id = ${user.id}`)).toBe(0);
    expect(await count(t, 'recovery_codes', sql`user_id = ${user.id}`)).toBe(0);
    const [row] = await query<{ password: string; first_login: boolean; two_factor_enabled_at: string | null }>(
      t,
      sql`select password, first_login, two_factor_enabled_at from users where id = ${user.id}`,
    );
    expect(row).toMatchObject({ first_login: true, two_factor_enabled_at: null });
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(row.password).not.toContain(oneTimePassword);

    // The audit row, by the system; the owner's notification and mail.
    const audits = await query<{ actor_id: string | null; actor_role: string; session_id: string }>(
      t,
      sql`select actor_id, actor_role, session_id from audit_log where entity_id = ${user.id} and action = 'user.recovered'`,
    );
    expect(audits).toEqual([{ actor_id: null, actor_role: 'system', session_id: 'system:admin-recover' }]);
    expect(await count(t, 'notifications', sql`user_id = ${user.id} and title = 'Your sign-in was recovered' and priority = 'high'`)).toBe(1);
    await t.flushMail();
    const mail = t.mail.lastTo(email);
    expect(mail?.subject).toBe('An administrator changed your account');
    expect(mail?.text).toContain('one-time password');
    expect(mail?.text).not.toContain(oneTimePassword);

    // The old password no longer works; the one-time password signs in without a code, then must be changed...
    expectError(await t.api('POST', '/api/login', { body: { userId: email, password: PASSWORD } }), 401, { code: 'INVALID_CREDENTIALS' });
    const signIn = await t.api('POST', '/api/login', { body: { userId: email, password: oneTimePassword } });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    expect(signIn.body.twoFactorRequired).toBeUndefined();
    expect(signIn.body.user).toMatchObject({ firstLogin: true, twoFactor: { enabled: false, required: true } });
    const cookie = signIn.cookie!;
    expectError(await t.api('GET', '/api/admin/users/search', { cookie }), 403, { code: 'PASSWORD_CHANGE_REQUIRED', message: MSG.passwordChangeRequired });
    const changed = await t.api('POST', '/api/auth/change-password', { cookie, body: { currentPassword: oneTimePassword, newPassword: 'Recovered#Admin-2026' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // ... and two-factor set up again before anything else opens.
    expectError(await t.api('GET', '/api/admin/users/search', { cookie }), 403, { code: 'TWO_FACTOR_ENROLMENT_REQUIRED' });
    const setup = await t.api('POST', '/api/auth/two-factor/setup', { cookie });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const enabled = await t.api('POST', '/api/auth/two-factor/enable', { cookie, body: { code: totpAt(setup.body.secret, stepAt(t.clock.now().getTime()) * 30_000) } });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    expect((await t.api('GET', '/api/admin/users/search', { cookie })).status).toBe(200);
  });

  it('recovers a founder too, and clears a lock-out by wrong passwords', async () => {
    const { email, user } = await lockedOut('founder');
    // Locked out by wrong passwords: the window of now, far over the limit.
    const now = t.clock.now().getTime();
    const windowStart = new Date(now - (now % (15 * 60_000))).toISOString();
    await t.runtime.ctx.db.execute(sql`insert into rate_limits (key, window_start, count) values (${`login-failures:${user.id}`}, ${windowStart}, 100000)`);
    expectError(await t.api('POST', '/api/login', { body: { userId: email, password: PASSWORD } }), 429, { code: 'RATE_LIMITED' });
    const { oneTimePassword } = await recoverAccount(t.runtime.ctx, email);
    const signIn = await t.api('POST', '/api/login', { body: { userId: email, password: oneTimePassword } });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    expect(signIn.body.user).toMatchObject({ role: 'founder', firstLogin: true, twoFactor: { enabled: false, required: true } });
  });

  it('refuses a member account and an unknown email, and changes nothing', async () => {
    const email = uniqueEmail('recover-member');
    const member = await t.createUser({ email, password: PASSWORD });
    const cookie = await t.login(email, PASSWORD);
    const before = await query<{ password: string }>(t, sql`select password from users where id = ${member.id}`);
    const audits = await count(t, 'audit_log', sql`action = 'user.recovered'`);

    const refused = await refusal(email);
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.message).toContain('member account');
    const unknown = await refusal(uniqueEmail('nobody'));
    expect(unknown.code).toBe('NOT_FOUND');
    expect(unknown.message).toContain('No account has the email');

    expect(await query<{ password: string }>(t, sql`select password from users where id = ${member.id}`)).toEqual(before);
    expect((await t.api('GET', '/api/auth/user', { cookie })).status).toBe(200);
    expect(await count(t, 'audit_log', sql`action = 'user.recovered'`)).toBe(audits);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'npm run admin:recover prints the one-time password once; refuses with exit code 2 (PostgreSQL)',
    async () => {
      const env = { ...process.env, NODE_ENV: 'test', DATABASE_URL: t.databaseUrl!, APP_SECRET: TEST_SECRET, DATA_DIR: 'memory://', LOG_LEVEL: 'silent' };
      const run = (args: string[]) => runServerCommand('admin-recover', args, env);
      const member = uniqueEmail('recover-member');
      await t.createUser({ email: member, password: PASSWORD });
      const asMember = await run([member]);
      expect(asMember.code, asMember.out + asMember.err).toBe(2);
      expect(asMember.err).toContain('member account');
      const unknown = await run([uniqueEmail('nobody')]);
      expect(unknown.code, unknown.out + unknown.err).toBe(2);
      expect(unknown.err).toContain('No account has the email');
      expect((await run([])).code).toBe(2);

      const { email } = await lockedOut('admin');
      const ok = await run([email]);
      expect(ok.code, ok.out + ok.err).toBe(0);
      const printed = /One-time password \(shown only now\): (\S+)/.exec(ok.out)?.[1];
      expect(printed, ok.out).toBeDefined();
      expect(ok.out.split(printed!).length - 1).toBe(1);
      const signIn = await t.api('POST', '/api/login', { body: { userId: email, password: printed! } });
      expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
      expect(signIn.body.user.firstLogin).toBe(true);
      // Four processes that each load the server's code: slow on a busy CI machine.
    },
    180_000,
  );
});
