import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../support/test-app';
import { SIZES, expectPath, seriousViolations, signIn, startBrowserApp, stopBrowserApp } from './support/browser';

const ADMIN_SECTIONS = [
  'dashboard',
  'all-members',
  'paid-members',
  'today-joinings',
  'free-users',
  'users-activities',
  'direct-income',
  'roi-income',
  'salary-income',
  'payout-summary',
  'holiday-reward',
  'kyc-pending',
  'kyc-approved',
  'kyc-rejected',
  'notifications',
  'genealogy',
  'branding',
];

let t: TestApp;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startBrowserApp()));
afterAll(() => stopBrowserApp(t, browser));

describe.each(SIZES)('accessibility at $name width (axe, serious and critical)', (size) => {
  it('signed-out screens', async () => {
    // axe is injected as a script: the page's own CSP (script-src 'self') would refuse it, so this context bypasses CSP.
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, bypassCSP: true });
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    for (const path of ['/', '/signup', '/forgot-password', '/reset-password', '/verify-email', '/complete-invitation', '/no-such-page']) {
      await page.goto(`${t.url}${path}`);
      await page.waitForLoadState('networkidle');
      const v = await seriousViolations(page);
      if (v.length) found[path] = v;
    }
    await context.close();
    expect(found).toEqual({});
  });

  it('every admin section', async () => {
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, bypassCSP: true });
    const page = await context.newPage();
    await signIn(page, t.url, t.demo.admin.email, t.demo.admin.password);
    await expectPath(page, '/admin');
    const found: Record<string, string[]> = {};
    for (const section of ADMIN_SECTIONS) {
      await page.goto(`${t.url}/admin?section=${section}`);
      await page.waitForLoadState('networkidle');
      await page.getByRole('main').first().waitFor();
      const v = await seriousViolations(page);
      if (v.length) found[section] = v;
    }
    await context.close();
    expect(found).toEqual({});
  });

  it('member screens: dashboard, KYC page, change password, pending dashboard', async () => {
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, bypassCSP: true });
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    await signIn(page, t.url, t.demo.member.email, t.demo.member.password);
    await expectPath(page, '/dashboard');
    for (const path of ['/dashboard', '/kyc-upload', '/change-password']) {
      await page.goto(`${t.url}${path}`);
      await page.waitForLoadState('networkidle');
      const v = await seriousViolations(page);
      if (v.length) found[path] = v;
    }
    await context.clearCookies();
    await signIn(page, t.url, t.demo.pending.email, t.demo.pending.password);
    await page.waitForLoadState('networkidle');
    const v = await seriousViolations(page);
    if (v.length) found['pending dashboard'] = v;
    await context.close();
    expect(found).toEqual({});
  });
});
