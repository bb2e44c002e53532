import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MSG, UPLINE_DECIDES_FIRST } from '../../contracts/messages';
import { userByEmail, type TestApp } from '../support/test-app';
import { b64, fakePng, query, uniqueEmail } from '../support/http';
import { notify } from '../../server/modules/notifications/notifications.service';
import { issueImpersonationCode } from '../../server/modules/impersonation/impersonation.service';
import { actorFor } from '../support/actor';
import { SIZES, expectPath, logOut, expectToast, pagePerTest, shot, signIn, startBrowserApp, stopBrowserApp, toasts } from './support/browser';
import { ID } from '../support/identity';

let t: TestApp;
let browser: Browser;

beforeAll(async () => ({ t, browser } = await startBrowserApp()));
afterAll(() => stopBrowserApp(t, browser));

const png = (name = 'scan.png') => ({ name, mimeType: 'image/png', buffer: fakePng(2048) });

describe.each(SIZES)('signed-in screens at $name width', (size) => {
  let context: BrowserContext;
  let page: Page;

  const pages = pagePerTest(() => browser, size);
  const fresh = async () => {
    ({ context, page } = await pages.open());
  };

  it('S10 pending dashboard: tiles, profile edit, replace a rejected document, notifications', async () => {
    await fresh();
    const email = uniqueEmail('pending');
    const user = await t.createUser({ email, password: 'secret-11', status: 'pending', firstName: 'Ravi', lastName: 'Kumar', mobile: '9123456780' });
    const cookie = await t.login(email, 'secret-11');
    const up = await t.api('POST', '/api/kyc/upload', {
      cookie,
      body: { documentType: 'pan', documentData: b64(fakePng(1024)), documentContentType: 'image/png', documentFilename: 'pan.png', documentNumber: ID.pan },
    });
    expect(up.status).toBe(201);
    await query(t, sql`update kyc_documents set status = 'rejected', rejection_reason = 'The scan is blurred' where id = ${up.body.id}`);
    await query(t, sql`update users set kyc_status = 'rejected' where id = ${user.id}`);
    await notify(t.runtime.ctx.db, [user.id], { type: 'kyc', title: 'KYC document rejected', message: 'Please replace your PAN card.', priority: 'high' });

    await signIn(page, t.url, email, 'secret-11');
    await page.getByText('Account Pending Approval').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { name: /Welcome, Ravi!/ }).waitFor();
    await page.getByRole('main').getByText(user.userId, { exact: true }).waitFor();
    await page.getByText('Under Review', { exact: true }).first().waitFor();
    await page.getByText('Rejected', { exact: true }).first().waitFor();
    await page.getByText('KYC document rejected').waitFor();
    await page.getByText('High priority').waitFor();
    await page.getByText('What happens next').waitFor();
    await page.getByText('The scan is blurred').waitFor();
    await shot(page, 's10-pending-dashboard');

    // Profile edit: the shared schema's message, then a saved change.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await page.getByLabel('Email', { exact: true }).isDisabled()).toBe(true);
    await page.getByLabel('Mobile').fill('12345');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(MSG.mobilePattern).waitFor();
    await shot(page, 's10-profile-edit-error');
    await page.getByLabel('Mobile').fill('9988776655');
    await page.getByLabel('City').fill('Pune');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile Updated');
    await page.getByText('9988776655').waitFor();

    // View opens the stored file in a new tab; Download asks for an attachment.
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'View PAN Card' }).click()]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe(`/api/documents/${up.body.id}`);
    await popup.close();
    expect(await page.getByRole('link', { name: 'Download PAN Card' }).getAttribute('href')).toBe(`/api/documents/${up.body.id}?download=1`);

    // Replace the rejected document: wrong type first, then a PNG.
    await page.getByRole('button', { name: 'Replace PAN Card' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('New document').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expectToast(page, 'Invalid File Type', MSG.kycFileType);
    await dialog.getByLabel('New document').setInputFiles(png('pan-new.png'));
    await shot(page, 's10-replace-dialog');
    const replaced = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/kyc/'));
    await dialog.getByRole('button', { name: 'Replace Document' }).click();
    // The file goes as a form the server reads as a stream (issue 13), not as base64 in JSON.
    expect((await replaced).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    await expectToast(page, 'Document Replaced');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByText('Submitted', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Replace PAN Card' }).count()).toBe(0);

    // The upline decides first, then the admin (docs/spec/decisions.md §1; issue 15).
    await page.getByText(UPLINE_DECIDES_FIRST).waitFor();
    await page.getByText(/Your upline decides on your registration first, then an admin reviews it/).waitFor();
    // A pending user has nothing else: the member portal's home is the pending dashboard (issue 15: it answered 404).
    await page.goto(`${t.url}/dashboard`);
    await page.getByText('Account Pending Approval').waitFor();
    expect(await page.getByRole('heading', { name: '404 Page Not Found' }).count()).toBe(0);
    await page.goto(`${t.url}/wallet`);
    await expectPath(page, '/');
    await page.getByText('Account Pending Approval').waitFor();
    await page.goto(`${t.url}/pending-dashboard`);
    await page.getByText('Account Pending Approval').waitFor();
    await logOut(page);
  });

  it('M10 KYC upload: client checks, upload, refusal of a second one under review', async () => {
    await fresh();
    const email = uniqueEmail('kyc');
    await t.createUser({ email, password: 'secret-22', firstName: 'Anil', lastName: 'Das', kycStatus: 'pending' });
    await signIn(page, t.url, email, 'secret-22');
    await expectPath(page, '/dashboard');
    await page.getByRole('heading', { name: /Welcome back, Anil!/ }).waitFor();
    await shot(page, 'm1-dashboard');
    // KYC is reached from the dashboard's KYC information card (and Settings), not a tab.
    await page.getByRole('region', { name: 'KYC Information' }).getByRole('link', { name: 'Update KYC Documents' }).click();
    await expectPath(page, '/kyc-upload');
    await page.getByRole('heading', { name: 'KYC Verification' }).waitFor();
    await page.getByText('No documents uploaded yet').waitFor();

    await page.getByRole('button', { name: 'Upload Document' }).click();
    await page.getByText(MSG.kycTypeRequired).waitFor();
    await expectToast(page, 'No File Selected', MSG.kycFileRequired);
    await shot(page, 'm10-kyc-required');

    await page.getByLabel('Document Type').selectOption('pan');
    await page.getByLabel('Document File').setInputFiles({ name: 'doc.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expectToast(page, 'Invalid File Type', MSG.kycFileType);
    await page.getByLabel('Document File').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024) });
    await expectToast(page, 'File Too Large', MSG.kycFileSize);

    await page.getByLabel('Document Number').pressSequentially(ID.pan.toLowerCase());
    expect(await page.getByLabel('Document Number').inputValue()).toBe(ID.pan);
    await page.getByLabel('Document File').setInputFiles(png('pan.png'));
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/kyc/upload'));
    await page.getByRole('button', { name: 'Upload Document' }).click();
    expect((await sent).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    await expectToast(page, 'Document Uploaded', /under review/);
    await page.getByRole('listitem', { name: 'PAN Card' }).getByText('Under Review').waitFor();
    expect(await page.getByRole('button', { name: 'Replace PAN Card' }).count()).toBe(0);
    await shot(page, 'm10-kyc-uploaded');

    // The newest PAN is under review: the server refuses another one with its message.
    await page.getByLabel('Document Type').selectOption('pan');
    await page.getByLabel('Document File').setInputFiles(png('pan-again.png'));
    await page.getByRole('button', { name: 'Upload Document' }).click();
    await expectToast(page, 'Upload Failed', MSG.documentLockedPending);
    await shot(page, 'm10-kyc-refused');

    for (const [path, heading] of [
      ['/products', 'Product Catalog'],
      ['/my-purchases', 'My Purchases'],
      ['/wallet', 'Wallet'],
    ]) {
      await page.goto(`${t.url}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    }
    await page.goto(`${t.url}/my-team`);
    await page.getByRole('heading', { name: 'My Team', level: 1 }).waitFor();
  });

  it('S9 change password: validation, wrong current password, success logs out after 2 s', async () => {
    await fresh();
    const email = uniqueEmail('cp');
    await t.createUser({ email, password: 'secret-33', firstName: 'Lata' });
    await signIn(page, t.url, email, 'secret-33');
    await expectPath(page, '/dashboard');
    // Change Password is offered in Settings.
    await page.getByRole('navigation', { name: 'Member portal' }).getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('link', { name: 'Change Password' }).click();
    await expectPath(page, '/change-password');

    await page.getByLabel('Current Password').fill('secret-33');
    await page.getByLabel('New Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm New Password').fill('abcd');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText(MSG.newPasswordMin).waitFor();
    await page.getByText(MSG.newPasswordsDontMatch).waitFor();
    await shot(page, 's9-change-password-errors');

    await page.getByLabel('Current Password').fill('wrong-one');
    await page.getByLabel('New Password', { exact: true }).fill('secret-44');
    await page.getByLabel('Confirm New Password').fill('secret-44');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Failed to change password', MSG.currentPasswordWrong);

    await page.getByRole('link', { name: 'Cancel' }).click();
    await expectPath(page, '/dashboard');
    await page.goto(`${t.url}/change-password`);
    await page.getByLabel('Current Password').fill('secret-33');
    await page.getByLabel('New Password', { exact: true }).fill('secret-44');
    await page.getByLabel('Confirm New Password').fill('secret-44');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Password Changed', MSG.passwordChanged);
    await shot(page, 's9-change-password-done');
    await page.getByRole('button', { name: 'Log in' }).waitFor({ timeout: 6000 });
    expect(new URL(page.url()).pathname).toBe('/');

    await signIn(page, t.url, email, 'secret-44');
    await expectPath(page, '/dashboard');
  });

  it('a temporary password must be changed first', async () => {
    await fresh();
    const email = uniqueEmail('first');
    await t.createUser({ email, password: 'temp-pass-1', firstLogin: true });
    await signIn(page, t.url, email, 'temp-pass-1');
    await expectPath(page, '/change-password');
    await page.getByText(MSG.passwordChangeRequired).waitFor();
    await page.goto(`${t.url}/dashboard`);
    await expectPath(page, '/change-password');
    await shot(page, 's9-first-login');
  });

  it('portals by role: admin, founder, franchise; wrong role is sent away', async () => {
    await fresh();
    await signIn(page, t.url, t.demo.admin.email, t.demo.admin.password);
    await expectPath(page, '/admin');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto(`${t.url}/dashboard`);
    await expectPath(page, '/admin');
    await shot(page, 'a0-admin-shell');
    if (size.name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    await logOut(page);

    await signIn(page, t.url, t.demo.founder.email, t.demo.founder.password);
    await expectPath(page, '/founder');
    await page.getByRole('heading', { name: 'Founder Control Center' }).waitFor();
    await shot(page, 'f1-founder');
    await logOut(page);
    // Signing out lands on the login form without passing through the signed-out view of /founder.
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await toasts(page).getByText('Please log in').count()).toBe(0);

    const email = uniqueEmail('franchise');
    await t.createUser({ email, password: 'secret-55', role: 'mini_franchise', firstName: 'Gita' });
    await signIn(page, t.url, email, 'secret-55');
    await expectPath(page, '/franchise');
    await page.getByText('Limited SKU Range').waitFor();
    await page.getByText('Local Market Focus').waitFor();
    await shot(page, 'r1-franchise');
    await page.goto(`${t.url}/founder`);
    await expectToast(page, 'Unauthorized', 'Founder access required. Redirecting...');
    await expectPath(page, '/franchise');
    // The franchise portal's logout is a plain link to GET /api/logout (doc 3 §2.7).
    await page.getByRole('link', { name: 'Logout' }).click();
    await expectPath(page, '/');

    await signIn(page, t.url, t.demo.member.email, t.demo.member.password);
    await expectPath(page, '/dashboard');
    await page.goto(`${t.url}/admin`);
    await expectToast(page, 'Unauthorized', 'Admin access required. Redirecting...');
    await expectPath(page, '/dashboard');
    await page.goto(`${t.url}/franchise`);
    await expectToast(page, 'Unauthorized', 'Franchise access required. Redirecting...');
    await expectPath(page, '/dashboard');
  });

  it('impersonation: code exchanged, banner shown, stop revokes the token', async () => {
    await fresh();
    const admin = await userByEmail(t, t.demo.admin.email);
    const member = await userByEmail(t, t.demo.member.email);
    const { code } = await issueImpersonationCode(t.runtime.ctx, actorFor(admin!), member!.id);

    // Opened in a browser where the issuing admin is not signed in, the code is refused and stays unused (issue 13).
    await page.goto(`${t.url}/dashboard?impersonationCode=${code}`);
    await expectToast(page, 'Cannot Login', MSG.impersonationInvalid);
    expect(await page.evaluate(() => sessionStorage.getItem('impersonationToken'))).toBeNull();

    // The admin's own browser.
    const sid = (await t.sessionOf(admin!.id)).slice('sid='.length);
    await context.addCookies([{ name: 'sid', value: sid, url: t.url }]);
    await page.goto(`${t.url}/dashboard?impersonationCode=${code}`);
    await page.getByText(`You are impersonating Asha Verma (${member!.userId})`).waitFor();
    expect(new URL(page.url()).search).toBe('');
    const token = await page.evaluate(() => sessionStorage.getItem('impersonationToken'));
    expect(token).toBeTruthy();
    await shot(page, 'impersonation-banner');

    await page.getByRole('button', { name: 'Stop impersonating' }).click();
    // Back in the admin's own session.
    await expectPath(page, '/admin');
    expect(await page.evaluate(() => sessionStorage.getItem('impersonationToken'))).toBeNull();
    const after = await t.api('GET', '/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);

    // A used code is refused and nothing is stored.
    await page.goto(`${t.url}/dashboard?impersonationCode=${code}`);
    await expectToast(page, 'Cannot Login', MSG.impersonationInvalid);
    expect(await page.evaluate(() => sessionStorage.getItem('impersonationToken'))).toBeNull();
  });
});
