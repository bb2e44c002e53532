import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { copyOut, copyOutRows } from '../../server/db/copy';

/**
 * The byte reader of COPY (copyOutRows, the payout run's snapshot) against the text reader (copyOut): the same cells
 * for rows cut by the stream's chunks, escapes, NULLs and text that is not ASCII. On the embedded database both
 * answer false (no COPY there) and the caller reads rows itself.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('copyOutRows', () => {
  it('reads the same cells as copyOut, across chunks', async () => {
    const q = `select g::text, repeat('é', g % 40) || g::text, case when g % 7 = 0 then null else E'a\\tb\\\\c\\nd' end, '' from generate_series(1, 30000) g`;
    const text: (string | null)[][] = [];
    const bytes: (string | null)[][] = [];
    const a = await copyOut(t.runtime.ctx.db, q, (c) => text.push(c));
    const b = await copyOutRows(t.runtime.ctx.db, q, (r) => bytes.push(Array.from({ length: r.count }, (_, k) => r.text(k))));
    expect(b).toBe(a);
    expect(bytes).toEqual(text);
    if (!process.env.TEST_DATABASE_URL) return;
    expect(bytes.length).toBe(30_000);
    expect(bytes[6]).toEqual(['7', 'ééééééé7', null, '']);
    expect(bytes[7]).toEqual(['8', 'éééééééé8', 'a\tb\\c\nd', '']);
  });
});
