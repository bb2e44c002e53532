import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfNeeded } from '../../scripts/lib.mjs';
import { COMPRESS_THRESHOLD } from '../../server/http/compression';
import { SESSION_HINT_COOKIE } from '../../server/app';
import { SESSION_HINT } from '../../web/lib/session-hint';
import { startTestApp, type TestApp } from '../support/test-app';
import { DEMO_COMPANY } from '../../server/seed/demo-data';
import { brandPaletteCss } from '../../contracts/brand-palette';

/**
 * How the platform serves the web client and the API (issue 14): every text file compressed (brotli or gzip, as
 * the browser accepts) from the twins written at build time, hashed assets cached for a year as immutable, pages
 * revalidated, JSON above a kilobyte compressed, the session hint the client reads instead of a 401 probe.
 */
const DIST = resolve(import.meta.dirname, '../../web/dist');
let t: TestApp;

beforeAll(async () => {
  // The real build (only when the sources are newer than web/dist), as npm start and npm test serve it.
  buildWebIfNeeded();
  t = await startTestApp();
}, 180_000);
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.runtime.app.inject({ method: 'GET', url, headers });
/** The build's manifest, read when a test runs: after beforeAll's build, never a stale one from before it. */
const readManifest = () => JSON.parse(readFileSync(resolve(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[]; css?: string[] }>;
const decode = (encoding: unknown, body: Buffer) => (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body);

describe('static files', () => {
  // Listed when a test runs, after beforeAll's build.
  const assetFiles = () => readdirSync(resolve(DIST, 'assets')).filter((f) => /\.(js|css)$/.test(f));

  it('the build has assets to check', () => {
    const assets = assetFiles();
    expect(assets.some((f) => f.endsWith('.js'))).toBe(true);
    expect(assets.some((f) => f.endsWith('.css'))).toBe(true);
  });

  it('every hashed asset is served compressed, immutable for a year, varying on Accept-Encoding', async () => {
    const problems: string[] = [];
    for (const file of assetFiles()) {
      const original = readFileSync(resolve(DIST, 'assets', file));
      for (const [accept, expected] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip, deflate', 'gzip'],
      ] as const) {
        const r = await get(`/assets/${file}`, { 'accept-encoding': accept });
        const where = `${file} (${accept})`;
        if (r.statusCode !== 200) problems.push(`${where}: status ${r.statusCode}`);
        if (r.headers['content-encoding'] !== expected) problems.push(`${where}: content-encoding ${r.headers['content-encoding'] ?? 'none'}`);
        if (r.headers['cache-control'] !== 'public, max-age=31536000, immutable') problems.push(`${where}: cache-control ${r.headers['cache-control']}`);
        if (
          !String(r.headers.vary ?? '')
            .toLowerCase()
            .includes('accept-encoding')
        )
          problems.push(`${where}: vary ${r.headers.vary ?? 'none'}`);
        if (!(file.endsWith('.js') ? /^(text|application)\/javascript/ : /^text\/css/).test(String(r.headers['content-type']))) problems.push(`${where}: content-type ${r.headers['content-type']}`);
        if (r.statusCode === 200 && !decode(r.headers['content-encoding'], r.rawPayload).equals(original)) problems.push(`${where}: body differs from the file`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('a client that accepts no encoding gets the file as it is', async () => {
    const file = assetFiles().find((f) => f.endsWith('.js'))!;
    const r = await get(`/assets/${file}`);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.rawPayload.equals(readFileSync(resolve(DIST, 'assets', file)))).toBe(true);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('pages are compressed and revalidated (no-cache), with a description; robots.txt is there', async () => {
    for (const path of ['/', '/dashboard', '/admin?section=dashboard', '/index.html']) {
      const r = await get(path, { 'accept-encoding': 'br, gzip' });
      expect(r.statusCode, path).toBe(200);
      expect(r.headers['content-encoding'], path).toBe('br');
      expect(r.headers['cache-control'], path).toBe('no-cache');
      const html = decode('br', r.rawPayload).toString('utf8');
      expect(html).toContain('<meta name="description"');
      expect(html).toContain('<html lang="en">');
    }
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toMatch(/^User-agent: \*/m);
  });
});

describe('the company colour in the page (issue 15)', () => {
  const page = async (headers: Record<string, string> = {}) => get('/', headers);
  it("the page carries the saved colour as the theme's variables, revalidated by its tag", async () => {
    const admin = await t.login(t.demo.admin.email, t.demo.admin.password);
    const before = await page({ 'accept-encoding': 'br' });
    expect(decode('br', before.rawPayload).toString('utf8')).toContain('<style id="brand-palette" data-color="#4f46e5">:root{--color-primary:#4f46e5;');
    expect((await page({ 'if-none-match': String(before.headers.etag) })).statusCode).toBe(304);

    const saved = await t.api('PUT', '/api/admin/settings/branding', { cookie: admin, body: { ...DEMO_COMPANY, primaryColor: '#FDE047' } });
    expect(saved.status).toBe(200);
    const after = await page({ 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const html = after.body;
    expect(html).toContain(`<style id="brand-palette" data-color="#fde047">${brandPaletteCss('#fde047')}</style><script type="application/json" id="branding">`);
    // The public branding rides in the page (issue 30): the header's name is there at the first render, no request.
    const block = /<script type="application\/json" id="branding">(.*?)<\/script><\/head>/.exec(html)?.[1];
    expect(JSON.parse(block!)).toEqual((await t.api('GET', '/api/branding')).body);
    expect(html).toContain('--color-primary-foreground:#0f172a');
    expect(html).toContain('<meta name="theme-color" content="#fde047" />');
    await t.api('PUT', '/api/admin/settings/branding', { cookie: admin, body: { ...DEMO_COMPANY } });
  });

  it("a company name with markup cannot end the page's branding block", async () => {
    const admin = await t.login(t.demo.admin.email, t.demo.admin.password);
    const name = 'Acme </script><script>alert(1)</script>';
    expect((await t.api('PUT', '/api/admin/settings/branding', { cookie: admin, body: { ...DEMO_COMPANY, companyName: name } })).status).toBe(200);
    const html = (await page({})).body;
    expect(html).not.toContain('</script><script>alert(1)');
    const block = /<script type="application\/json" id="branding">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(block!).companyName).toBe(name);
    await t.api('PUT', '/api/admin/settings/branding', { cookie: admin, body: { ...DEMO_COMPANY } });
  });
});

describe('API answers', () => {
  it('JSON above the threshold is compressed and still no-store; small answers go as they are', async () => {
    const cookie = await t.login(t.demo.member.email, t.demo.member.password);
    const plain = await get('/api/products', { cookie });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(plain.headers['content-encoding']).toBeUndefined();

    for (const encoding of ['br', 'gzip']) {
      const r = await get('/api/products', { cookie, 'accept-encoding': encoding });
      expect(r.headers['content-encoding']).toBe(encoding);
      expect(r.headers['cache-control']).toBe('no-store');
      expect(String(r.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(r.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode(encoding, r.rawPayload).toString('utf8'))).toEqual(plain.json());
    }

    const small = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('Accept-Encoding q-values are honoured', async () => {
    const cookie = await t.login(t.demo.member.email, t.demo.member.password);
    expect((await get('/api/products', { cookie, 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get('/api/products', { cookie, 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
    expect((await get('/api/products', { cookie, 'accept-encoding': '*' })).headers['content-encoding']).toBe('br');
  });
});

describe('preload hints for a signed-in portal (issue 30)', () => {
  const pageOf = async (url: string, headers: Record<string, string> = {}) => {
    const r = await get(url, { 'accept-encoding': 'identity', ...headers });
    return r.body;
  };
  it("a signed-in browser's page lists its portal's chunks (the landing screen ships in it); a visitor's page and the sign-in page none", async () => {
    const manifest = readManifest();
    const cookie = await t.login(t.demo.member.email, t.demo.member.password);
    const dashboard = await pageOf('/dashboard', { cookie });
    // The dashboard is a static import of the member portal (e16c05e): in its chunk, or a chunk of its own the portal imports.
    const landing = manifest['features/member/dashboard-page.tsx'] ? ['features/member/dashboard-page.tsx'] : [];
    for (const key of ['app/signed-in-app.tsx', 'app/portals/member-app.tsx', ...landing]) {
      expect(dashboard).toContain(`<link rel="modulepreload" href="/${manifest[key].file}" />`);
    }
    expect(dashboard).not.toContain(manifest['app/portals/admin-app.tsx'].file);
    expect(await pageOf('/admin', { cookie })).toContain(`href="/${manifest['app/portals/admin-app.tsx'].file}"`);
    expect(await pageOf('/dashboard')).not.toContain('modulepreload');
    expect(await pageOf('/', { cookie })).not.toContain('modulepreload');
  });
});

describe("the first screen's requests (issue 30)", () => {
  /** The files a chunk brings with it before it runs: itself, its static imports (recursively) and their CSS. */
  const closure = (keys: string[]) => {
    const manifest = readManifest();
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const next of chunk.imports ?? []) visit(next);
    };
    keys.forEach(visit);
    return files;
  };

  it('the entry script is asked for at low priority: the page paints its loading state with the stylesheet alone', async () => {
    const page = (await get('/', { 'accept-encoding': 'identity' })).body;
    expect(page).toMatch(/<script type="module" fetchpriority="low" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/);
  });

  it('a dashboard is a handful of requests, not one per shared module (each is a round trip on a phone)', () => {
    // The entry, its stylesheet, the signed-in app with its query and kit chunks and stylesheet, the portal, its icons
    // (14 since issue 32: the returns screens share some of the member portal's icons, which now come in four groups).
    expect(closure(['index.html', 'app/signed-in-app.tsx', 'app/portals/member-app.tsx']).size).toBeLessThanOrEqual(14);
    expect(closure(['index.html', 'app/signed-in-app.tsx', 'app/portals/admin-app.tsx']).size).toBeLessThanOrEqual(20);
  });
});

describe('the session hint (ADR 0012)', () => {
  const hintOf = (r: { headers: Record<string, unknown> }) => [r.headers['set-cookie']].flat().find((c): c is string => typeof c === 'string' && c.startsWith(`${SESSION_HINT_COOKIE}=`));

  it('the web client reads the cookie the server sets', () => {
    expect(SESSION_HINT).toBe(SESSION_HINT_COOKIE);
  });

  it('a page answer sets it, readable by scripts, when the session cookie came along, and clears a stale one', async () => {
    const cookie = await t.login(t.demo.member.email, t.demo.member.password);
    const signedIn = hintOf(await get('/dashboard', { cookie }));
    expect(signedIn).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1;`));
    expect(signedIn).not.toMatch(/HttpOnly/i);
    expect(signedIn).toMatch(/SameSite=Lax/i);

    expect(hintOf(await get('/'))).toBeUndefined();
    const stale = hintOf(await get('/', { cookie: `${SESSION_HINT_COOKIE}=1` }));
    expect(stale).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('the current-user route still answers 401 when signed out (the contract)', async () => {
    const r = await t.api('GET', '/api/auth/user');
    expect(r.status).toBe(401);
    expect(r.headers['set-cookie']).toBeUndefined();
  });

  it('a session cookie the server no longer honours is removed with the hint, the answer still 401', async () => {
    const r = await t.api('GET', '/api/auth/user', { cookie: `sid=not-a-session; ${SESSION_HINT_COOKIE}=1` });
    expect(r.status).toBe(401);
    const cleared = [r.headers['set-cookie']].flat().map(String);
    expect(cleared.find((c) => c.startsWith('sid='))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(hintOf(r)).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});

describe('the current user in the page (issue 30)', () => {
  const BLOCK = /<script type="application\/json" id="current-user">([^<]*)<\/script>/;
  const page = (url: string, headers: Record<string, string> = {}) => get(url, { 'accept-encoding': 'identity', ...headers });
  const withoutClock = ({ stepUpValidForMs: _ignored, ...rest }: Record<string, unknown>) => rest;

  it('a signed-in browser gets, in its page, the user the current-user route answers; private to it and never tagged', async () => {
    const cookie = await t.login(t.demo.member.email, t.demo.member.password);
    const r = await page('/dashboard', { cookie });
    const json = BLOCK.exec(r.body)?.[1];
    expect(json).toBeDefined();
    const api = await t.api('GET', '/api/auth/user', { cookie });
    expect(withoutClock(JSON.parse(json!))).toEqual(withoutClock(api.body));
    expect(r.headers['cache-control']).toBe('private, no-cache');
    expect(r.headers.etag).toBeUndefined();
    // Compressed as any page, and the same page once decoded.
    const br = await get('/dashboard', { cookie, 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(decode('br', br.rawPayload).toString()).toMatch(BLOCK);
  });

  it('a visitor, and a browser whose session the server no longer honours, get no user; the stale cookie goes with the hint', async () => {
    const visitor = await page('/');
    expect(visitor.body).not.toMatch(/id="current-user"/);
    expect(visitor.headers.etag).toBeDefined();

    const stale = await page('/dashboard', { cookie: `sid=not-a-session; ${SESSION_HINT_COOKIE}=1` });
    expect(BLOCK.exec(stale.body)?.[1]).toBe('null');
    const cleared = [stale.headers['set-cookie']].flat().map(String);
    expect(cleared.find((c) => c.startsWith('sid='))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cleared.find((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`))).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('no text of the user can end the block: every < in it is escaped', async () => {
    const user = await t.createUser({ email: 'script@example.test', firstName: 'Ann</script><script>alert(1)</script>' });
    const r = await page('/dashboard', { cookie: await t.sessionOf(user.id) });
    const json = BLOCK.exec(r.body)?.[1];
    expect(json).toContain('\\u003c/script>');
    expect(JSON.parse(json!).firstName).toBe('Ann</script><script>alert(1)</script>');
    // The module script, the branding block and the user block: nothing the name opened.
    expect(r.body.match(/<script/g)).toHaveLength(3);
  });
});
