import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { franchiseCustomers, invoices, localSales, products, users } from '../../db/schema/index';
import { insertRow, lockById } from '../../db/rows';

export type LocalSaleRow = typeof localSales.$inferSelect;
export type CustomerRow = typeof franchiseCustomers.$inferSelect;

export async function insertLocalSale(db: DbOrTx, values: typeof localSales.$inferInsert): Promise<LocalSaleRow> {
  return insertRow(db, localSales, values);
}

/** The next serial of the company's invoice series in a financial year (the series row's lock orders concurrent sales). */
export async function nextInvoiceSerial(db: DbOrTx, financialYear: string): Promise<number> {
  const rows = await rawRows<{ last_serial: number }>(
    db,
    sql`
    insert into invoice_series (financial_year, last_serial) values (${financialYear}, 1)
    on conflict (financial_year) do update set last_serial = invoice_series.last_serial + 1
    returning last_serial`,
  );
  return Number(rows[0].last_serial);
}

/** Sales of a franchise with their product, buyer and (for a member) the purchase's invoice number. */
export async function salesOf(db: DbOrTx, franchiseId: string, f: { customerId?: string; ids?: string[]; limit: number }) {
  return db
    .select({
      s: localSales,
      productName: products.name,
      memberUserId: users.userId,
      memberFirst: users.firstName,
      memberLast: users.lastName,
      customerName: franchiseCustomers.name,
      purchaseInvoice: invoices.invoiceNumber,
    })
    .from(localSales)
    .innerJoin(products, eq(products.id, localSales.productId))
    .leftJoin(users, eq(users.id, localSales.memberId))
    .leftJoin(franchiseCustomers, eq(franchiseCustomers.id, localSales.customerId))
    .leftJoin(invoices, eq(invoices.purchaseId, localSales.purchaseId))
    .where(and(eq(localSales.franchiseId, franchiseId), f.customerId ? eq(localSales.customerId, f.customerId) : undefined, f.ids ? inArray(localSales.id, f.ids) : undefined))
    .orderBy(desc(localSales.createdAt), desc(localSales.id))
    .limit(f.limit);
}

export async function insertCustomer(db: DbOrTx, values: typeof franchiseCustomers.$inferInsert): Promise<CustomerRow | undefined> {
  const [row] = await db.insert(franchiseCustomers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findCustomer(db: DbOrTx, franchiseId: string, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(franchiseCustomers)
    .where(and(eq(franchiseCustomers.id, id), eq(franchiseCustomers.franchiseId, franchiseId)))
    .limit(1);
  return row;
}

export async function markInvited(db: DbOrTx, id: string, at: Date) {
  await db.update(franchiseCustomers).set({ invitedAt: at }).where(eq(franchiseCustomers.id, id));
}

/** A franchise's customers with their purchase count and spend; `q` matches the name or the mobile. */
export async function customersOf(db: DbOrTx, franchiseId: string, q: string | undefined, id?: string) {
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select({
      c: franchiseCustomers,
      purchases: sql<number>`(select count(*)::int from local_sales s where s.customer_id = franchise_customers.id)`,
      totalSpent: sql<string>`(select coalesce(sum(s.total_amount), 0)::text from local_sales s where s.customer_id = franchise_customers.id)`,
    })
    .from(franchiseCustomers)
    .where(
      and(
        eq(franchiseCustomers.franchiseId, franchiseId),
        id ? eq(franchiseCustomers.id, id) : undefined,
        like ? or(ilike(franchiseCustomers.name, like), ilike(franchiseCustomers.mobile, like)) : undefined,
      ),
    )
    .orderBy(franchiseCustomers.name)
    .limit(500);
}

/** Per franchise holder of `ids`: local sales since `monthStart` and in all, count and value (Franchise Master Control). */
export async function salesSummaries(db: DbOrTx, ids: string[], monthStart: Date) {
  const out = new Map<string, { monthCount: number; monthValue: string; totalCount: number; totalValue: string }>();
  for (const id of ids) out.set(id, { monthCount: 0, monthValue: '0.00', totalCount: 0, totalValue: '0.00' });
  if (!ids.length) return out;
  const since = monthStart.toISOString();
  const rows = await db
    .select({
      id: localSales.franchiseId,
      monthCount: sql<number>`count(*) filter (where ${localSales.createdAt} >= ${since}::timestamptz)::int`,
      monthValue: sql<string>`coalesce(sum(${localSales.totalAmount}) filter (where ${localSales.createdAt} >= ${since}::timestamptz), 0)::numeric(14,2)::text`,
      totalCount: sql<number>`count(*)::int`,
      totalValue: sql<string>`coalesce(sum(${localSales.totalAmount}), 0)::numeric(14,2)::text`,
    })
    .from(localSales)
    .where(inArray(localSales.franchiseId, ids))
    .groupBy(localSales.franchiseId);
  for (const r of rows) out.set(r.id, { monthCount: Number(r.monthCount), monthValue: r.monthValue, totalCount: Number(r.totalCount), totalValue: r.totalValue });
  return out;
}

/** A counter sale, locked for this transaction (a return of it counts what already came back under this lock). */
export async function localSaleForUpdate(db: DbOrTx, id: string): Promise<LocalSaleRow | undefined> {
  return lockById(db, localSales, id);
}

/** The counter sale that made a member's purchase, if one did (its goods go back to that franchise's stock). */
export async function localSaleOfPurchase(db: DbOrTx, purchaseId: string): Promise<LocalSaleRow | undefined> {
  const [row] = await db.select().from(localSales).where(eq(localSales.purchaseId, purchaseId));
  return row;
}
