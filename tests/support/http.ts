import { expect } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { ERROR_CODES } from '../../contracts/errors';
import type { ApiResult, TestApp } from './test-app';

/** Same origin as app.inject's default Host header (localhost:80). */
export const SAME_ORIGIN = 'http://localhost:80';

/** Words that must never reach a client in an error answer: stacks, SQL, driver detail. */
const LEAK_PATTERNS = [
  /\bat .+:\d+:\d+/,
  /node_modules/,
  /\.ts:\d+/,
  /\bstack\b/i,
  /\bselect\b.+\bfrom\b/i,
  /\binsert into\b/i,
  /\bupdate\b.+\bset\b/i,
  /\bdelete from\b/i,
  /\bviolates\b/i,
  /\bconstraint\b/i,
  /\bpostgres\b/i,
  /\bpglite\b/i,
  /\bdrizzle\b/i,
  /\bsyntax error\b/i,
  /\bsqlstate\b/i,
];

/** Checks the shape of an error answer `{ message, code, fieldErrors? }` and that it leaks nothing. */
export function expectError(res: ApiResult, status: number, opts: { code?: string; message?: string; field?: string } = {}) {
  expect(res.status, `status for ${JSON.stringify(res.body)}`).toBe(status);
  expect(String(res.headers['content-type'] ?? '')).toContain('application/json');
  const body = res.body as Record<string, unknown>;
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  expect(ERROR_CODES as readonly string[]).toContain(body.code);
  for (const key of Object.keys(body)) expect(['message', 'code', 'fieldErrors']).toContain(key);
  if (body.fieldErrors !== undefined) {
    expect(typeof body.fieldErrors).toBe('object');
    for (const v of Object.values(body.fieldErrors as object)) expect(Array.isArray(v)).toBe(true);
  }
  const text = JSON.stringify(body);
  for (const re of LEAK_PATTERNS) expect(text, `error body leaks ${re}`).not.toMatch(re);
  if (opts.code) expect(body.code).toBe(opts.code);
  if (opts.message) expect(body.message).toBe(opts.message);
  if (opts.field) {
    const fe = body.fieldErrors as Record<string, string[]> | undefined;
    expect(fe?.[opts.field], `fieldErrors.${opts.field} in ${text}`).toBeDefined();
    if (opts.message) expect(fe![opts.field]).toContain(opts.message);
  }
  return body as { message: string; code: string; fieldErrors?: Record<string, string[]> };
}

