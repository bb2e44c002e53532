import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MSG } from '../../contracts/messages';
import { DEMO_COMPANY } from '../../server/seed/demo-data';
import { userByEmail, type TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/http';
import { issueToken } from '../../server/modules/auth/tokens.service';
import { SIZES, expectPath, logOut, expectToast, openPage, shot, signIn, startBrowserApp, stopBrowserApp } from './support/browser';

let t: TestApp;
let browser: Browser;

beforeAll(async () => ({ t, browser } = await startBrowserApp()));
afterAll(() => stopBrowserApp(t, browser));

describe.each(SIZES)('signed-out screens at $name width', (size) => {
  let context: BrowserContext;
  let page: Page;

  const fresh = async () => {
    await context?.close();
    ({ context, page } = await openPage(browser, size));
  };

  beforeAll(fresh);
  afterAll(() => context?.close());

  it('S1 login: texts, required fields, wrong password toast', async () => {
    await fresh();
    await page.goto(`${t.url}/`);
    // The company's name (issue 15: 'Welcome to the product'): the demo company; a change in product-depth.e2e.test.ts.
    await page.getByRole('heading', { name: `Welcome to ${DEMO_COMPANY.companyName}` }).waitFor();
    await page.getByText('Enter your user ID and password to continue.').waitFor();
    expect(await page.getByRole('img', { name: `${DEMO_COMPANY.companyName} logo` }).count()).toBeGreaterThan(0);
    expect(await page.title()).toBe(`Sign in · ${DEMO_COMPANY.companyName}`);
    await shot(page, 's1-login');

    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText(MSG.userIdRequired).waitFor();
    await page.getByText(MSG.passwordRequired).waitFor();

    await page.getByLabel('User ID').fill(t.demo.member.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectToast(page, 'Login failed', MSG.invalidCredentials);
    await shot(page, 's1-login-failed');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('S1 login: remember me stores the id and prefills it next time', async () => {
    await fresh();
    await page.goto(`${t.url}/`);
    await page.getByLabel('User ID').fill(t.demo.member.email);
    await page.getByLabel('Password', { exact: true }).fill(t.demo.member.password);
    await page.getByLabel('Remember me').click();
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectPath(page, '/dashboard');
    expect(await page.evaluate(() => [localStorage.getItem('rememberedUserId'), localStorage.getItem('rememberMe')])).toEqual([t.demo.member.email, 'true']);
    await logOut(page);
    expect(await page.getByLabel('User ID').inputValue()).toBe(t.demo.member.email);
  });

  it('S1 login: a one-shot prefill in storage fills the form and is removed', async () => {
    await fresh();
    await page.goto(`${t.url}/nothing-here`);
    await page.evaluate(() => {
      sessionStorage.setItem('prefillUserId', 'MB1234567');
      sessionStorage.setItem('prefillPassword', 'secret-1');
    });
    await page.goto(`${t.url}/`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await page.getByLabel('User ID').inputValue()).toBe('MB1234567');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('secret-1');
    expect(await page.evaluate(() => sessionStorage.getItem('prefillPassword'))).toBeNull();
  });

  it('S8 unknown routes show 404; signed-in routes ask to log in', async () => {
    await page.goto(`${t.url}/no/such/page`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await shot(page, 's8-404');

    await page.goto(`${t.url}/dashboard`);
    await expectToast(page, 'Please log in');
    // After 1.5 s the browser goes to /api/login, which redirects to the login screen.
    await page.waitForURL((u) => u.pathname === '/', { timeout: 5000 });
    await page.getByRole('button', { name: 'Log in' }).waitFor();
  });

  it('S2 signup: validation messages, sponsor check, success message and verify email', async () => {
    await fresh();
    const member = await userByEmail(t, t.demo.member.email);
    await page.goto(`${t.url}/signup?ref=${member!.userId}`);
    await page.getByText('Referred by').waitFor();
    await page.getByText(member!.userId, { exact: true }).waitFor();
    await shot(page, 's2-signup-referred');

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByLabel('Confirm Password').fill('1234');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(MSG.fullNameRequired).waitFor();
    await page.getByText(MSG.emailInvalid).waitFor();
    await page.getByText(MSG.passwordMin).waitFor();
    await page.getByText(MSG.passwordsDontMatch).waitFor();

    await page.getByLabel('Sponsor Code').fill('MB0000000');
    await page.getByLabel('Full Name').click();
    await page.getByText(MSG.invalidSponsor).waitFor();
    await shot(page, 's2-signup-errors');

    // Duplicate email: the 409 message.
    await page.getByLabel('Sponsor Code').fill('');
    await page.getByLabel('Full Name').fill('Kiran Rao');
    await page.getByLabel('Email').fill(t.demo.member.email);
    await page.getByLabel('Password', { exact: true }).fill('secret-99');
    await page.getByLabel('Confirm Password').fill('secret-99');
    await page.getByLabel(/I have read and accept the Direct Seller Agreement/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Signup failed', MSG.duplicateEmail);

    const email = uniqueEmail('kiran');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(MSG.signupDone).waitFor();
    await shot(page, 's2-signup-done');

    // S3 with the mailed token: success, then the same token again is refused.
    await t.flushMail();
    const token = t.mail.tokenFrom(email, '/verify-email');
    expect(token).toBeTruthy();
    await page.goto(`${t.url}/verify-email?token=${token}`);
    await page.getByRole('link', { name: 'Sign In to Your Account' }).waitFor();
    await page.getByText(MSG.emailVerified).waitFor();
    await shot(page, 's3-verify-success');

    await page.goto(`${t.url}/verify-email?token=${token}`);
    await expectToast(page, 'Email verification failed');
    await page.getByRole('link', { name: 'Create New Account' }).waitFor();
    await page.getByRole('link', { name: 'Back to Sign In' }).waitFor();
    await shot(page, 's3-verify-error');

    // The verified user is pending and lands on the pending dashboard.
    await signIn(page, t.url, email, 'secret-99');
    await page.getByText('Account Pending Approval').waitFor();
    await logOut(page);
  });

  it('S3 verify email without a token', async () => {
    await page.goto(`${t.url}/verify-email`);
    await page.getByText(MSG.noVerificationToken).waitFor();
    await page.getByRole('link', { name: 'Create New Account' }).click();
    await expectPath(page, '/signup');
  });

  it('S4 + S5 forgot and reset password, invalid and used links', async () => {
    await fresh();
    const email = uniqueEmail('reset');
    await t.createUser({ email, password: 'old-pass-1' });

    await page.goto(`${t.url}/forgot-password`);
    await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
    await page.getByText(MSG.emailInvalid).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
    await page.getByText(MSG.forgotAnswer).waitFor();
    await shot(page, 's4-forgot-done');
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expectPath(page, '/');

    await page.goto(`${t.url}/reset-password`);
    await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
    await shot(page, 's5-reset-invalid-link');
    await page.getByRole('link', { name: 'Request New Reset Link' }).click();
    await expectPath(page, '/forgot-password');

    await t.flushMail();
    const token = t.mail.tokenFrom(email, '/reset-password');
    expect(token).toBeTruthy();
    await page.goto(`${t.url}/reset-password?token=${token}`);
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password').fill('other');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText(MSG.passwordMin).waitFor();
    await page.getByText(MSG.passwordsDontMatch).waitFor();
    await shot(page, 's5-reset-errors');

    await page.getByLabel('New Password', { exact: true }).fill('new-pass-1');
    await page.getByLabel('Confirm New Password').fill('new-pass-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText(MSG.passwordReset).waitFor();
    await shot(page, 's5-reset-done');
    await page.waitForURL((u) => u.pathname === '/', { timeout: 6000 });

    // The link is single use.
    await page.goto(`${t.url}/reset-password?token=${token}`);
    await page.getByLabel('New Password', { exact: true }).fill('new-pass-2');
    await page.getByLabel('Confirm New Password').fill('new-pass-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Password reset failed', MSG.invalidResetToken);

    await signIn(page, t.url, email, 'new-pass-1');
    await expectPath(page, '/dashboard');
    await logOut(page);
  });

  it('S6 complete invitation: missing, invalid, short password, success', async () => {
    await fresh();
    await page.goto(`${t.url}/complete-invitation`);
    await expectToast(page, 'Invalid Invitation', 'This invitation link is missing required information.');
    await expectPath(page, '/');

    await page.goto(`${t.url}/complete-invitation?token=not-a-real-token`);
    await page.getByText(MSG.invitationInvalid).waitFor();
    await shot(page, 's6-invitation-invalid');

    const email = uniqueEmail('invited');
    const user = await t.createUser({ email, status: 'invited', firstName: 'Meera' });
    const token = await issueToken(t.runtime.ctx, t.runtime.ctx.db, { email, userId: user.id, type: 'invitation' });
    await page.goto(`${t.url}/complete-invitation?token=${token}`);
    await page.getByText(/Welcome, Meera!/).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();

    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByLabel('Confirm Password').fill('123');
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await expectToast(page, 'Password Too Short', MSG.invitationPasswordMin);
    await shot(page, 's6-invitation-short');

    await page.getByLabel('Password', { exact: true }).fill('secret-77');
    await page.getByLabel('Confirm Password').fill('secret-78');
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await expectToast(page, "Passwords Don't Match", MSG.invitationPasswordMismatch);

    await page.getByLabel('Confirm Password').fill('secret-77');
    await page.getByLabel(/I have read and accept the Direct Seller Agreement/).check();
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await expectToast(page, MSG.invitationComplete);
    await expectPath(page, '/');
    await signIn(page, t.url, email, 'secret-77');
    await page.waitForURL((u) => u.pathname === '/dashboard' || u.pathname === '/');
    await logOut(page);
  });

  it('referral registration: missing and invalid links', async () => {
    await fresh();
    await page.goto(`${t.url}/referral-register`);
    await page.getByText('This referral link is invalid or expired.').waitFor();
    await page.waitForURL((u) => u.pathname === '/', { timeout: 5000 });

    await page.goto(`${t.url}/recruit?ref=unknown-token`);
    await page.getByRole('heading', { name: 'Invalid Link' }).waitFor();
    await page.getByText(MSG.referralInvalid).waitFor();
    await shot(page, 's7-referral-invalid');
    await page.getByRole('link', { name: 'Return to Homepage' }).click();
    await expectPath(page, '/');
  });
});
