import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { COMMERCE_MSG } from '../../contracts/commerce';
import type { TestApp } from '../support/test-app';
import { pdfText } from '../support/pdf';
import { SIZES, expectToast, pageOverflow as overflow, reviewShot, settle as settleAnimations, signIn, startBrowserApp, stopBrowserApp, type Size } from './support/browser';

/**
 * Issue 30: a newcomer walks every page in every menu as each demo account, at 1280 and 390 px, and finds nothing to
 * report. Each page fails the walk on: a page wider than the screen; a table column hidden under another (a sticky
 * Actions column) or a header cut short; a console error, page error or failed request; a configuration name
 * (`FUND_REQUEST_MAX_AMOUNT`) in the visible text. Then the member orders to Bengaluru from a Pune profile and the
 * invoice downloaded from My Purchases says Karnataka and IGST.
 */
let t: TestApp;
let browser: Browser;

beforeAll(async () => ({ t, browser } = await startBrowserApp()), 120_000);
afterAll(() => stopBrowserApp(t, browser));

type Account = 'member' | 'pending' | 'franchise' | 'founder' | 'admin' | 'admin2';
const ACCOUNTS: Account[] = ['member', 'pending', 'franchise', 'founder', 'admin', 'admin2'];

interface Visit {
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors and failed requests since the last `take()`. */
  take(): string[];
}