/** A validation refusal: 400, VALIDATION_ERROR, the exact message, on the field. */
export function expectInvalid(res: ApiResult, message: string, field?: string, code = 'VALIDATION_ERROR') {
  return expectError(res, 400, { code, message, field });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let seq = 0;
/** A unique, lower-case email for one test. */
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}${(seq++).toString(36)}${randomBytes(2).toString('hex')}@example.com`;

/**
 * Real 16 x 16 images (uploads are decoded and encoded again, issue 13), padded after their end marker with random
 * bytes up to `size`, so each file is distinct and as large as a test needs; decoders ignore the padding and the
 * re-encoding drops it.
 */
const TINY_JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAQABADASIAAhEBAxEB/8QAFwAAAwEAAAAAAAAAAAAAAAAAAQIDBP/EACEQAAICAgICAwEAAAAAAAAAAAECAwQRIRIUAFEFEzFx/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAH/xAAiEQABAgMJAAAAAAAAAAAAAAABAhEhMUEiIzJhcZGywcL/2gAMAwEAAhEDEQA/ADFVrm7H8XEhFGKRa8vHgrmP7bNYMcgA5WSMDXrWB5BrDX6ZsoUhqQxdglAByfr17A0CDktXk37yT+4LrYWxX5xl4qqxNbLAF1L/AE17OznRLwya/pxgY80yV+/b6jc4fiYpuvgk7TsWICqllIOFsxnfvJ/QCF2phi3Z6ZrNTTQRi2VaIYTD8leU9T//2Q==',
  'base64',
);
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAABXElEQVR4nGNgUPXKn7LzHrOGb9H0PQ/ZtANKZ+1/wqkXXDH30HMew7DqBUdf8ZtE1i0+8VbIPKZx2WmGD6JW8S0rz32WsE1qX3Pxm7RDatf6Kz/lnDN6N13/o+iWPWHrrf8qnnmTd9xlUvcpnLab4QGrln/JzH2POXSDyuccfMZtEFo1/8hLPuOI2kXH3wiaRTcsPfVexDKuecXZT+I2iW2rGS58lbJP6Vx3+YesU3rPxmu/FVyz+rfc/KfskTtp+x1GNe+Cqbvus2j6Fc/Y+4hdJ7BsNsOBp1z6IZXzDr/gNQqvWXjstYBpVP2Sk++ELWKblp/5KGad0Lrq/BdJu+SOtZe+yzimdTNsuPpL3iWzb/ONv0ruORO33SYUCAzooUAoEBjQQ4FQIDCghwKhQGBADwVCgcCAHgqEAoGBUFJADwQGQkkBPRAYCCUF9EBgIJQU0AOBgVBSQA8EANBbfpDEKlKmAAAAAElFTkSuQmCC',
  'base64',
);
const padded = (image: Buffer, size: number) => Buffer.concat([image, randomBytes(Math.max(0, size - image.length))]);
export const fakeJpeg = (size = 256) => padded(TINY_JPEG, size);
export const fakePng = (size = 256) => padded(TINY_PNG, size);
export const fakePdf = (size = 256) => {
  const head = Buffer.from('%PDF-1.4\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
};
export const htmlFile = () => Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
export const b64 = (b: Buffer) => b.toString('base64');
export const dataUrl = (b: Buffer, type: string) => `data:${type};base64,${b.toString('base64')}`;

/** Rows of a raw query on either driver (PGlite and node-postgres both answer `{ rows }`). */
export async function query<T = Record<string, unknown>>(t: TestApp, q: SQL): Promise<T[]> {
  const res = (await t.runtime.ctx.db.execute(q)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(res) ? res : (res.rows ?? []);
}

export async function count(t: TestApp, table: string, where?: SQL): Promise<number> {
  const q = where ? sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}` : sql`select count(*)::int as n from ${sql.identifier(table)}`;
  const [row] = await query<{ n: number }>(t, q);
  return Number(row.n);
}

/** Polls until the check passes (for work done after the answer, e.g. onResponse hooks). */
export async function eventually<T>(fn: () => Promise<T>, check: (v: T) => boolean, timeoutMs = 3000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (check(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Parses a Set-Cookie header into its attributes (lower-case names). */
export function cookieAttributes(setCookie: string) {
  const [pair, ...attrs] = setCookie.split(';').map((s) => s.trim());
  const map = new Map<string, string>();
  for (const a of attrs) {
    const i = a.indexOf('=');
    map.set((i < 0 ? a : a.slice(0, i)).toLowerCase(), i < 0 ? '' : a.slice(i + 1));
  }
  const eq = pair.indexOf('=');
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attrs: map };
}

/** Signs the demo accounts in. */
export async function demoCookies(t: TestApp) {
  const [admin, founder, member, pending] = await Promise.all([
    t.login(t.demo.admin.email, t.demo.admin.password),
    t.login(t.demo.founder.email, t.demo.founder.password),
    t.login(t.demo.member.email, t.demo.member.password),
    t.login(t.demo.pending.email, t.demo.pending.password),
  ]);
  return { admin, founder, member, pending };
}

/** Every session of `cookies` is still signed in: each answers its user (200). */
export async function expectSignedIn(t: TestApp, cookies: Record<string, string>) {
  for (const cookie of Object.values(cookies)) expect((await t.api('GET', '/api/auth/user', { cookie })).status).toBe(200);
}

/** A new user with a unique email (`prefix`) and `password`, signed in: the row, the email and the session cookie. */
export async function signedInUser(t: TestApp, prefix: string, password: string, fields: Omit<Parameters<TestApp['createUser']>[0], 'email' | 'password'> = {}) {
  const email = uniqueEmail(prefix);
  const user = await t.createUser({ ...fields, email, password });
  return { user, email, cookie: await t.login(email, password) };
}

/** A GET straight to the app (`app.inject`, beside t.api): the answer as it is, for files, images and redirects. */
export const rawGet = (t: TestApp, url: string, cookie?: string) => t.runtime.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
