import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { GRIEVANCE_MSG, GRIEVANCE_NUMBER_RE } from '../../contracts/grievance';
import type { TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/http';
import { loginAs } from '../support/start';
import { SIZES, expectToast, pagePerTest, picture, seriousViolations, startBrowserApp, stopBrowserApp } from './support/browser';

let t: TestApp;
let browser: Browser;

beforeAll(async () => {
  ({ t, browser } = await startBrowserApp());
  const admin = await loginAs(t, 'admin');
  const saved = await t.api('PUT', '/api/admin/settings/grievance', {
    cookie: admin,
    body: {
      grievanceOfficer: { name: 'Anita Rao', designation: 'Grievance Officer', phone: '+91 98765 43210', email: 'grievance@example.com' },
      nodalOfficer: { name: 'Vikram Shah', designation: 'Nodal Officer', phone: '+91 99887 76655', email: 'nodal@example.com' },
    },
  });
  expect(saved.status).toBe(200);
});
afterAll(() => stopBrowserApp(t, browser));

describe.each(SIZES)('grievance redressal at $name width', (size) => {
  const pages = pagePerTest(() => browser, size);

  it('a complaint from the public form is confirmed by its mailed link, acknowledged by the admin and tracked by its number', async () => {
    const email = uniqueEmail(`grv-e2e-${size.name}`);
    // Signed out: the footer leads to the page.
    const { page } = await pages.open();
    await page.goto(`${t.url}/`);
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Disclosures' }).waitFor();
    await footer.getByRole('link', { name: 'Grievance Redressal' }).click();
    await page.getByRole('heading', { name: 'Grievance Redressal', level: 1 }).waitFor();
    await page.getByText('Anita Rao').waitFor();
    await page.getByText('Vikram Shah').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'grievance-page', { review: 'grievance-page' });

    // File: a too-short description is refused on the field, then sent.
    const form = page.getByRole('form', { name: 'Complaint form' });
    await form.getByLabel('Your name').fill('Kavita Menon');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Order or invoice number').fill('INV/2627/000012');
    await form.getByLabel('Your complaint').fill('Too short');
    await form.getByRole('button', { name: 'Send complaint' }).click();
    await page.getByText(GRIEVANCE_MSG.descriptionMin).waitFor();
    await form.getByLabel('Your complaint').fill('The blender I received was damaged and the replacement never came.');
    await form.getByRole('button', { name: 'Send complaint' }).click();
    await page.getByText('Almost done', { exact: true }).waitFor();

    // The mailed link registers it and shows its number.
    await t.flushMail();
    const link = t.mail.linkTo(email, '/grievance/confirm');
    expect(link).toBeTruthy();
    await page.goto(link!);
    const numberEl = page.getByTestId('complaint-number');
    await numberEl.waitFor();
    const number = (await numberEl.textContent())!.trim();
    expect(number).toMatch(GRIEVANCE_NUMBER_RE);
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'grievance-confirmed', { review: 'grievance-confirmed', fullPage: false });
    await t.flushMail();
    expect(t.mail.lastTo(email)!.subject).toBe(`Complaint ${number} registered`);

    // The admin acknowledges it from Engagement > Grievances.
    const admin = await pages.signedIn(t.url, t.demo.admin.email, t.demo.admin.password, '/admin');
    await admin.page.goto(`${t.url}/admin?section=grievances`);
    await admin.page.getByRole('heading', { name: 'Grievances' }).waitFor();
    await admin.page
      .getByRole('button', { name: `Open complaint ${number}` })
      .first()
      .click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByText('The blender I received was damaged').waitFor();
    expect(await seriousViolations(admin.page)).toEqual([]);
    await picture(admin.page, 'grievance-admin-dialog', { review: 'grievance-admin-dialog', fullPage: false });
    await dialog.getByLabel('Note to the complainant (optional)').fill('We have asked the courier for the replacement.');
    await dialog.locator('button[type="submit"]').click();
    await expectToast(admin.page, 'Complaint acknowledged');
    await dialog.waitFor({ state: 'detached' });
    expect(await seriousViolations(admin.page)).toEqual([]);
    await picture(admin.page, 'grievance-admin-list', { review: 'grievance-admin-list' });

    // Settings > Grievance Redressal: the officers as saved, a holiday added.
    await admin.page.goto(`${t.url}/admin?section=grievance-settings`);
    await admin.page.getByRole('heading', { name: 'Grievance Redressal' }).waitFor();
    expect(await admin.page.locator('#grievanceOfficer-name').inputValue()).toBe('Anita Rao');
    const holidays = admin.page.getByRole('form', { name: 'Add a holiday' });
    const day = size.name === 'desktop' ? '2030-10-02' : '2030-11-14';
    await holidays.getByLabel('Day', { exact: true }).fill(day);
    await holidays.getByLabel('Holiday', { exact: true }).fill(size.name === 'desktop' ? 'Gandhi Jayanti' : 'Diwali');
    await holidays.getByRole('button', { name: 'Add holiday' }).click();
    await expectToast(admin.page, GRIEVANCE_MSG.holidayAdded);
    await admin.page
      .getByRole('list', { name: 'Holidays' })
      .getByText(size.name === 'desktop' ? 'Gandhi Jayanti' : 'Diwali')
      .waitFor();
    expect(await seriousViolations(admin.page)).toEqual([]);
    await picture(admin.page, 'grievance-settings', { review: 'grievance-settings' });

    // Tracked by number and email, signed out again.
    const visitor = await pages.open();
    await visitor.page.goto(`${t.url}/grievance?number=${encodeURIComponent(number)}`);
    const track = visitor.page.getByRole('form', { name: 'Track a complaint' });
    expect(await track.getByLabel('Complaint number').inputValue()).toBe(number);
    await track.getByLabel('Email').fill('someone.else@example.com');
    await track.getByRole('button', { name: 'Track' }).click();
    await visitor.page.getByText(GRIEVANCE_MSG.notFound).waitFor();
    await track.getByLabel('Email').fill(email);
    await track.getByRole('button', { name: 'Track' }).click();
    const tracked = visitor.page.getByTestId('tracked-complaint');
    await tracked.getByText('Acknowledged by the grievance officer').waitFor();
    await tracked.getByText('We have asked the courier for the replacement.').waitFor();
    expect(await seriousViolations(visitor.page)).toEqual([]);
    await tracked.scrollIntoViewIfNeeded();
    await picture(visitor.page, 'grievance-tracked', { review: 'grievance-tracked' });
  }, 240_000);
});
