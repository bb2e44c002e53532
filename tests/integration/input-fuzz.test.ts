import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { demoCookies } from '../support/http';
import { readContract, type ContractRow } from '../support/contract';

/**
 * "No input may produce a 5xx": every route of the contract, called by a role it admits, with odd path
 * parameters, hostile query strings and bodies of every wrong shape. Each answer must be below 500.
 */
const contract: ContractRow[] = readContract();

/** Field names the forms use, so that hostile values reach the validators and not only the unknown-key path. */
const FIELDS = [
  'email',
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'userId',
  'id',
  'ids',
  'status',
  'role',
  'firstName',
  'lastName',
  'mobile',
  'amount',
  'quantity',
  'productId',
  'position',
  'side',
  'parentId',
  'reason',
  'notes',
  'adminNotes',
  'remarks',
  'page',
  'limit',
  'cursor',
  'query',
  'search',
  'packageAmount',
  'kycStatus',
  'kycDecision',
  'decision',
  'title',
  'content',
  'priority',
  'category',
  'description',
  'price',
  'bv',
  'withdrawalType',
  'bankDetails',
  'usdtWalletAddress',
  'networkType',
  'token',
  'code',
  'txnPin',
  'paymentMethod',
  'deliveryStatus',
  'paymentStatus',
  'subject',
  'message',
  'resolution',
  'assignedTo',
  'franchiseType',
  'expiresAt',
  'publishAt',
  'isActive',
  'currentRank',
  'sponsorId',
  'linkType',
  'count',
  'dateFrom',
  'dateTo',
  'timezone',
];
const HOSTILE: unknown[] = [
  null,
  true,
  -1,
  0,
  1e308,
  -1e308,
  0.000001,
  'NaN',
  '',
  ' ',
  'x'.repeat(20_000),
  '\u0000',
  "' OR 1=1 --",
  '../../etc/passwd',
  '9'.repeat(40),
  '2020-13-45',
  '-0.001',
  '1e999',
  '<script>alert(1)</script>',
  '%',
  '\\',
  '😀'.repeat(50),
  [],
  [null],
  {},
  { $gt: '' },
  { nested: { deeper: [1, { x: 'y' }] } },
  '00000000-0000-0000-0000-000000000000',
];

function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

function bodies(seed: number): string[] {
  const rand = rng(seed);
  const pick = () => HOSTILE[Math.floor(rand() * HOSTILE.length)];
  const out = ['{}', '[]', 'null', '"text"', '12345', '{"a":', '{"__proto__":{"admin":true}}'];
  for (let i = 0; i < 4; i++) out.push(JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, pick()]))));
  // One field at a time carrying each hostile value, the others absent.
  for (const v of HOSTILE) out.push(JSON.stringify({ [FIELDS[Math.floor(rand() * FIELDS.length)]]: v }));
  return out;
}

const IDS = ['not-a-uuid', '00000000-0000-0000-0000-000000000000', '%27%20OR%201%3D1', 'x'.repeat(300), '-1', '1e999', '%00', '..%2F..'];
const QUERIES = [
  '',
  '?limit=-1&page=abc&cursor=%25%25',
  '?limit=99999999999&offset=-5',
  '?sort=../../x&dir=sideways',
  '?status=deleted&role=god',
  '?dateFrom=2020-13-45&dateTo=yesterday&timezone=Mars%2FOlympus',
  '?query=%00&search=' + 'y'.repeat(5000),
  '?status[]=a&status[]=b',
  '?cursor=' + Buffer.from('{"v":"x","id":"y"}').toString('base64url'),
  '?cursor=eyJ2IjpudWxsfQ',
  '?levels=100000&level=-3&page=0',
];

const ROLES: Record<string, string[]> = {
  public: ['none'],
  session: ['member', 'admin'],
  pending: ['pending'],
  member: ['member'],
  founder: ['founder'],
  reviewer: ['founder', 'admin'],
  admin: ['admin'],
};

let t: TestApp;
let cookies: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  cookies = await demoCookies(t);
});
afterAll(async () => t?.close());

/** Routes that end the caller's session would only turn the rest of the run into 401s. */
const skip = (r: ContractRow) => /logout|impersonat.*stop|stop-impersonat/.test(r.path);

describe('hostile input on every contract route', () => {
  it('answers below 500, whatever the path parameter, query string or body', async () => {
    const registered = new Set(t.runtime.routes.map((r) => `${r.method} ${r.url}`));
    const rows = contract.filter((r) => registered.has(`${r.method} ${r.path}`) && !skip(r));
    expect(rows.length).toBeGreaterThan(90);
    const failures: string[] = [];
    let calls = 0;
    const tally = new Map<number, number>();
    for (const [n, r] of rows.entries()) {
      const paths = r.path.includes(':') ? IDS.map((id) => r.path.replace(/:(\w+)/g, id)) : [r.path];
      const payloads = r.method === 'GET' || r.method === 'DELETE' ? [undefined] : bodies(n + 1);
      for (const who of ROLES[r.access] ?? ['admin']) {
        const cookie = who === 'none' ? undefined : cookies[who];
        for (const [i, path] of paths.entries()) {
          for (const [j, payload] of payloads.entries()) {
            // Every query string on the first path and body, then one per combination, to keep the run short.
            const qs = i === 0 && j === 0 ? QUERIES : [QUERIES[(i + j) % QUERIES.length]];
            for (const q of qs) {
              const res = await t.runtime.app.inject({
                method: r.method as 'GET',
                url: path + q,
                headers: { ...(cookie ? { cookie } : {}), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
                ...(payload !== undefined ? { payload } : {}),
              });
              calls++;
              tally.set(res.statusCode, (tally.get(res.statusCode) ?? 0) + 1);
              if (res.statusCode >= 500) failures.push(`${who} ${r.method} ${path + q} ${payload?.slice(0, 120) ?? ''} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
            }
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(5000);
    // The input reached the validators (about 9 in 10 answers are 400s), not only the access guard.
    expect(tally.get(400) ?? 0).toBeGreaterThan(calls * 0.6);
    expect((tally.get(401) ?? 0) + (tally.get(403) ?? 0)).toBeLessThan(calls * 0.05);
    expect(failures, failures.slice(0, 15).join('\n')).toEqual([]);
  }, 600_000);
});
