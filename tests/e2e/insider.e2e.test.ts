import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MSG } from '../../contracts/messages';
import { WALLET_MSG, type AdminWithdrawal } from '../../contracts/wallet';
import type { ApprovalView } from '../../contracts/approvals';
import { userByEmail, type TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/http';
import { bank, fundedMember } from '../support/money';
import { codeFor } from '../support/authenticator';
import { SIZES, expectToast, pagePerTest, picture as settledPicture, startBrowserApp, stopBrowserApp, toasts, type Size, openAdminSection, visibleRecord } from './support/browser';

/**
 * Issue 29 in the browser (insider controls): an admin's change of another admin's password waits for a third admin,
 * who is neither the requester nor the target; and the admin who credited a member by Send Fund cannot approve that
 * member's withdrawal, which another admin then approves.
 */
let t: TestApp;
let browser: Browser;
/** The third admin, made here: neither the requester (the demo admin) nor the target (the second demo admin). */
const third = { email: uniqueEmail('third-admin'), password: 'Third#Admin-2026x' };
/** The second demo admin's password as it stands: each width's sign-in change ends with a new one. */
let admin2Password: string;

beforeAll(async () => {
  ({ t, browser } = await startBrowserApp());
  admin2Password = t.demo.admin2.password;
  await t.createUser({ email: third.email, password: third.password, role: 'admin', firstName: 'Meher', lastName: 'Kulkarni' });
  // Enrols the third admin's two-factor with the tests' authenticator, as their first sign-in would.
  await t.login(third.email, third.password);
});
afterAll(() => stopBrowserApp(t, browser));

/** artifacts/screens like the other suites, and artifacts/shots/insider-<name>-<width>.png for review. */
// Finite animations only: a button's spinner runs while the step-up dialog waits for the code.
const picture = (page: Page, name: string, fullPage = true) => settledPicture(page, `insider-${name}`, { fullPage });

const open = (page: Page, section: string, heading: string) => openAdminSection(page, t.url, section, heading);

/** The step-up dialog (issue 13): the signed-in admin types their authenticator code again, and the write goes on. */
async function answerStepUp(page: Page, login: string, name?: string) {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await dialog.waitFor();
  if (name) await picture(page, name, false);
  await dialog.getByLabel('Authentication code').fill(codeFor(login));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const loginStatus = async (email: string, password: string) => (await t.api('POST', '/api/login', { body: { userId: email, password } })).status;

describe.each(SIZES)('insider controls at $name width', (size: Size) => {
  let page: Page;
  const tag = size.name === 'phone' ? 'Phone' : 'Desk';
  const pages = pagePerTest(() => browser, size);
  const as = async (email: string, password: string) => {
    ({ page } = await pages.signedIn(t.url, email, password, '/admin'));
  };

  it('the admin who credited a member by Send Fund cannot approve their withdrawal; another admin can', async () => {
    const adminCookie = await t.login(t.demo.admin.email, t.demo.admin.password);
    // KYC approved and ₹5,000 credited by Send Fund, both by the demo admin.
    const { user: member, cookie } = await fundedMember(t, adminCookie, '5000', { firstName: 'Farhan', lastName: `Qureshi ${tag}` });
    const asked = await t.api('POST', '/api/withdrawals', { cookie, body: { withdrawalType: 'bank', amount: '1200', bankDetails: bank } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const id = (asked.body.withdrawal as { id: string }).id;
    const pending = async () => ((await t.api('GET', '/api/admin/pending-withdrawals', { cookie: adminCookie })).body as AdminWithdrawal[]).some((w) => w.id === id);

    await as(t.demo.admin.email, t.demo.admin.password);
    await open(page, 'withdrawals-pending', 'Pending Withdraw Requests');
    const row = visibleRecord(page, 'data-withdrawal-id', id);
    await row.getByText(`Farhan Qureshi ${tag}`, { exact: true }).waitFor();
    await row.getByText('₹1,200.00').waitFor();
    await row.getByRole('button', { name: /^Approve the withdrawal of/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve Withdrawal' });
    await dialog.getByText('Are you sure you want to approve this withdrawal request?').waitFor();
    const [answer] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `/api/admin/approve-withdrawal/${id}`),
      dialog.getByRole('button', { name: 'Approve', exact: true }).click(),
    ]);
    expect(answer.status()).toBe(403);
    expect((await answer.json()).code).toBe('CUSTODY_CONFLICT');
    // The server's reason, in the error toast.
    await expectToast(page, 'Error', /You cannot approve this withdrawal: you credited this member by Send Fund on /);
    await toasts(page)
      .getByText(/An admin who has not handled this member’s account or money in the last 30 days must approve it\./)
      .waitFor();
    await picture(page, 'custody-refused', false);
    // Nothing was paid: the dialog is still open, the request still pending.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor();
    expect(await pending()).toBe(true);
    await picture(page, 'custody-still-pending');

    // The second admin never handled this member: they approve it.
    await as(t.demo.admin2.email, admin2Password);
    await open(page, 'withdrawals-pending', 'Pending Withdraw Requests');
    const theirs = visibleRecord(page, 'data-withdrawal-id', id);
    await theirs.getByRole('button', { name: /^Approve the withdrawal of/ }).click();
    const second = page.getByRole('dialog', { name: 'Approve Withdrawal' });
    await second.getByLabel(/Payout reference/).fill(`UTR${tag}440021`);
    await second.getByRole('button', { name: 'Approve', exact: true }).click();
    await expectToast(page, 'Success', WALLET_MSG.withdrawalApproved);
    await second.waitFor({ state: 'detached' });
    await theirs.waitFor({ state: 'detached' });
    await picture(page, 'custody-second-admin-approved', false);
    expect(await pending()).toBe(false);
    const approved = (await t.api('GET', '/api/admin/approved-withdrawals', { cookie: adminCookie })).body as AdminWithdrawal[];
    expect(approved.find((w) => w.id === id)).toMatchObject({ status: 'approved', transactionId: `UTR${tag}440021`, userDisplayId: member.userId });
  });

  it('an admin’s new password for another admin waits; the target cannot approve it; a third admin approves it', async () => {
    const target = (await userByEmail(t, t.demo.admin2.email))!;
    const requester = (await userByEmail(t, t.demo.admin.email))!;
    const before = admin2Password;
    const temporary = `Temp#${tag}-Key-2026`;

    // The demo admin edits the second admin and sets a new password; 6 minutes on, the step-up asks for the code.
    await as(t.demo.admin.email, t.demo.admin.password);
    t.clock.advance(6 * 60_000);
    await open(page, 'all-members', 'All Members');
    await page.getByLabel('Search by').selectOption('id');
    await page.getByLabel('Search', { exact: true }).fill(target.userId);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await visibleRecord(page, 'data-user-id', target.userId).waitFor();
    await page.getByRole('button', { name: `Actions for ${target.userId}` }).click();
    await page.getByRole('menuitem', { name: 'Edit user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User Details' });
    await dialog.getByLabel('New Password').fill(temporary);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await answerStepUp(page, t.demo.admin.email, 'edit-step-up');
    // The server's 202 message, not "User updated successfully".
    await expectToast(page, 'Sent for approval', MSG.credentialChangeRequested);
    await dialog.waitFor({ state: 'detached' });
    await picture(page, 'edit-sent-for-approval', false);
    expect(await toasts(page).getByText('User updated successfully').count()).toBe(0);

    // Nothing changed yet: the old password still signs in, the new one does not.
    expect(await loginStatus(t.demo.admin2.email, before)).toBe(200);
    expect(await loginStatus(t.demo.admin2.email, temporary)).toBe(401);
    expect((await userByEmail(t, t.demo.admin2.email))!.firstLogin).toBe(false);

    const adminCookie = await t.login(t.demo.admin.email, t.demo.admin.password);
    const waiting = ((await t.api('GET', '/api/admin/approvals?status=pending&kind=credential_change', { cookie: adminCookie })).body as ApprovalView[]).filter(
      (a) => a.member?.userId === target.userId,
    );
    expect(waiting).toHaveLength(1);
    const request = waiting[0];
    expect(request).toMatchObject({ summary: 'Sign-in change (password)', requestedBy: { userId: requester.userId } });
    // Neither the target nor the requester may approve it (a fresh sign-in has the step-up).
    const asTarget = await t.api('POST', `/api/admin/approvals/${request.id}/approve`, { cookie: await t.login(t.demo.admin2.email, before) });
    expect(asTarget.status, JSON.stringify(asTarget.body)).toBe(403);
    expect(asTarget.body).toMatchObject({ code: 'SECOND_ADMIN_REQUIRED', message: MSG.ownAccountApproval });
    const asRequester = await t.api('POST', `/api/admin/approvals/${request.id}/approve`, { cookie: adminCookie });
    expect(asRequester.status, JSON.stringify(asRequester.body)).toBe(403);
    expect(asRequester.body).toMatchObject({ code: 'SECOND_ADMIN_REQUIRED', message: MSG.credentialChangeOwnRequest });
    expect(await loginStatus(t.demo.admin2.email, temporary)).toBe(401);

    // The third admin sees the request with what it changes and who asked, and approves it.
    await as(third.email, third.password);
    t.clock.advance(6 * 60_000);
    await open(page, 'approvals', 'Approvals');
    const card = page.getByRole('listitem', { name: `Sign-in change (password) for ${target.userId}` });
    await card.getByText('Sign-in change', { exact: true }).waitFor();
    await card.getByText('Second Admin', { exact: true }).waitFor();
    await card.getByText('Password', { exact: true }).waitFor();
    await card.getByText('A temporary password (changed at the next sign-in)').waitFor();
    await card.getByText(new RegExp(`Requested by ${request.requestedBy!.name}`)).waitFor();
    await picture(page, 'approvals-sign-in-change');
    await card.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve Sign-in Change' });
    await approve.getByText('A temporary password (changed at the next sign-in)').waitFor();
    await picture(page, 'approve-sign-in-change', false);
    await approve.getByRole('button', { name: 'Approve Change' }).click();
    await answerStepUp(page, third.email);
    await expectToast(page, 'Success', MSG.credentialChangeApproved);
    await approve.waitFor({ state: 'detached' });
    await card.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /Approved/ }).click();
    await page
      .getByRole('listitem', { name: `Sign-in change (password) for ${target.userId}` })
      .getByText(/approved by Meher Kulkarni/)
      .first()
      .waitFor();
    await picture(page, 'sign-in-change-approved');

    // Applied: the old password no longer signs in; the new one does, and is temporary.
    expect(await loginStatus(t.demo.admin2.email, before)).toBe(401);
    expect((await userByEmail(t, t.demo.admin2.email))!.firstLogin).toBe(true);
    ({ page } = await pages.signedIn(t.url, t.demo.admin2.email, temporary, '/change-password'));
    await page.getByText(MSG.passwordChangeRequired).waitFor();
    await picture(page, 'target-must-change-password');
    const final = `Second#${tag}-Own-2026`;
    await page.getByLabel('Current Password').fill(temporary);
    await page.getByLabel('New Password', { exact: true }).fill(final);
    await page.getByLabel('Confirm New Password').fill(final);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Password Changed', MSG.passwordChanged);
    admin2Password = final;
    expect(await loginStatus(t.demo.admin2.email, final)).toBe(200);
    expect((await userByEmail(t, t.demo.admin2.email))!.firstLogin).toBe(false);
  }, 120_000);
});
