import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../support/test-app';
import { startSignedIn } from '../support/start';
import { count, query, uniqueEmail } from '../support/http';
import { foldUserTallies } from '../../server/modules/ops/dashboard.repo';

/**
 * The dashboards count users from user_tallies plus user_tally_changes (migration 0011): whatever
 * writes the users table, the totals must equal a count of the table itself.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => ({ t, admin } = await startSignedIn(['admin'])));
afterAll(() => t?.close());

/** Combinations whose tallied count differs from the users table (none when the tallies are right). */
async function drift() {
  return query<Record<string, unknown>>(
    t,
    sql`
    with tallied as (
      select is_admin, status, kyc_status, is_free, sum(n)::bigint as n from (
        select is_admin, status, kyc_status, is_free, n from user_tallies
        union all select is_admin, status, kyc_status, is_free, delta from user_tally_changes) x
      group by 1, 2, 3, 4 having sum(n) <> 0),
    actual as (
      select role = 'admin' as is_admin, status, kyc_status, coalesce(package_amount, 0) = 0 as is_free, count(*)::bigint as n
      from users group by 1, 2, 3, 4)
    (select 'tallied' as side, * from tallied except select 'tallied', * from actual)
    union all
    (select 'actual', * from actual except select 'actual', * from tallied)`,
  );
}

const stats = async () => (await t.api('GET', '/api/users/stats', { cookie: admin })).body as Record<string, number>;

describe('user tallies', () => {
  it('follow inserts, status, KYC, role and package changes, bulk updates and deletes', async () => {
    expect(await drift()).toEqual([]);
    const a = await t.createUser({ email: uniqueEmail('tally'), status: 'pending', packageAmount: null });
    const b = await t.createUser({ email: uniqueEmail('tally'), status: 'active', kycStatus: 'approved', packageAmount: '5000.00' });
    expect(await drift()).toEqual([]);
    await query(t, sql`update users set status = 'active', kyc_status = 'rejected' where id = ${a.id}::uuid`);
    await query(t, sql`update users set package_amount = 0 where id = ${b.id}::uuid`);
    await query(t, sql`update users set role = 'admin' where id = ${b.id}::uuid`);
    // A change that moves nothing the tallies count writes no change row.
    const changes = await count(t, 'user_tally_changes');
    await query(t, sql`update users set first_name = 'Renamed', package_amount = 0.00 where id = ${b.id}::uuid`);
    expect(await count(t, 'user_tally_changes')).toBe(changes);
    await query(t, sql`update users set status = 'inactive' where email like 'tally%'`);
    expect(await drift()).toEqual([]);
    await query(t, sql`delete from users where id = ${b.id}::uuid`);
    expect(await drift()).toEqual([]);

    const s = await stats();
    expect(s.total).toBe(await count(t, 'users', sql`role <> 'admin'`));
    expect(s.inactive).toBe(await count(t, 'users', sql`role <> 'admin' and status = 'inactive'`));
    expect(s.free).toBe(await count(t, 'users', sql`role <> 'admin' and coalesce(package_amount, 0) = 0`));
  });

  it('a read folds the changes into the totals once 200 have piled up; the figures do not move', async () => {
    await query(
      t,
      sql`
      insert into users (user_id, email, first_name, last_name, role, status, kyc_status, id_status, email_verified, first_login, package_amount)
      select 'TL' || lpad(g::text, 7, '0'), 'tally-bulk' || g || '@example.com', 'Bulk', 'Tally', 'user',
        case when g % 3 = 0 then 'active' else 'pending' end, 'pending', 'Inactive', true, false, case when g % 2 = 0 then 5000 end
      from generate_series(1, 300) g`,
    );
    expect(await count(t, 'user_tally_changes')).toBeGreaterThanOrEqual(300);
    const before = await stats();
    expect(await count(t, 'user_tally_changes')).toBe(0);
    expect(await stats()).toEqual(before);
    expect(before.total).toBe(await count(t, 'users', sql`role <> 'admin'`));
    expect(await drift()).toEqual([]);
  });

  it('stay exact under concurrent writers, readers and folds', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, (_, i) => t.createUser({ email: uniqueEmail(`conc${i}`), status: 'pending' })));
    const statuses = ['active', 'inactive', 'pending', 'suspended'];
    const work: Promise<unknown>[] = [];
    for (let round = 0; round < 10; round++) {
      for (const [i, u] of users.entries()) {
        work.push(
          t.runtime.ctx.db.transaction(async (tx) => {
            await tx.execute(sql`update users set status = ${statuses[(round + i) % 4]}, kyc_status = ${round % 2 ? 'approved' : 'pending'} where id = ${u.id}::uuid`);
            await tx.execute(sql`update users set package_amount = ${round % 3 ? 5000 : 0} where id = ${u.id}::uuid`);
          }),
        );
      }
      work.push(foldUserTallies(t.runtime.ctx.db), stats());
      work.push(t.createUser({ email: uniqueEmail(`conc-new${round}`), status: 'active' }));
    }
    await Promise.all(work);
    expect(await drift()).toEqual([]);
    await foldUserTallies(t.runtime.ctx.db);
    expect(await count(t, 'user_tally_changes')).toBe(0);
    expect(await drift()).toEqual([]);
  });

  it('user_tallies_rebuild() recounts from the users table', async () => {
    await query(t, sql`update user_tallies set n = n + 7`);
    expect((await drift()).length).toBeGreaterThan(0);
    await query(t, sql`select user_tallies_rebuild()`);
    expect(await drift()).toEqual([]);
    expect(await count(t, 'user_tally_changes')).toBe(0);
  });
});
