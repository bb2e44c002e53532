import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, demoUsers, userByEmail, type TestApp } from '../support/test-app';
import { demoCookies, query, uniqueEmail } from '../support/http';
import { placeMember } from '../../server/modules/tree/tree.service';
import { postLedger } from '../../server/modules/wallet/ledger.service';
import { randomUUID } from 'node:crypto';
import { recordReturnReversal, volumeOf } from '../../server/modules/volume';
import { MAX_JOB_ATTEMPTS, startJobRunner, type JobRunner } from '../../server/workers/job-runner';
import { QUARANTINE_MSG } from '../../contracts/admin';
import type { UserRow } from '../../server/modules/users/users.repo';

/**
 * Issue 33, "a poison entry stops only itself" (ADR 0029), on the real journal and job runner: a purchase whose tax
 * invoice the database refuses fails its batch; the batch's other entries are applied, the purchase is quarantined
 * with its error and shown on /metrics and the dashboard, later entries keep flowing, and after the fix the admin's
 * retry applies it once (or the admin settles it, audited). A job that always throws is parked after
 * MAX_JOB_ATTEMPTS attempts while the other jobs run, and an admin retries it.
 */
let t: TestApp;
let c: Awaited<ReturnType<typeof demoCookies>>;
let stepped: string;
let productId: string;
let root: UserRow;
const buyers: { user: UserRow; cookie: string }[] = [];
const BV = '37.25';

beforeAll(async () => {
  // The test drives the journal itself (t.settle runs the applier).
  t = await startTestApp({ autoSettle: false });
  c = await demoCookies(t);
  const { admin, founder } = await demoUsers(t, 'admin', 'founder');
  stepped = await t.sessionOf(admin.id);
  const p = await t.api('POST', '/api/admin/products', {
    cookie: c.admin,
    body: { name: 'Quarantine Kit', price: '100', bv: BV, gst: '0', category: 'others', purchaseType: 'second_purchase' },
  });
  productId = p.body.product?.id ?? p.body.id;
  // A root of our own below the founder, and three buyers below it (spillover), their placements applied.
  root = await placed('q.root', founder.id, 'left');
  for (const side of ['left', 'right', 'left'] as const) {
    const u = await placed('q.buyer', root.id, side);
    buyers.push({ user: u, cookie: await t.login(u.email, 'Quarantine#1') });
  }
  await t.settle();
}, 120_000);
afterAll(async () => t?.close());
const db = () => t.runtime.ctx.db;

async function placed(tag: string, startId: string, side: 'left' | 'right') {
  const email = uniqueEmail(tag);
  const u = await t.createUser({ email, password: 'Quarantine#1' });
  await db().transaction((tx) => placeMember(tx, u, { startId, side }, t.clock.now()));
  await db().transaction((tx) => postLedger(tx, u.id, '100000.00', 'admin_credit', { description: 'test credit', now: new Date() }));
  return (await userByEmail(t, email))!;
}

const buy = async (cookie: string) => {
  const r = await t.api('POST', '/api/purchases', {
    cookie,
    body: { productId, quantity: 1, paymentMethod: 'wallet', deliveryAddress: 'Quarantine Road 1, Pune 411001', deliveryState: 'Maharashtra', deliveryPincode: '411001' },
  });
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
};

/** The root's lifetime BV (both legs) in paise. */
const rootBV = async () => {
  const v = await volumeOf(db(), root.id);
  return Math.round((Number(v.leftBV) + Number(v.rightBV)) * 100);
};
const paise = (bv: string) => Math.round(Number(bv) * 100);

/**
 * The database refuses the tax invoice of one member's purchases, as a broken row or a constraint would: a real
 * failure of the invoices consumer inside the batch's transaction. Dropped to "fix" it.
 */
async function refuseInvoicesOf(userId: string) {
  await db().execute(
    sql.raw(`create or replace function test_refuse_invoice() returns trigger language plpgsql as $$
      begin if new.user_id = '${userId}'::uuid then raise exception 'test: the invoice of this purchase cannot be issued'; end if; return new; end $$`),
  );
  await db().execute(sql.raw(`drop trigger if exists test_refuse_invoice on invoices`));
  await db().execute(sql.raw(`create trigger test_refuse_invoice before insert on invoices for each row execute function test_refuse_invoice()`));
}
const fixInvoices = () => db().execute(sql.raw(`drop trigger if exists test_refuse_invoice on invoices`));

/** A purchase by `who` whose tax invoice the database refuses, taken through the journal (which quarantines it). */
async function purchaseRefusingItsInvoice(who: { user: UserRow; cookie: string }) {
  await refuseInvoicesOf(who.user.id);
  await buy(who.cookie);
  await t.settle();
}

const entryOf = async (userId: string) =>
  (
    await query<{ id: string; applied_at: Date | null; quarantined_at: Date | null; quarantine_error: string | null; settled_at: Date | null; settle_reason: string | null }>(
      t,
      sql`select id::text, applied_at, quarantined_at, quarantine_error, settled_at, settle_reason from volume_events where member_id = ${userId}::uuid and kind = 'purchase' order by id desc limit 1`,
    )
  )[0];
