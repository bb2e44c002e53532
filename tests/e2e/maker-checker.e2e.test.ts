import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { FUND_APPROVAL_MSG } from '../../contracts/wallet';
import type { TestApp } from '../support/test-app';
import { query, uniqueEmail } from '../support/http';
import { SIZES, creditWallet, expectToast, pagePerTest, picture as settledPicture, startBrowserApp, stopBrowserApp, type Size } from './support/browser';

/** Issue 13: a large Send Fund waits for a second admin, who approves it in Approvals. */
let t: TestApp;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startBrowserApp()));
afterAll(() => stopBrowserApp(t, browser));

const picture = (page: Page, name: string) => settledPicture(page, `maker-checker-${name}`);

describe.each(SIZES)('maker-checker at $name width', (size: Size) => {
  let page: Page;
  const pages = pagePerTest(() => browser, size);
  const as = async (email: string, password: string) => {
    ({ page } = await pages.signedIn(t.url, email, password, '/admin'));
  };

  it('the first admin asks for a ₹75,000 credit; it waits; the second admin approves it and the wallet is credited', async () => {
    const email = uniqueEmail('large-credit');
    const member = await t.createUser({ email, password: 'Member#Large-1', firstName: 'Lakshmi', lastName: `Rao ${size.name}`, kycStatus: 'approved' });

    await as(t.demo.admin.email, t.demo.admin.password);
    await page.goto(`${t.url}/admin?section=send-fund`);
    await creditWallet(page, member.userId, '75000', 'Diwali performance bonus');
    await expectToast(page, 'Sent for approval', `${FUND_APPROVAL_MSG.requested} ₹50,000.00.`);
    await page.getByText('Waiting for a second admin').waitFor();
    await picture(page, 'send-fund-sent-for-approval');
    expect((await query<{ n: number }>(t, sql`select count(*)::int n from transactions where user_id = ${member.id}`))[0].n).toBe(0);

    // The requester sees it waiting, without an Approve button.
    await page.getByRole('link', { name: 'Open Approvals' }).click();
    await page.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor();
    const mine = page.getByRole('listitem', { name: new RegExp(`Credit of ₹75,000.00 for ${member.userId}`) });
    await mine.getByText('Waiting for another admin').waitFor();
    expect(await mine.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await picture(page, 'pending-own');

    // The second admin approves it.
    await as(t.demo.admin2.email, t.demo.admin2.password);
    await page.goto(`${t.url}/admin?section=approvals`);
    const theirs = page.getByRole('listitem', { name: new RegExp(`Credit of ₹75,000.00 for ${member.userId}`) });
    await theirs.getByText('Diwali performance bonus').waitFor();
    await picture(page, 'pending-other');
    await theirs.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve Fund Transaction' });
    await dialog.getByText('Diwali performance bonus').waitFor();
    await picture(page, 'approve-dialog');
    await dialog.getByRole('button', { name: 'Approve Credit' }).click();
    await expectToast(page, 'Success', FUND_APPROVAL_MSG.approved);
    await page.getByRole('button', { name: /Approved/ }).click();
    await page
      .getByRole('listitem', { name: new RegExp(`Credit of ₹75,000.00 for ${member.userId}`) })
      .getByText(/approved by Second Admin/)
      .waitFor();
    await picture(page, 'approved');
    const [wallet] = await query<{ balance: string }>(t, sql`select balance::text from wallet_balances where user_id = ${member.id}`);
    expect(wallet.balance).toBe('75000.00');
  });
});
