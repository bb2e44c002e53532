import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { FUND_REQUEST_MSG } from '../../contracts/fund-requests';
import type { TestApp } from '../support/test-app';
import { fakeJpeg, uniqueEmail } from '../support/http';
import { expectAxeClean, SIZES, expectToast, shot, startBrowserApp, stopBrowserApp, withSignedInPage, type Size } from './support/browser';

/** Issue 16: a member tops up the wallet by UPI with a proof; an admin approves it in Pending Fund Requests. */
let t: TestApp;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startBrowserApp()));
afterAll(() => stopBrowserApp(t, browser));

const PASSWORD = 'Topup#1234';

describe.each(SIZES)('wallet top-up at $name width', (size: Size) => {
  it('the member asks, the admin approves, the wallet is credited', async () => {
    const email = uniqueEmail(`topup-${size.name}`);
    const user = await t.createUser({ email, password: PASSWORD, firstName: 'Asha', lastName: size.name === 'phone' ? 'Iyer' : 'Menon' });
    const reference = `UPI${size.width}${Date.now().toString().slice(-8)}`;

    await withSignedInPage(browser, size, t.url, email, PASSWORD, '/dashboard', async (page) => {
      await page.goto(`${t.url}/wallet`);
      await page.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();
      await page.getByText('No top-up requests yet').waitFor();
      await page.getByRole('button', { name: 'Top Up Wallet' }).click();
      const dialog = page.getByRole('dialog', { name: 'Top Up Wallet' });
      await dialog.getByText('left today').waitFor();
      // Submitting empty names every missing field.
      await dialog.getByRole('button', { name: 'Submit Request' }).click();
      await dialog.getByText(FUND_REQUEST_MSG.proofRequired).waitFor();
      await dialog.getByLabel('Amount (₹)').fill('2500');
      await dialog.getByLabel('Reference Number').fill(reference);
      await dialog.getByLabel('Payment Proof').setInputFiles({ name: 'upi-receipt.jpg', mimeType: 'image/jpeg', buffer: fakeJpeg(2000) });
      await dialog.getByText('upi-receipt.jpg').waitFor();
      await shot(page, 'member-top-up-dialog');
      await expectAxeClean(page);
      await dialog.getByRole('button', { name: 'Submit Request' }).click();
      await expectToast(page, 'Top-up Requested', FUND_REQUEST_MSG.submitted);
      const card = page.getByRole('list', { name: 'Top-up requests' });
      await card.getByText(reference).waitFor();
      await card.getByText('Pending', { exact: true }).waitFor();
      await shot(page, 'member-top-up-pending');
      await expectAxeClean(page);
    });

    await withSignedInPage(browser, size, t.url, t.demo.admin.email, t.demo.admin.password, '/admin', async (page) => {
      await page.goto(`${t.url}/admin?section=pending-fund-requests`);
      await page.getByRole('heading', { level: 1, name: 'Pending Fund Requests' }).waitFor();
      const row = page.locator('[data-fund-request-id]:visible', { hasText: reference });
      await row.waitFor();
      await shot(page, 'admin-pending-fund-requests');
      await expectAxeClean(page);
      await row.getByRole('button', { name: /Approve the top-up/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Approve fund request' });
      await confirm.getByText(reference, { exact: true }).waitFor();
      await shot(page, 'admin-approve-fund-request');
      await expectAxeClean(page);
      await confirm.getByRole('button', { name: 'Approve and credit' }).click();
      await expectToast(page, 'Success', FUND_REQUEST_MSG.approved);
      await page.getByText('No pending fund requests').or(page.locator('[data-fund-request-id]:visible').first()).waitFor();
      expect(await page.locator('[data-fund-request-id]:visible', { hasText: reference }).count()).toBe(0);

      await page.goto(`${t.url}/admin?section=manage-fund`);
      await page.getByRole('heading', { level: 1, name: 'Manage Fund' }).waitFor();
      await page.getByLabel('Member or reference').fill(reference);
      await page.getByRole('button', { name: 'Search' }).click();
      const done = page.locator('[data-fund-request-id]:visible', { hasText: reference });
      await done.getByText('Approved', { exact: true }).waitFor();
      await shot(page, 'admin-manage-fund');
      await expectAxeClean(page);
    });

    const cookie = await t.login(email, PASSWORD);
    const wallet = await t.api('GET', '/api/wallet', { cookie });
    expect(wallet.body.balance).toBe('2500.00');
    expect(user.id).toBeTruthy();
  }, 120_000);
});