const invoicesOf = async (userId: string) => (await query<{ n: number }>(t, sql`select count(*)::int as n from invoices where user_id = ${userId}::uuid`))[0].n;
const metrics = async () => (await t.api('GET', '/metrics', { cookie: c.admin, headers: { 'x-forwarded-for': '203.0.113.9' } })).body as string;

describe('a poison journal entry stops only itself', () => {
  it('applies the rest of its batch, quarantines it with its error and shows it', async () => {
    const [a, b, cc] = buyers;
    const before = await rootBV();
    await refuseInvoicesOf(b.user.id);
    for (const x of [a, b, cc]) await buy(x.cookie);
    await t.settle();

    // The good entries of the batch went through: their BV reached the root, their invoices were issued.
    expect(await rootBV()).toBe(before + 2 * paise(BV));
    expect(await invoicesOf(a.user.id)).toBe(1);
    expect(await invoicesOf(cc.user.id)).toBe(1);
    expect(await invoicesOf(b.user.id)).toBe(0);
    const bad = await entryOf(b.user.id);
    expect(bad.applied_at).toBeNull();
    expect(bad.quarantined_at).not.toBeNull();
    expect(bad.quarantine_error).toContain('the invoice of this purchase cannot be issued');

    // Seen by the admin: /metrics, the dashboard's volume card, the list.
    const m = await metrics();
    expect(m).toMatch(/^volume_journal_quarantined 1$/m);
    expect(m).toMatch(/^volume_journal_pending 0$/m);
    const stats = await t.api('GET', '/api/admin/stats', { cookie: c.admin });
    expect(stats.body.volume).toMatchObject({ pending: 0, quarantined: 1 });
    const list = await t.api('GET', '/api/admin/volume/quarantine', { cookie: c.admin });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.entries[0]).toMatchObject({ id: bad.id, kind: 'purchase', memberId: b.user.id, bv: BV });
    expect(list.body.entries[0].error).toContain('cannot be issued');
    expect((await t.api('GET', '/api/admin/volume/quarantine', { cookie: c.member })).status).toBe(403);

    // Later entries keep flowing past it.
    await buy(a.cookie);
    await t.settle();
    expect(await rootBV()).toBe(before + 3 * paise(BV));
    expect(await invoicesOf(a.user.id)).toBe(2);
    expect((await entryOf(b.user.id)).applied_at).toBeNull();
  });

  it('after the fix, the admin retries it and it is applied exactly once', async () => {
    const b = buyers[1];
    const before = await rootBV();
    const bad = await entryOf(b.user.id);
    await fixInvoices();
    const r = await t.api('POST', `/api/admin/volume/quarantine/${bad.id}/retry`, { cookie: c.admin });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(QUARANTINE_MSG.retried);
    // A second retry finds nothing quarantined.
    expect((await t.api('POST', `/api/admin/volume/quarantine/${bad.id}/retry`, { cookie: c.admin })).status).toBe(404);
    await t.settle();
    await t.settle();
    expect(await rootBV()).toBe(before + paise(BV));
    expect(await invoicesOf(b.user.id)).toBe(1);
    const after = await entryOf(b.user.id);
    expect(after.applied_at).not.toBeNull();
    expect(after.quarantined_at).toBeNull();
    expect(await metrics()).toMatch(/^volume_journal_quarantined 0$/m);
    const audit = await query<{ action: string }>(t, sql`select action from audit_log where entity_type = 'volume_event' and entity_id = ${bad.id}`);
    expect(audit.map((x) => x.action)).toEqual(['journal.retry']);
  });

  it('settle marks it applied without applying it, with a required reason, audited', async () => {
    const cc = buyers[2];
    const before = await rootBV();
    await purchaseRefusingItsInvoice(cc);
    await fixInvoices();
    const bad = await entryOf(cc.user.id);
    expect(bad.quarantined_at).not.toBeNull();
    expect(await rootBV()).toBe(before);

    const url = `/api/admin/volume/quarantine/${bad.id}/settle`;
    const short = await t.api('POST', url, { cookie: stepped, body: { reason: 'no' } });
    expect(short.status).toBe(400);
    expect((await t.api('POST', url, { cookie: stepped, body: { reason: 'Order voided with the payment gateway, refunded by hand' } })).status).toBe(200);
    expect((await t.api('POST', url, { cookie: stepped, body: { reason: 'Order voided with the payment gateway, refunded by hand' } })).status).toBe(404);
    await t.settle();
    const after = await entryOf(cc.user.id);
    expect(after.applied_at).not.toBeNull();
    expect(after.settled_at).not.toBeNull();
    expect(after.settle_reason).toContain('voided');
    // Never applied: no BV on the root, no invoice for it.
    expect(await rootBV()).toBe(before);
    expect(await invoicesOf(cc.user.id)).toBe(1);
    const audit = await query<{ action: string; reason: string }>(t, sql`select action, reason from audit_log where entity_type = 'volume_event' and entity_id = ${bad.id}`);
    expect(audit).toEqual([{ action: 'journal.settle', reason: 'Order voided with the payment gateway, refunded by hand' }]);
  });
});

