/**
 * The Income page's figures come from two statements, each with its own snapshot (income.repo incomeFigures): the one
 * that names the open cycle and the one that reads the member's legs in it. A cycle closed between the two would show
 * the closed cycle's legs as the new cycle's; the figures are read again, once, and show the new cycle's. The close
 * is made to land between the two statements through a database handle that runs it just before the open cycle's
 * statement, after the legs' statement has answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../support/test-app';
import { startSignedIn } from '../support/start';
import { query } from '../support/http';
import type { DbOrTx } from '../../server/db/client';
import { incomeFigures } from '../../server/modules/compensation/income.repo';

describe('the Income figures and a cycle closed between their two statements', () => {
  let t: TestApp;
  beforeAll(async () => ({ t } = await startSignedIn(['member'])), 120_000);
  afterAll(() => t?.close());

  it("are read again, and show the new open cycle's legs, not the closed one's", async () => {
    const db = t.runtime.ctx.db;
    const [m] = await query<{ id: string }>(t, sql`select id::text from users where role = 'user' order by created_at limit 1`);
    let [open] = await query<{ id: string }>(t, sql`select id::text from comp_cycles where kind = 'pairing' and status = 'open'`);
    if (!open) {
      [open] = await query<{ id: string }>(
        t,
        sql`insert into comp_cycles (kind, period, starts_at, ends_at) values ('pairing', 'weekly', now() - interval '1 day', now() + interval '6 days') returning id::text`,
      );
    }
    await query(
      t,
      sql`insert into member_volume (member_id, pairing_left, pairing_right, pairing_cycle_id) values (${m.id}::uuid, 100, 40, ${open.id}::uuid)
          on conflict (member_id) do update set pairing_left = 100, pairing_right = 40, pairing_cycle_id = excluded.pairing_cycle_id`,
    );
    expect(await incomeFigures(db, m.id)).toMatchObject({ open: { id: open.id }, legs: { left_bv: '100.00', right_bv: '40.00' } });

    const client = (db as unknown as { session: { client: { query: (text: string, values?: unknown[]) => Promise<unknown> } } }).session.client;
    let legsRead!: () => void;
    const legsAnswered = new Promise<void>((r) => (legsRead = r));
    let next = '';
    const racing = {
      // The legs' statement (planned per call while the tables are small: drizzle's execute).
      execute: async (q: Parameters<typeof db.execute>[0]) => {
        const out = await db.execute(q);
        legsRead();
        return out;
      },
      session: {
        client: {
          // The open cycle's statement (prepared: the client's own query): the close lands just before the first one.
          query: async (text: string, values?: unknown[]) => {
            if (!next && text.includes('comp_plans')) {
              await legsAnswered;
              await query(t, sql`update comp_cycles set status = 'closed', closed_at = now() where id = ${open.id}::uuid`);
              [{ id: next }] = await query<{ id: string }>(
                t,
                sql`insert into comp_cycles (kind, period, starts_at, ends_at) values ('pairing', 'weekly', now() + interval '6 days', now() + interval '13 days') returning id::text`,
              );
            }
            return client.query(text, values);
          },
        },
      },
    } as unknown as DbOrTx;
    const f = await incomeFigures(racing, m.id);
    expect(next).not.toBe('');
    // Nothing of the member is in the new cycle yet.
    expect(f.open?.id).toBe(next);
    expect(f.legs).toBeNull();
  });
});
