import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestApp } from '../support/test-app';
import { SIZES, expectPath, seriousViolations, signIn, startBrowserApp, stopBrowserApp } from './support/browser';
import { SECTION_IDS } from '../../web/app/admin/sections';

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

  // Every section of the admin shell (web/features/admin/sections.ts), one test each, in one signed-in page.
  describe('every admin section', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await browser.newContext({ viewport: { width: size.width, height: size.height }, bypassCSP: true });
      page = await context.newPage();
      await signIn(page, t.url, t.demo.admin.email, t.demo.admin.password);
      await expectPath(page, '/admin');
    });
    afterAll(() => context?.close());

    it.each(SECTION_IDS)('%s', async (section) => {
      await page.goto(`${t.url}/admin?section=${section}`);
      await page.waitForLoadState('networkidle');
      await page.getByRole('main').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
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
