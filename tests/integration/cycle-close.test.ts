import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../support/test-app';
import { BASE, startCompensationApp } from '../support/compensation';

/**
 * Closing a cycle now while the applier has not yet closed the end asked before (compensation.md §2): the end stays
 * where the first close put it. Asking again used to move it to the new moment, so under a steady load with the
 * applier more than the request's 30 s behind, no close could ever land (the payday bench's close, issue 33).
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await startCompensationApp({ email: 'close.admin2@example.com', password: 'Second#Admin1' }, 'Close Pack'));
}, 180_000);
afterAll(async () => t?.close());

describe('POST /cycles/close', () => {
  it('keeps an end that has passed and closes the cycle at it', async () => {
    const db = t.runtime.ctx.db;
    const ended = new Date(Date.now() - 10_000);
    // The state a close leaves while the applier is behind: the open cycle's end in the past, the cycle still open.
    const rows = await db.execute(
      sql`update comp_cycles set ends_at = ${ended.toISOString()}::timestamptz where kind = 'pairing' and status = 'open' and starts_at < ${ended.toISOString()}::timestamptz returning id`,
    );
    const id = ((rows as unknown as { rows?: { id: string }[] }).rows ?? (rows as unknown as { id: string }[]))[0]?.id;
    expect(id).toBeTruthy();
    const audits = async () => (await t.runtime.ctx.db.execute(sql`select count(*)::int as n from audit_log where entity_id = ${id} and action = 'cycle.closed_now'`)) as unknown;
    const before = JSON.stringify(await audits());
    const r = await t.api('POST', `${BASE}/cycles/close`, { cookie: admin, body: { kind: 'pairing' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.id).toBe(id);
    expect(r.body.status).toBe('closed');
    expect(new Date(r.body.endsAt as string).getTime()).toBe(ended.getTime());
    // Nothing moved, so nothing to audit.
    expect(JSON.stringify(await audits())).toBe(before);
  });
});
