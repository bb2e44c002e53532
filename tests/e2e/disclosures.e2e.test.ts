import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BRANDING_MSG } from '../../contracts/branding';
import { DISCLOSURE_MSG } from '../../contracts/disclosures';
import { DEMO_COMPANY } from '../../server/seed/demo-data';
import type { TestApp } from '../support/test-app';
import { SIZES, expectAxeClean, expectToast, pageOverflow, pagePerTest, picture, startBrowserApp, stopBrowserApp } from './support/browser';

/**
 * `/disclosures` (Consumer Protection (Direct Selling) Rules, 2021): the company's details, the plan in plain words and
 * the income disclosure, for anyone without signing in, and the same page for a signed-in member.
 */
let t: TestApp;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startBrowserApp()));
afterAll(() => stopBrowserApp(t, browser));

const fyLabel = (fy: number) => `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`;
const currentFy = () => {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(t.clock.now()).split('-').map(Number);
  return m >= 4 ? y : y - 1;
};

describe.each(SIZES)('disclosures at $name width', (size) => {
  const pages = pagePerTest(() => browser, size);

  it('a visitor reads the company, the plan and the income tables', async () => {
    const { page: p } = await pages.open();
    await p.goto(`${t.url}/disclosures`);
    await p.getByRole('heading', { level: 1, name: 'About this business, its plan and what members earn' }).waitFor();
    expect(await p.title()).toBe(`Disclosures · ${DEMO_COMPANY.companyName}`);

    // The company.
    await p.getByText(DEMO_COMPANY.legalName).first().waitFor();
    await p.getByText(DEMO_COMPANY.cin).waitFor();
    await p.getByText(DEMO_COMPANY.gstin).waitFor();
    await p.getByText(DEMO_COMPANY.address).waitFor();

    // The plan, from the plan in force (the spec's defaults).
    await p.getByRole('heading', { name: 'The compensation plan' }).waitFor();
    await p.getByText('Each pair pays 10% of its 100 BV: ₹10.00 a pair.', { exact: false }).waitFor();
    await p.getByRole('heading', { name: 'Ranks and rank bonuses' }).waitFor();
    await p.getByText('An admin charge of 5% of your gross income', { exact: false }).waitFor();

    // Income: the demo's cycles are all of this year, so the last year says so and this year to date is shown.
    const last = fyLabel(currentFy() - 1);
    const now = fyLabel(currentFy());
    await p.getByText(DISCLOSURE_MSG.noPostedCycles(last)).waitFor();
    await p.getByRole('heading', { name: `Financial year ${now} to date` }).waitFor();
    await p.getByText(DISCLOSURE_MSG.yearToDate(now)).waitFor();
    await p.getByRole('group', { name: 'Members counted' }).last().waitFor();
    await p.getByText('Median', { exact: true }).last().waitFor();
    await p.getByText('Average income by rank').last().waitFor();
    expect(await p.getByText('Executive', { exact: true }).filter({ visible: true }).count()).toBeGreaterThan(0);

    expect(await pageOverflow(p)).toEqual([]);
    await expectAxeClean(p);
    await picture(p, 'disclosures');
    await p.getByRole('link', { name: 'Income disclosure' }).click();
    await picture(p, 'disclosures-income', { fullPage: false });
  });

  it('a signed-in member reaches the same page', async () => {
    const { page: p } = await pages.signedIn(t.url, t.demo.member.email, t.demo.member.password, '/dashboard');
    await p.goto(`${t.url}/disclosures`);
    await p.getByRole('heading', { level: 1, name: 'About this business, its plan and what members earn' }).waitFor();
    await p.getByText(DEMO_COMPANY.cin).waitFor();
    await expectAxeClean(p);
  });

  it('the admin records the legal name and CIN in the branding settings; a malformed CIN is refused', async () => {
    const { page: p } = await pages.signedIn(t.url, t.demo.admin.email, t.demo.admin.password, '/admin');
    await p.goto(`${t.url}/admin?section=branding`);
    const cin = p.getByLabel('CIN');
    await cin.fill('U74999MH2020PTC12345');
    await p.getByRole('button', { name: 'Save settings' }).click();
    await p.getByText(BRANDING_MSG.cinInvalid).waitFor();
    await picture(p, 'branding-cin-invalid', { fullPage: false });
    const legal = `Sunrise Wellness India Private Limited ${size.name}`;
    await p.getByLabel('Registered legal name').fill(legal);
    await cin.fill('u74999mh2020ptc123456');
    await p.getByRole('button', { name: 'Save settings' }).click();
    await expectToast(p, BRANDING_MSG.saved);
    await p.goto(`${t.url}/disclosures`);
    await p.getByText(legal).waitFor();
    await p.getByText('U74999MH2020PTC123456').waitFor();
    // The demo company again for the next width's visitor.
    const cookie = await t.login(t.demo.admin.email, t.demo.admin.password);
    expect((await t.api('PUT', '/api/admin/settings/branding', { cookie, body: { ...DEMO_COMPANY } })).status).toBe(200);
  });
});
