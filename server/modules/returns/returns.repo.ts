import { and, desc, eq, or, sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { documentSeries, returnEvents, returns } from '../../db/schema/index';
import { insertRow, lockById } from '../../db/rows';

export type ReturnRow = typeof returns.$inferSelect;
export type NewReturn = typeof returns.$inferInsert;

/**
 * The next serial of a document series in a financial year, without gaps: the row's update holds its lock until the
 * caller's transaction ends, so concurrent returns or refunds number one after another.
 */
export async function nextSerial(db: DbOrTx, kind: 'return' | 'credit_note', financialYear: string): Promise<number> {
  const [row] = await db
    .insert(documentSeries)
    .values({ kind, financialYear, lastSerial: 1 })
    .onConflictDoUpdate({ target: [documentSeries.kind, documentSeries.financialYear], set: { lastSerial: sql`${documentSeries.lastSerial} + 1` } })
    .returning({ serial: documentSeries.lastSerial });
  return row.serial;
}

export async function insertReturn(db: DbOrTx, values: NewReturn): Promise<ReturnRow> {
  return insertRow(db, returns, values);
}

export async function returnForUpdate(db: DbOrTx, id: string): Promise<ReturnRow | undefined> {
  return lockById(db, returns, id);
}

export async function findReturn(db: DbOrTx, id: string): Promise<ReturnRow | undefined> {
  const [row] = await db.select().from(returns).where(eq(returns.id, id));
  return row;
}

export async function updateReturn(db: DbOrTx, id: string, values: Partial<NewReturn>): Promise<ReturnRow> {
  const [row] = await db
    .update(returns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(returns.id, id))
    .returning();
  return row;
}

export async function addEvent(db: DbOrTx, e: { returnId: string; action: string; actorId: string | null; note?: string | null; at: Date }) {
  await db.insert(returnEvents).values({ returnId: e.returnId, action: e.action, actorId: e.actorId, note: e.note ?? null, at: e.at });
}

/** Units of a sale already coming back (every return of it but the rejected ones). */
export async function unitsReturned(db: DbOrTx, sale: { purchaseId?: string | null; localSaleId?: string | null }): Promise<number> {
  const [row] = await rawRows<{ n: number }>(
    db,
    sale.purchaseId
      ? sql`select coalesce(sum(quantity), 0)::int as n from returns where purchase_id = ${sale.purchaseId}::uuid and status <> 'rejected'`
      : sql`select coalesce(sum(quantity), 0)::int as n from returns where local_sale_id = ${sale.localSaleId}::uuid and status <> 'rejected'`,
  );
  return Number(row.n);
}

/** A return as its views show it: the people's names, the product's, the customer's and the events with their actors. */
export interface ReturnDetailRow {
  r: ReturnRow;
  productName: string;
  member: { userId: string; firstName: string | null; lastName: string | null } | null;
  franchise: { userId: string; firstName: string | null; lastName: string | null } | null;
  customerName: string | null;
  events: { at: Date; action: string; note: string | null; userId: string | null; firstName: string | null; lastName: string | null }[];
}

const person = (userId: string | null, firstName: string | null, lastName: string | null) => (userId ? { userId, firstName, lastName } : null);

/** The returns of `ids` in their views' shape, in the order of `ids`. */
export async function detailsOf(db: DbOrTx, rows: ReturnRow[]): Promise<ReturnDetailRow[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const extra = await rawRows<{
    id: string;
    product_name: string;
    m_user_id: string | null;
    m_first: string | null;
    m_last: string | null;
    f_user_id: string | null;
    f_first: string | null;
    f_last: string | null;
    customer_name: string | null;
  }>(
    db,
    sql`select r.id::text, p.name as product_name, m.user_id as m_user_id, m.first_name as m_first, m.last_name as m_last,
               f.user_id as f_user_id, f.first_name as f_first, f.last_name as f_last, c.name as customer_name
        from returns r
        join products p on p.id = r.product_id
        left join users m on m.id = r.member_id
        left join users f on f.id = r.franchise_id
        left join local_sales ls on ls.id = r.local_sale_id
        left join franchise_customers c on c.id = ls.customer_id
        where r.id = any(${sql.param(ids)}::uuid[])`,
  );
  const events = await rawRows<{ return_id: string; at: Date | string; action: string; note: string | null; user_id: string | null; first_name: string | null; last_name: string | null }>(
    db,
    sql`select e.return_id::text, e.at, e.action, e.note, u.user_id, u.first_name, u.last_name
        from return_events e left join users u on u.id = e.actor_id
        where e.return_id = any(${sql.param(ids)}::uuid[]) order by e.id`,
  );
  const byId = new Map(extra.map((x) => [x.id, x]));
  return rows.map((r) => {
    const x = byId.get(r.id)!;
    return {
      r,
      productName: x.product_name,
      member: person(x.m_user_id, x.m_first, x.m_last),
      franchise: person(x.f_user_id, x.f_first, x.f_last),
      customerName: x.customer_name,
      events: events.filter((e) => e.return_id === r.id).map((e) => ({ at: new Date(e.at), action: e.action, note: e.note, userId: e.user_id, firstName: e.first_name, lastName: e.last_name })),
    };
  });
}

/** A member's own returns, and a franchise holder's returns of its counter sales, newest first. */
export async function returnsOfPerson(db: DbOrTx, userId: string, limit: number): Promise<ReturnRow[]> {
  return db
    .select()
    .from(returns)
    .where(or(eq(returns.memberId, userId), eq(returns.franchiseId, userId)))
    .orderBy(desc(returns.createdAt), desc(returns.id))
    .limit(limit);
}

/** Every return, newest first, keyset-paged: by status, and a search on the number, the member's ID or the customer's name. */
export async function returnsPage(db: DbOrTx, f: { status?: string; q?: string }, cursor: { at: string; id: string } | undefined, limit: number): Promise<ReturnRow[]> {
  const q = f.q ? `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return db
    .select()
    .from(returns)
    .where(
      and(
        f.status ? eq(returns.status, f.status) : undefined,
        q
          ? sql`(${returns.number} ilike ${q} or exists (select 1 from users u where u.id = ${returns.memberId} and u.user_id ilike ${q})
                or exists (select 1 from local_sales ls join franchise_customers c on c.id = ls.customer_id where ls.id = ${returns.localSaleId} and c.name ilike ${q}))`
          : undefined,
        cursor ? sql`(${returns.createdAt}, ${returns.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(returns.createdAt), desc(returns.id))
    .limit(limit);
}

/** Returns and their units by product and by reason, between two instants (the report). */
export async function returnsReportRows(db: DbOrTx, from: Date | null, to: Date | null) {
  const within = (col: string) => sql.raw(`${from ? `and ${col} >= '${from.toISOString()}'::timestamptz ` : ''}${to ? `and ${col} < '${to.toISOString()}'::timestamptz` : ''}`);
  const sold = await rawRows<{ product_id: string; product_name: string; orders: number; units: number; amount: string }>(
    db,
    sql`with s as (
          select p.product_id, p.quantity, p.total_amount from purchases p where p.payment_status = 'completed' ${within('p.created_at')}
          union all
          select ls.product_id, ls.quantity, ls.total_amount from local_sales ls where ls.purchase_id is null ${within('ls.created_at')}
        )
        select s.product_id::text, pr.name as product_name, count(*)::int as orders, sum(s.quantity)::int as units, sum(s.total_amount)::text as amount
        from s join products pr on pr.id = s.product_id group by 1, 2`,
  );
  const back = await rawRows<{ product_id: string; product_name: string; reason: string; returns: number; units: number; refunded: string }>(
    db,
    sql`select r.product_id::text, pr.name as product_name, r.reason, count(*)::int as returns, sum(r.quantity)::int as units,
               coalesce(sum(r.refund_amount) filter (where r.status = 'refunded'), 0)::text as refunded
        from returns r join products pr on pr.id = r.product_id
        where r.status <> 'rejected' ${within('r.created_at')}
        group by 1, 2, 3`,
  );
  return { sold, back };
}

/**
 * A member's paid purchases (and a franchise holder's counter sales to customers) whose window may still be open,
 * with the units returns already took (every return but the rejected ones); newest first, at most 100.
 */
export async function recentSalesOf(db: DbOrTx, userId: string, franchise: boolean, since: string) {
  return rawRows<{ purchase_id: string | null; local_sale_id: string | null; product_id: string; product_name: string; quantity: number; total: string; starts: Date | string; returned: number }>(
    db,
    sql`
    with s as (
      select p.id as purchase_id, ls.id as local_sale_id, p.product_id, p.quantity, p.total_amount as total,
             coalesce(p.delivered_at, ls.created_at, p.bv_credited_at, p.created_at) as starts
      from purchases p left join local_sales ls on ls.purchase_id = p.id
      where p.user_id = ${userId}::uuid and p.payment_status = 'completed'
      ${
        franchise
          ? sql`union all
      select null, ls.id, ls.product_id, ls.quantity, ls.total_amount, ls.created_at
      from local_sales ls where ls.franchise_id = ${userId}::uuid and ls.purchase_id is null and ls.created_at >= ${since}::timestamptz`
          : sql``
      }
    )
    select s.purchase_id::text, s.local_sale_id::text, s.product_id::text, pr.name as product_name, s.quantity, s.total::text, s.starts,
           coalesce((select sum(r.quantity) from returns r where r.status <> 'rejected'
                     and ((s.purchase_id is not null and r.purchase_id = s.purchase_id) or (s.purchase_id is null and r.local_sale_id = s.local_sale_id))), 0)::int as returned
    from s join products pr on pr.id = s.product_id
    where s.starts >= ${since}::timestamptz
    order by s.starts desc limit 100`,
  );
}
