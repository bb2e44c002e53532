import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/test-app';
import { SIZES, expectPath, launchBrowser, reviewShot, seriousViolations, shot, signIn, type Size } from './support/browser';

/** Issue 15: the dashboards' charts, drawn from the lazy chart chunk, each with its text alternative. */
let t: TestApp;
let browser: Browser;

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function picture(page: Page, name: string) {
  await shot(page, `charts-${name}`);
  await reviewShot(page, `charts-${name}-${page.viewportSize()?.width}.png`);
}

/** Each chart: its card, a canvas drawn by uPlot (hidden from screen readers) and the table of its figures. */
async function expectCharts(page: Page, titles: string[]) {
  for (const title of titles) {
    const card = page.locator('section', { has: page.getByRole('heading', { name: title, exact: true }) });
    // A drawn chart, or the empty state when every figure is zero (the demo has no withdrawals in the window).
    await card.locator('canvas, [data-chart-empty]').first().waitFor({ state: 'attached' });
    expect(await card.getByRole('table', { name: title }).count()).toBe(1);
    expect((await card.locator('figcaption').innerText()).length).toBeGreaterThan(10);
  }
}

describe.each(SIZES)('dashboard charts at $name width', (size: Size) => {
  let context: BrowserContext;
  let page: Page;
  afterAll(() => context?.close());
  const as = async (login: string, password: string, home: string) => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: 1 });
    context.setDefaultTimeout(10_000);
    page = await context.newPage();
    page.on('pageerror', (e) => console.error(`[page error at ${size.name}]`, e.message));
    await signIn(page, t.url, login, password);
    await expectPath(page, home);
  };

  it('the admin dashboard shows joinings, sales and BV, income per cycle and withdrawals per week', async () => {
    const chunks: string[] = [];
    await as(t.demo.admin.email, t.demo.admin.password, '/admin');
    page.on('request', (r) => chunks.push(new URL(r.url()).pathname));
    await expectCharts(page, ['Joinings per day', 'Sales and BV per day', 'Income paid per cycle', 'Withdrawals per week']);
    expect(chunks.some((p) => /uplot-chart-.*\.js$/.test(p))).toBe(true);
    await picture(page, 'admin');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the member dashboard shows BV per leg, income per cycle and team growth', async () => {
    await as(t.demo.member.email, t.demo.member.password, '/dashboard');
    await expectCharts(page, ['BV per leg', 'Income per cycle', 'Team growth']);
    await picture(page, 'member');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
