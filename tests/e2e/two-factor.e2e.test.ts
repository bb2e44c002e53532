import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { FUND_APPROVAL_MSG } from '../../contracts/wallet';
import type { TestApp } from '../support/test-app';
import { query, uniqueEmail } from '../support/http';
import { codeFor, rememberSecret } from '../support/authenticator';
import { stepAt, totpAt } from '../../server/lib/totp';
import { SIZES, answerTwoFactor, creditWallet, expectPath, expectToast, pagePerTest, reviewShot, seriousViolations, shot, signIn, startBrowserApp, stopBrowserApp, type Size } from './support/browser';

/**
 * Issue 13 in the browser: a new admin is made to set up two-factor at their first sign-in (QR code, key, first
 * code, recovery codes), signs in with a code and with a recovery code, is asked for the code again before Send
 * Fund, and a second admin approves a large credit.
 */
let t: TestApp;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startBrowserApp()));
afterAll(() => stopBrowserApp(t, browser));

async function picture(page: Page, name: string) {
  // shot() lets finite animations settle (a button's spinner runs until the step-up is answered).
  await shot(page, `two-factor-${name}`);
  await reviewShot(page, `two-factor-${name}-${page.viewportSize()?.width}.png`);
}

async function axe(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

describe.each(SIZES)('two-factor at $name width', (size: Size) => {
  let page: Page;
  const pages = pagePerTest(() => browser, size);
  const fresh = async () => {
    ({ page } = await pages.open());
  };

  const password = 'New-Admin#2026-x';
  let email = '';
  let recoveryCodes: string[] = [];
  /** A new page, and the new admin's password typed and sent: the app then asks for the second step. */
  const passwordStep = async () => {
    await fresh();
    await page.goto(`${t.url}/`);
    await page.getByLabel('User ID').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
  };

  it('a new admin must set up two-factor at the first sign-in: QR code, key, first code, recovery codes', async () => {
    email = uniqueEmail(`new-admin-${size.name}`);
    const admin = await t.createUser({ email, password, role: 'admin', firstName: 'Kavya', lastName: 'Nair' });
    await fresh();
    await signIn(page, t.url, email, password);
    await expectPath(page, '/two-factor-setup');
    await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
    await page.getByText('Your role requires two-factor sign-in').waitFor();
    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    // Any other page sends the admin back here.
    await page.goto(`${t.url}/admin?section=all-members`);
    await expectPath(page, '/two-factor-setup');
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await axe(page);
    await picture(page, 'setup');

    // A wrong code first, then the app's code (computed here as the phone would).
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await page.getByText(/That code is not right/).waitFor();
    const step = stepAt(t.clock.now().getTime());
    await page.getByLabel('Authentication code').fill(totpAt(secret, step * 30_000));
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    recoveryCodes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    rememberSecret([admin.id, email, admin.userId], secret, t.clock, step);
    await picture(page, 'recovery-codes');
    await expect(page.getByRole('button', { name: 'Continue' }).isDisabled()).resolves.toBe(true);
    await page.getByLabel('I have saved my recovery codes somewhere safe').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectPath(page, '/admin');
    await expectToast(page, 'Two-factor sign-in is on');
  });

  it('signs in with the password and the code the app shows, then with a recovery code', async () => {
    await passwordStep();
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await axe(page);
    await picture(page, 'sign-in-code');
    await answerTwoFactor(page, email, codeFor(email));
    await expectPath(page, '/admin');

    await passwordStep();
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]);
    await picture(page, 'sign-in-recovery');
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await expectPath(page, '/admin');
    // My Security shows what is left.
    await page.goto(`${t.url}/admin?section=my-security`);
    await page.getByText('9 of 10 recovery codes left').waitFor();
    await picture(page, 'my-security');
  });

  it('asks for the code again before Send Fund once 5 minutes have passed, then sends it; a second admin approves a large credit', async () => {
    const member = await t.createUser({ email: uniqueEmail('stepup-member'), password: 'Member#Step-1', firstName: 'Imran', lastName: `Shaikh ${size.name}`, kycStatus: 'approved' });
    await fresh();
    await signIn(page, t.url, email, password);
    await expectPath(page, '/admin');
    t.clock.advance(6 * 60_000);

    await page.goto(`${t.url}/admin?section=send-fund`);
    await creditWallet(page, member.userId, '1500', 'Festival bonus');
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.waitFor();
    await axe(page);
    await picture(page, 'step-up');
    await dialog.getByLabel('Authentication code').fill('000000');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText(/That code is not right/).waitFor();
    await dialog.getByLabel('Authentication code').fill(codeFor(email));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Success');
    const [wallet] = await query<{ balance: string }>(t, sql`select balance::text from wallet_balances where user_id = ${member.id}`);
    expect(wallet.balance).toBe('1500.00');

    // A credit above the approval amount waits for a second admin (no second prompt: within 5 minutes).
    await creditWallet(page, member.userId, '80000', 'Annual leadership award');
    await expectToast(page, 'Sent for approval', `${FUND_APPROVAL_MSG.requested} ₹50,000.00.`);

    await fresh();
    await signIn(page, t.url, t.demo.admin2.email, t.demo.admin2.password);
    await expectPath(page, '/admin');
    t.clock.advance(6 * 60_000);
    await page.goto(`${t.url}/admin?section=approvals`);
    const item = page.getByRole('listitem', { name: new RegExp(`Credit of ₹80,000.00 for ${member.userId}`) });
    await item.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog', { name: 'Approve Fund Transaction' }).getByRole('button', { name: 'Approve Credit' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    await stepUp.waitFor();
    await stepUp.getByLabel('Authentication code').fill(codeFor(t.demo.admin2.email));
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Success', FUND_APPROVAL_MSG.approved);
    await picture(page, 'second-admin-approved');
    const [after] = await query<{ balance: string }>(t, sql`select balance::text from wallet_balances where user_id = ${member.id}`);
    expect(after.balance).toBe('81500.00');
  }, 120_000);
});
