import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { codeFor } from '../../support/authenticator';
import { startTestApp, type TestApp } from '../../support/test-app';

export const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export type Size = (typeof SIZES)[number];

const SCREENS = resolve(import.meta.dirname, '../../../artifacts/screens');
/** Screenshots the reviews ask for, beside artifacts/screens in the project's git-ignored artifacts folder. */
export const REVIEW_SHOTS = resolve(import.meta.dirname, '../../../artifacts/shots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/**
 * The app listening on a port (`startTestApp({ listen: true, ...options })`) and a browser, for a file's beforeAll;
 * `stopBrowserApp` in its afterAll closes both.
 */
export async function startBrowserApp(options: Parameters<typeof startTestApp>[0] = {}): Promise<{ t: TestApp; browser: Browser }> {
  const t = await startTestApp({ listen: true, ...options });
  return { t, browser: await launchBrowser() };
}

export async function stopBrowserApp(t: TestApp | undefined, browser: Browser | undefined) {
  await browser?.close();
  await t?.close();
}

/**
 * The browser app of a test file: started before its tests with the demo admin signed in (`admin` is the session
 * cookie) and stopped after them. `use` is given the app once it is up.
 */
export function browserAppWithAdmin(use: (app: { t: TestApp; browser: Browser; admin: string }) => void, options: Parameters<typeof startTestApp>[0] = {}) {
  let app: { t: TestApp; browser: Browser } | undefined;
  beforeAll(async () => {
    app = await startBrowserApp(options);
    use({ ...app, admin: await app.t.login(app.t.demo.admin.email, app.t.demo.admin.password) });
  });
  afterAll(() => stopBrowserApp(app?.t, app?.browser));
}

/** Options of a page's context beyond its size: `timeout` is the default wait (10 s). */
export type PageOptions = Pick<BrowserContextOptions, 'bypassCSP' | 'acceptDownloads'> & { timeout?: number };

/** A fresh context (own cookies and storage) with one page at the given size. */
export async function openPage(browser: Browser, size: Size, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const { timeout = 10_000, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: 1, ...contextOptions });
  context.setDefaultTimeout(timeout);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[page error at ${size.name}]`, e.message));
  return { context, page };
}

/**
 * One page at a time for the tests of a describe block at one size: `open()` closes the last context and opens a fresh
 * one (own cookies), `signedIn()` also signs in and waits for the path the sign-in lands on (founders and franchise
 * holders land on their own portal, issue 30). The last context is closed after the block.
 */
export function pagePerTest(browser: () => Browser, size: Size, options: PageOptions = {}) {
  let current: { context: BrowserContext; page: Page } | undefined;
  afterAll(() => current?.context.close());
  const open = async () => {
    await current?.context.close();
    current = await openPage(browser(), size, options);
    return current;
  };
  const signedIn = async (baseUrl: string, login: string, password: string, home: string) => {
    const opened = await open();
    await signIn(opened.page, baseUrl, login, password);
    await expectPath(opened.page, home);
    return opened;
  };
  return { open, signedIn };
}

/** A page of its own at `size`, signed in as `login` and on `home`, given to `use`; closed however `use` ends. */
export async function withSignedInPage(browser: Browser, size: Size, baseUrl: string, login: string, password: string, home: string, use: (page: Page) => Promise<void>) {
  const { context, page } = await openPage(browser, size);
  try {
    await signIn(page, baseUrl, login, password);
    await expectPath(page, home);
    await use(page);
  } finally {
    await context.close();
  }
}

/**
 * Waits for the page's finite animations to end (toasts slide in, dialogs fade in), or `timeoutMs` at the most when
 * given; spinners run forever and are left alone.
 */
export async function settle(page: Page, timeoutMs = 0) {
  await page.evaluate((ms) => {
    const ended = Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().iterations ?? Infinity))
        .map((a) => a.finished.catch(() => null)),
    );
    return ms > 0 ? Promise.race([ended, new Promise((r) => setTimeout(r, ms))]) : ended;
  }, timeoutMs);
}

/**
 * A settled screen: artifacts/screens/<name>-<width>.png (whole page) and, for review, artifacts/shots/<review>-<width>.png
 * (`review` defaults to `name`).
 */
export async function picture(page: Page, name: string, options: { fullPage?: boolean; review?: string } = {}) {
  await settle(page);
  await shot(page, name);
  await reviewShot(page, `${options.review ?? name}-${page.viewportSize()?.width}.png`, options.fullPage ?? true);
}

/** Full-page screenshot into artifacts/screens/<name>-<width>.png. */
export async function shot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  // Let entrance animations (toasts slide in, dialogs fade in) finish, so the picture shows where things settle.
  await settle(page, 1000);
  await page.screenshot({ path: resolve(SCREENS, `${name}-${width}.png`), fullPage: true });
}

/** A screenshot for review into artifacts/shots/<file>, as the page stands (no waiting for animations). */
export async function reviewShot(page: Page, file: string, fullPage = true) {
  mkdirSync(REVIEW_SHOTS, { recursive: true });
  await page.screenshot({ path: resolve(REVIEW_SHOTS, file), fullPage });
}

/** The toast region (Radix viewport, F8). */
export const toasts = (page: Page): Locator => page.getByRole('region', { name: /Notifications/ });

export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const region = toasts(page);
  // One toast at a time replaces the last: wait for this one's own text, not a previous toast of the same title.
  await region.getByText(title, { exact: true }).first().waitFor();
  if (description) await region.getByText(description).first().waitFor();
}

/**
 * Signs in through the form and waits for the server's answer to the sign-in call. A form that re-rendered
 * between the fill and the click (and so lost a value) is filled again; an answer other than 200 fails here
 * with the server's message instead of as a navigation timeout later.
 */
export async function signIn(page: Page, baseUrl: string, login: string, password: string) {
  await page.goto(`${baseUrl}/`);
  const userId = page.getByLabel('User ID');
  const secret = page.getByLabel('Password', { exact: true });
  for (let attempt = 0; ; attempt++) {
    await userId.fill(login);
    await secret.fill(password);
    if ((await userId.inputValue()) === login && (await secret.inputValue()) === password) break;
    if (attempt === 2) throw new Error('the sign-in form kept losing its values');
  }
  const [answer] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/login' && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Log in' }).click(),
  ]);
  if (answer.status() !== 200) throw new Error(`sign-in as ${login} answered ${answer.status()}: ${await answer.text()}`);
  if ((await answer.json()).twoFactorRequired) await answerTwoFactor(page, login);
}

/** Fills the admin's Send Fund form (the section already open) with a credit to `userId` and presses Credit Wallet. */
export async function creditWallet(page: Page, userId: string, amount: string, remarks: string) {
  const form = page.getByRole('form', { name: 'Send Fund' });
  await form.getByLabel('User ID').fill(userId);
  await form.getByLabel('Amount').fill(amount);
  await form.getByLabel('Remarks').fill(remarks);
  await form.getByRole('button', { name: 'Credit Wallet' }).click();
}

/**
 * The second step of a two-factor sign-in, as a person types the code their app shows (the tests' authenticator,
 * tests/support/authenticator.ts, knows the secrets the harness enrolled).
 */
export async function answerTwoFactor(page: Page, login: string, code = codeFor(login)) {
  await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
  await page.getByLabel('Authentication code').fill(code);
  const [answer] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/login/two-factor' && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Verify and log in' }).click(),
  ]);
  if (answer.status() !== 200) throw new Error(`two-factor sign-in as ${login} answered ${answer.status()}: ${await answer.text()}`);
}

/**
 * Logout from a top bar: waits for the server's answer to POST /api/logout and then the sign-in form. The path alone
 * is not enough: a pending user's dashboard is at / already, and a navigation made before the answer would carry the
 * session cookie that the logout ends (a CI run once found the pending dashboard at /verify-email that way).
 */
export async function logOut(page: Page) {
  const [answer] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/logout' && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Logout' }).click(),
  ]);
  if (answer.status() !== 200) throw new Error(`logout answered ${answer.status()}: ${await answer.text()}`);
  await expectPath(page, '/');
  await page.getByRole('button', { name: 'Log in' }).waitFor();
}

/** Waits for the address to reach a path (client-side navigations included). */
export async function expectPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path);
}

export async function visibleText(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor();
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}
let axeSource: string | null = null;

/** Every axe finding (WCAG 2 A and AA, whatever its impact) on the page as it stands. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // A toast or dialog still fading in or out is part-transparent, and axe would measure its contrast mid-way: wait for
  // every finite animation to end first.
  await settle(page);
  await page.evaluate(axeSource);
  return (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })).violations;
  })) as AxeViolation[];
}

/** Serious and critical axe findings (WCAG 2 A and AA) on the page as it stands. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const violations = await axeViolations(page);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

/** The admin portal's `section` (at `baseUrl`), once its heading shows. */
export async function openAdminSection(page: Page, baseUrl: string, section: string, heading: string) {
  await page.goto(`${baseUrl}/admin?section=${section}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** The visible row or card of a record whose `attr` is `id` (a table from 768 px, cards below). */
export const visibleRecord = (page: Page, attr: string, id: string): Locator => page.locator(`[${attr}="${id}"]:visible`);

/** No serious or critical axe finding on the page as it stands. */
export async function expectAxeClean(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** The page is no wider than the screen; otherwise the elements that stick out, to say where. */
export async function pageOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    const width = root.clientWidth;
    // An element inside a box that clips or scrolls sideways does not widen the page.
    const clipped = (e: Element) => {
      for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    const wide = [...document.body.querySelectorAll('*')]
      .filter((e) => e.getBoundingClientRect().right > width + 0.5 && !clipped(e))
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.getAttribute('class') ?? '').slice(0, 80)} right=${e.getBoundingClientRect().right}`);
    return [`scrollWidth ${root.scrollWidth} > ${width}`, ...wide.slice(0, 12)];
  });
}