async function open(size: Size): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: 1, acceptDownloads: true });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  let problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && new URL(r.url()).origin === new URL(t.url).origin) problems.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('requestfailed', (r) => {
    // A navigation cancels the requests of the page it leaves: not a failure of either page.
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`);
  });
  return {
    context,
    page,
    take() {
      const out = problems;
      problems = [];
      return out;
    },
  };
}

/** Entrance animations done, then the data in (no request for half a second). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await settleAnimations(page, 1000);
}

/** The app's own pages among these links: no API downloads, no sign-out, no record opened by its id. */
function pagesOf(hrefs: string[]): string[] {
  const origin = new URL(t.url).origin;
  return hrefs
    .map((h) => new URL(h))
    .filter((u) => u.origin === origin && !u.pathname.startsWith('/api/') && u.pathname !== '/logout' && !u.searchParams.has('id'))
    .map((u) => `${u.pathname}${u.search}`);
}

/** The links of a page's menus: the sidebar or drawer, the portal's section menus and tabs, the header; on the home page also its content's. */
async function menuLinks(page: Page, home: boolean): Promise<string[]> {
  // The portal's code arrives after the address changes (the site footer's links are there before it): the page's
  // own heading first, then its menu. On a loaded machine the portal can take seconds, and a crawl that reads only the
  // footer misses the portal's pages.
  await page
    .locator('main h1')
    .first()
    .waitFor({ state: 'visible', timeout: 20_000 })
    .catch(() => undefined);
  await page
    .locator('aside a[href], main a[href], header nav a[href]')
    .first()
    .waitFor({ state: 'attached', timeout: 10_000 })
    .catch(() => undefined);
  // Groups that fold their links away are opened first.
  for (const toggle of await page.locator('nav button[aria-expanded="false"], aside button[aria-expanded="false"]').all()) {
    if (await toggle.isVisible()) await toggle.click().catch(() => undefined);
  }
  const hrefs = await page.evaluate(
    (all) => [...document.querySelectorAll(all ? 'a[href]' : 'nav a[href], aside a[href], header a[href], [role="menu"] a[href], [role="tablist"] a[href]')].map((a) => (a as HTMLAnchorElement).href),
    home,
  );
  return pagesOf(hrefs);
}

/**
 * Every page a demo account reaches from its menus (found once, at desktop width, where every menu is on screen): the
 * landing page's links, then the menus of each page they lead to.
 */
const sitemaps = new Map<Account, string[]>();
async function sitemapOf(account: Account, page: Page, home: string): Promise<string[]> {
  const known = sitemaps.get(account);
  if (known) return known;
  const seen = new Set<string>([home]);
  const queue = [...(await menuLinks(page, true))];
  while (queue.length && seen.size < 80) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    await page.goto(`${t.url}${path}`);
    await settle(page);
    for (const next of await menuLinks(page, false)) if (!seen.has(next)) queue.push(next);
  }
  const paths = [...seen].sort();
  sitemaps.set(account, paths);
  return paths;
}

/**
 * Table columns a reader cannot see: a header cell inside its table's visible width (the scroll box's, at the scroll
 * position the page opens with) covered by another element (a sticky column over it), or its text cut short.
 */
async function clippedColumns(page: Page): Promise<string[]> {
  const tables = await page.locator('table').all();
  const found: string[] = [];
  for (const table of tables) {
    if (!(await table.isVisible())) continue;
    await table
      .locator('thead')
      .first()
      .scrollIntoViewIfNeeded()
      .catch(() => undefined);
    found.push(
      ...(await table.evaluate((el) => {
        const out: string[] = [];
        let box: Element | null = el.parentElement;
        while (box && box !== document.body && !['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
        const view = (box && box !== document.body ? box : document.documentElement).getBoundingClientRect();
        const left = Math.max(view.left, 0);
        const right = Math.min(view.right, document.documentElement.clientWidth);
        const label = el.getAttribute('aria-label') ?? el.closest('section')?.querySelector('h1,h2,h3')?.textContent ?? 'table';
        for (const th of el.querySelectorAll('thead th')) {
          const r = th.getBoundingClientRect();
          const name = (th.textContent ?? '').trim() || '(blank)';
          // A column the layout leaves out at this width (display: none) is a choice, not a clip.
          if (getComputedStyle(th).display === 'none') continue;
          if (r.width < 1) {
            out.push(`${label}: "${name}" has no width`);
            continue;
          }
          const x = r.left + r.width / 2;
          const y = r.top + r.height / 2;
          if (x < left || x > right || y < 0 || y > innerHeight) continue;
          const hit = document.elementFromPoint(x, y);
          if (hit && hit !== th && !th.contains(hit)) out.push(`${label}: "${name}" is under ${hit.tagName.toLowerCase()} "${(hit.textContent ?? '').trim().slice(0, 20)}"`);
          // Cut short: a visible label whose text runs past its box (a visually hidden label is 1 px on purpose).
          for (const text of [th, ...th.querySelectorAll('span, button')]) {
            const style = getComputedStyle(text);
            if (text.clientWidth <= 1 || style.position === 'absolute' || style.overflow === 'visible') continue;
            if (text.scrollWidth > text.clientWidth + 1) {
              out.push(`${label}: "${name}" is cut short`);
              break;
            }
          }
        }
        return out;
      })),
    );
  }
  return found;
}

/** Configuration names (two or more upper-case words joined by underscores) in what the page shows. */
async function configNames(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return [...new Set(text.match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g) ?? [])];
}

const slug = (path: string) =>
  path
    .replace(/^\//, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/-+$/, '') || 'home';

describe.each(SIZES)('the walk at $name width', (size: Size) => {
  it.each(ACCOUNTS)(
    'every page of every menu as the demo %s',
    async (account) => {
      const who = t.demo[account];
      const v = await open(size);
      const report: string[] = [];
      try {
        await signIn(v.page, t.url, who.email, who.password);
        await v.page.getByLabel('User ID').waitFor({ state: 'detached' });
        // Each portal moves on to its home; the pending dashboard stays at /.
        await v.page.waitForURL((u) => u.pathname !== '/', { timeout: account === 'pending' ? 3000 : 15_000, waitUntil: 'commit' }).catch(() => undefined);
        await settle(v.page);
        const home = new URL(v.page.url()).pathname;
        // The menus as the desktop shows them (the phone's drawer holds the same links; desktop runs first).
        const paths = await sitemapOf(account, v.page, home);
        expect(paths.length, `${account}: no menu found on ${home} (found ${paths.join(', ')})`).toBeGreaterThan(account === 'pending' ? 0 : 4);
        for (const path of [home, ...paths.filter((p) => p !== home)]) {
          await v.page.goto(`${t.url}${path}`);
          await settle(v.page);
          const problems = [...(await overflow(v.page)), ...(await clippedColumns(v.page)), ...(await configNames(v.page)).map((n) => `configuration name ${n}`), ...v.take()];
          await reviewShot(v.page, `walk-${account}-${slug(path)}-${size.width}.png`);
          report.push(...problems.map((p) => `${path}: ${p}`));
        }
        expect(report, `${account} at ${size.width} px`).toEqual([]);
      } finally {
        await v.context.close();
      }
    },
    300_000,
  );
});

describe('an inter-state order', () => {
  it('the member orders to Bengaluru; the invoice from My Purchases has Karnataka as place of supply and IGST', async () => {
    const v = await open(SIZES[0]);
    try {
      await signIn(v.page, t.url, t.demo.member.email, t.demo.member.password);
      await v.page.getByLabel('User ID').waitFor({ state: 'detached' });
      await v.page.goto(`${t.url}/products`);
      const card = v.page.getByRole('listitem', { name: 'BreezeLine Fan Regulator and Canopy Set' });
      await card.getByRole('button', { name: 'Purchase Now' }).click();
      const dialog = v.page.getByRole('dialog', { name: 'Purchase Product' });
      await dialog.getByRole('radio', { name: /^Wallet/ }).check();
      await dialog.getByLabel('Delivery Address').fill('22 80 Feet Road, Koramangala 4th Block, Bengaluru');
      await dialog.getByLabel('State').selectOption('Karnataka');
      await dialog.getByLabel('PIN Code').fill('560034');
      await dialog.getByRole('button', { name: 'Place Order' }).click();
      await expectToast(v.page, COMMERCE_MSG.purchaseSuccessTitle, COMMERCE_MSG.purchaseSuccess);
      await dialog.waitFor({ state: 'detached' });

      const mine = (await t.api('GET', '/api/purchases', { cookie: await t.login(t.demo.member.email, t.demo.member.password) })).body as { id: string; deliveryState: string | null }[];
      const order = mine.find((p) => p.deliveryState === 'Karnataka')!;
      expect(order).toBeDefined();
      await t.runtime.settle();
      await v.page.goto(`${t.url}/my-purchases`);
      const shortId = order.id.replace(/-/g, '').slice(-8).toUpperCase();
      const button = v.page.getByRole('button', { name: `Download invoice for order ${shortId}` }).first();
      const [download] = await Promise.all([v.page.waitForEvent('download'), button.click()]);
      const text = await pdfText(readFileSync((await download.path())!));
      expect(text).toContain('Place of Supply: Karnataka (29)');
      expect(text).toContain('IGST @ 18%');
      expect(text).not.toContain('CGST');
      expect(v.take()).toEqual([]);
    } finally {
      await v.context.close();
    }
  }, 120_000);
});
