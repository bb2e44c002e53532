import pg from 'pg';

const FIRST = ['Asha', 'Ravi', 'Neha', 'Arjun', 'Priya', 'Vikram', 'Sneha', 'Rahul', 'Anita', 'Karan', 'Meera', 'Suresh', 'Divya', 'Amit', 'Pooja', 'Sanjay', 'Kavita', 'Manoj', 'Lakshmi', 'Deepak'];
const LAST = ['Verma', 'Kumar', 'Sharma', 'Mehta', 'Nair', 'Singh', 'Patel', 'Reddy', 'Iyer', 'Gupta', 'Das', 'Joshi', 'Rao', 'Shah', 'Menon', 'Pillai', 'Bose', 'Khan', 'Yadav', 'Chopra'];
const RANKS = ['Executive', 'Bronze Star', 'Gold Star', 'Emerald Star', 'Ruby Star', 'Diamond'];
const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

/** Adds `count` members in one set-based insert (user IDs BN0000001...), then refreshes statistics. */
export async function seedMembers(databaseUrl: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  await client.query(`
    insert into users (user_id, email, password, first_name, last_name, role, status, kyc_status, id_status, email_verified, first_login,
      registration_date, activation_date, package_amount, mobile, total_bv, current_rank, bank_name, bank_ifsc, bank_account_number, created_at)
    select 'BN' || lpad(g::text, 7, '0'), 'member' || g || '@bench.local', null,
      (${arr(FIRST)})[1 + g % 20], (${arr(LAST)})[1 + (g / 20) % 20], 'user',
      case when g % 10 < 7 then 'active' when g % 10 < 9 then 'pending' else 'inactive' end,
      case g % 3 when 0 then 'approved' when 1 then 'pending' else 'rejected' end,
      case when g % 10 < 7 then 'Active' else 'Inactive' end, true, false,
      now() - (g || ' minutes')::interval,
      case when g % 10 < 7 then now() - (g || ' minutes')::interval + interval '1 day' end,
      case when g % 4 = 0 then 0 else 5000 end,
      '9' || lpad((g % 1000000000)::text, 9, '0'),
      (g % 50000)::numeric, (${arr(RANKS)})[1 + g % 6],
      case when g % 2 = 0 then 'HDFC BANK' end, case when g % 2 = 0 then 'HDFC0001234' end, case when g % 2 = 0 then lpad(g::text, 12, '7') end,
      now() - (g || ' minutes')::interval
    from generate_series(1, $1::int) g`, [count]);
  await client.query('vacuum analyze users');
  await client.end();
  return Date.now() - started;
}
