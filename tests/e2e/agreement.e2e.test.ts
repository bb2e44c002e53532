import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AGREEMENT_MSG, agreementCheckboxLabel, CurrentAgreement } from '../../contracts/agreements';
import { userByEmail, type TestApp } from '../support/test-app';
import { createReferralLink } from '../../server/modules/referral/referral.service';
import { AGREEMENT_V1 } from '../../server/seed/agreement-v1';
import { browserAppWithAdmin, SIZES, expectPath, expectToast, pagePerTest, reviewShot, seriousViolations, shot, signIn, type Size } from './support/browser';

/**
 * Issue 32 in the browser: the Direct Seller Agreement on the joining forms, and a member who accepts a new version
 * at sign-in before anything else of the portal.
 */
let t: TestApp;
let browser: Browser;
let admin: string;
browserAppWithAdmin((app) => ({ t, browser, admin } = app));

async function picture(page: Page, name: string) {
  await shot(page, `agreement-${name}`);
  await reviewShot(page, `agreement-${name}-${page.viewportSize()?.width}.png`);
}

const inForce = async () => CurrentAgreement.parse((await t.api('GET', '/api/agreement/current')).body).agreement!.version;

describe.each(SIZES)('the Direct Seller Agreement at $name width', (size: Size) => {
  let page: Page;
  const pages = pagePerTest(() => browser, size, { acceptDownloads: true });

  it('the signup form shows the agreement and requires its checkbox', async () => {
    ({ page } = await pages.open());
    const version = await inForce();
    await page.goto(`${t.url}/signup`);
    await page.getByRole('region', { name: new RegExp(`version ${version}`) }).waitFor();
    const box = page.getByLabel(agreementCheckboxLabel(version));
    expect(await box.isChecked()).toBe(false);
    await page.getByLabel('Full Name').fill('Kiran Rao');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(AGREEMENT_MSG.acceptRequired).waitFor();
    await box.check();
    await page.getByText(AGREEMENT_MSG.acceptRequired).waitFor({ state: 'detached' });
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'signup');
  });

  it('the referral registration form shows the agreement and its checkbox', async () => {
    ({ page } = await pages.open());
    const member = (await userByEmail(t, t.demo.member.email))!;
    const link = await createReferralLink(t.runtime.ctx, t.runtime.ctx.db, member, { placementSide: 'left' });
    await page.goto(`${t.url}/referral-register?ref=${encodeURIComponent(link.token)}`);
    await page.getByLabel(agreementCheckboxLabel(await inForce())).waitFor();
    await page.getByTestId('agreement-text').getByText('Identity card and meeting customers').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('a member accepts a new agreement version at sign-in', async () => {
    // The admin publishes the next version through the API.
    const published = await t.api('POST', '/api/admin/agreements', {
      cookie: admin,
      body: {
        title: 'Direct Seller Agreement',
        body: `${AGREEMENT_V1.body}\n\n14. Online selling\n\nYou may sell through your own social media pages, using only the Company's approved product pictures and prices.`,
      },
    });
    expect(published.status).toBe(201);
    const version = published.body.version as number;

    ({ page } = await pages.open());
    await signIn(page, t.url, t.demo.member.email, t.demo.member.password);
    await expectPath(page, '/agreement-update');
    await page.getByRole('heading', { name: 'Updated agreement' }).waitFor();
    await page.getByText('14. Online selling').waitFor();
    // Nothing else of the portal opens meanwhile.
    await page.goto(`${t.url}/wallet`);
    await expectPath(page, '/agreement-update');
    await page.getByRole('heading', { name: 'Updated agreement' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'update');

    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await page.getByText(AGREEMENT_MSG.acceptRequired).waitFor();
    await page.getByLabel(agreementCheckboxLabel(version)).check();
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await expectToast(page, 'Agreement accepted');
    await expectPath(page, '/dashboard');

    // Settings: the accepted version and its PDF.
    await page.goto(`${t.url}/settings`);
    const card = page.getByRole('region', { name: 'Direct Seller Agreement' });
    await card.getByText(`version ${version}`).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download agreement (PDF)' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^direct-seller-agreement-v${version}-MB\\d+\\.pdf$`));
    await card.scrollIntoViewIfNeeded();
    await picture(page, 'settings');
  });

  it('the admin sees the versions in the Seller Agreement section', async () => {
    ({ page } = await pages.open());
    await signIn(page, t.url, t.demo.admin.email, t.demo.admin.password);
    await page.goto(`${t.url}/admin?section=seller-agreement`);
    await page.getByRole('heading', { name: 'Seller Agreement', level: 1 }).waitFor();
    await page.getByText(`In force: Direct Seller Agreement, version ${await inForce()}`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'admin');
  });
});