describe('a reversal of a quarantined purchase', () => {
  it('waits beside its purchase, and is applied after it on retry: the BV taken back only once added', async () => {
    const a = buyers[0];
    const before = await rootBV();
    await purchaseRefusingItsInvoice(a);
    const bad = (
      await query<{ id: string; purchase_id: string }>(
        t,
        sql`select id::text, purchase_id::text from volume_events where member_id = ${a.user.id}::uuid and kind = 'purchase' order by id desc limit 1`,
      )
    )[0];
    // The return of that purchase is approved meanwhile: its reversal must not take BV the legs never received.
    await db().transaction((tx) => recordReturnReversal(tx, { returnId: randomUUID(), returnNumber: 'RET-Q-1', purchaseId: bad.purchase_id, memberId: a.user.id, bv: BV }, t.clock.now()));
    await t.settle();
    expect(await rootBV()).toBe(before);
    const [rev] = await query<{ id: string; applied_at: Date | null; quarantine_error: string | null }>(
      t,
      sql`select id::text, applied_at, quarantine_error from volume_events where kind = 'reversal' and purchase_id = ${bad.purchase_id}::uuid`,
    );
    expect(rev.applied_at).toBeNull();
    expect(rev.quarantine_error).toContain(`#${bad.id} is quarantined`);
    expect((await t.api('GET', '/api/admin/volume/quarantine', { cookie: c.admin })).body.total).toBe(2);

    // The fix, then the purchase's retry brings its reversal back with it: both applied, once, in journal order.
    await fixInvoices();
    expect((await t.api('POST', `/api/admin/volume/quarantine/${bad.id}/retry`, { cookie: c.admin })).status).toBe(200);
    await t.settle();
    expect(await rootBV()).toBe(before);
    const applied = await query<{ n: number }>(t, sql`select count(*)::int as n from volume_events where purchase_id = ${bad.purchase_id}::uuid and applied_at is not null and settled_at is null`);
    expect(applied[0].n).toBe(2);
    expect((await t.api('GET', '/api/admin/volume/quarantine', { cookie: c.admin })).body.total).toBe(0);
  });
});

describe('a job that keeps failing is parked', () => {
  let runner: JobRunner;
  let broken = true;
  let good = 0;
  afterAll(async () => runner?.stop());

  it(`is parked after ${MAX_JOB_ATTEMPTS} attempts while the other jobs run, and the admin retries it`, async () => {
    runner = await startJobRunner(
      t.runtime.ctx,
      [
        {
          name: 'test.poison',
          recurring: false,
          run: async () => {
            if (broken) throw new Error('test: this job always fails');
          },
        },
        { name: 'test.good', recurring: false, run: async () => void good++ },
      ],
      { poll: false, worker: 'quarantine-test' },
    );
    const names = ['test.poison', 'test.good'];
    await t.runtime.ctx.jobs.queue({ key: 'test.poison:1', name: 'test.poison' });
    for (let i = 1; i <= MAX_JOB_ATTEMPTS + 2; i++) {
      await t.runtime.ctx.jobs.queue({ key: `test.good:${i}`, name: 'test.good' });
      // The backoff's wait, skipped: the poison job is due again at once.
      await db().execute(sql`update jobs set run_at = ${new Date(t.clock.now().getTime() - 1000).toISOString()}::timestamptz where name = 'test.poison' and parked_at is null`);
      await runner.runDue(names);
    }
    expect(good).toBe(MAX_JOB_ATTEMPTS + 2);
    const [job] = await query<{ id: string; attempts: number; parked_at: Date | null; last_error: string | null }>(
      t,
      sql`select id::text, attempts, parked_at, last_error from jobs where key = 'test.poison:1'`,
    );
    expect(job.attempts).toBe(MAX_JOB_ATTEMPTS);
    expect(job.parked_at).not.toBeNull();
    expect(job.last_error).toContain('always fails');

    expect(await metrics()).toMatch(/^jobs_parked\{job="test.poison"\} 1$/m);
    const list = await t.api('GET', '/api/admin/jobs/parked', { cookie: c.admin });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([expect.objectContaining({ id: job.id, name: 'test.poison', attempts: MAX_JOB_ATTEMPTS, lastError: 'test: this job always fails' })]);

    // After the fix: the admin's retry queues it again and it runs.
    broken = false;
    const r = await t.api('POST', `/api/admin/jobs/${job.id}/retry`, { cookie: c.admin });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(QUARANTINE_MSG.jobRetried);
    expect((await t.api('POST', `/api/admin/jobs/${job.id}/retry`, { cookie: c.admin })).status).toBe(404);
    await runner.runDue(names);
    expect(await query(t, sql`select 1 from jobs where key = 'test.poison:1'`)).toEqual([]);
    expect(await metrics()).not.toMatch(/^jobs_parked\{job="test.poison"\} 1$/m);
    const audit = await query<{ action: string }>(t, sql`select action from audit_log where entity_type = 'job' and entity_id = ${job.id}`);
    expect(audit.map((x) => x.action)).toEqual(['job.retry']);
  });
});
