import { sql, eq } from 'drizzle-orm';
import { rawRows, type DbOrTx } from '../../db/client';
import { invoices } from '../../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type InvoiceRow = typeof invoices.$inferSelect;

export interface SellerSnapshot {
  name: string;
  /** The registered legal name and CIN (absent on invoices issued before they were recorded). */
  legalName?: string | null;
  cin?: string | null;
  gstin: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  pincode: string | null;
  email: string | null;
  phone: string | null;
}

/**
 * Issues the invoices of these completed purchases in one statement, numbered on from each financial year's last
 * serial in the order they completed (then the order given), and dated when they are issued (the statement's clock,
 * read under the applier's lock): a purchase that committed late with an earlier completion time still gets a date no
 * earlier than the invoice numbered before it, so serial order and date order agree, and the financial year follows
 * that date. the series row is written once per year and batch, so
 * numbers have no gaps and are never given twice (the caller holds the applier's lock; a second issue of the same
 * purchase is skipped by `not exists` and refused by the unique purchase_id). Within the seller's state (its names in
 * `sellerStates`, squashed to letters) the tax is CGST and SGST halves, otherwise IGST (gst.ts splitTax); the state
 * compared is the delivery's (the place of supply), not the buyer's address.
 */
export async function issueInvoicesFor(db: DbOrTx, purchaseIds: string[], seller: SellerSnapshot, sellerStates: string[]) {
  if (!purchaseIds.length) return 0;
  // Both go as one array literal each (uuids; state names squashed to letters): nothing in them needs quoting.
  if (!purchaseIds.every((id) => UUID.test(id)) || !sellerStates.every((s) => /^[a-z]+$/.test(s))) throw new Error('invoice batch: unexpected ids');
  const rows = await rawRows<{ n: number }>(
    db,
    sql`with clock as (select clock_timestamp() as issued_at),
        batch as (
          select p.id, p.user_id, p.quantity, p.unit_price, p.total_amount, p.bv_credited_at as completed_at, b.ord,
                 pr.name as product_name, pr.hsn_code, pr.gst as gst_rate,
                 round(p.unit_price * p.quantity, 2) as taxable,
                 jsonb_build_object(
                   'name', trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), 'memberId', u.user_id, 'email', u.email,
                   'mobile', u.mobile, 'address', p.delivery_address, 'state', u.state,
                   'placeOfSupply', coalesce(p.delivery_state, u.state), 'pincode', p.delivery_pincode) as buyer,
                 -- The place of supply of goods is where the delivery ends (IGST Act s.10(1)(a)): the order's delivery
                 -- state; the buyer's profile state only for orders placed before the delivery state was asked.
                 lower(regexp_replace(coalesce(p.delivery_state, u.state, ''), '[^a-zA-Z]', '', 'g')) = any(${`{${sellerStates.join(',')}}`}::text[]) as intra,
                 greatest(clock.issued_at, p.bv_credited_at) as issued_at,
                 extract(year from (greatest(clock.issued_at, p.bv_credited_at) at time zone 'Asia/Kolkata') - interval '3 months')::int as fy_start
          from unnest(${`{${purchaseIds.join(',')}}`}::uuid[]) with ordinality as b(id, ord)
          cross join clock
          join purchases p on p.id = b.id
          join products pr on pr.id = p.product_id
          join users u on u.id = p.user_id
          where p.payment_status = 'completed' and p.bv_credited_at is not null
            and not exists (select 1 from invoices i where i.purchase_id = p.id)
        ),
        numbered as (
          select b.*, b.fy_start::text || '-' || lpad(((b.fy_start + 1) % 100)::text, 2, '0') as fy,
                 row_number() over (partition by b.fy_start order by b.completed_at, b.ord) as n,
                 b.total_amount - b.taxable as tax
          from batch b
        ),
        counts as (select fy, count(*)::int as c from numbered group by fy),
        series as (
          insert into invoice_series (financial_year, last_serial) select fy, c from counts
          on conflict (financial_year) do update set last_serial = invoice_series.last_serial + excluded.last_serial
          returning financial_year, last_serial
        ),
        issued as (
          insert into invoices (purchase_id, user_id, financial_year, serial, invoice_number, issued_at, seller, buyer, product_name, hsn_code,
                                quantity, unit_price, gst_rate, taxable_value, cgst, sgst, igst, total)
          select n.id, n.user_id, n.fy, s.last_serial - c.c + n.n,
                 -- gst.ts invoiceNumber: INV/2627/000001 (sixteen characters at most, GST rule 46). Six digits at
                 -- least; lpad alone would cut the millionth serial to six and repeat a number.
                 'INV/' || right(n.fy_start::text, 2) || lpad(((n.fy_start + 1) % 100)::text, 2, '0') || '/'
                   || lpad((s.last_serial - c.c + n.n)::text, greatest(6, length((s.last_serial - c.c + n.n)::text)), '0'),
                 n.issued_at, ${JSON.stringify(seller)}::jsonb, n.buyer, n.product_name, n.hsn_code,
                 n.quantity, n.unit_price, n.gst_rate, n.taxable,
                 case when n.intra then trunc(n.tax / 2, 2) else 0 end,
                 case when n.intra then n.tax - trunc(n.tax / 2, 2) else 0 end,
                 case when n.intra then 0 else n.tax end,
                 n.total_amount
          from numbered n join series s on s.financial_year = n.fy join counts c on c.fy = n.fy
          returning 1
        )
        select count(*)::int as n from issued`,
  );
  return rows[0]?.n ?? 0;
}

export async function findInvoiceOfPurchase(db: DbOrTx, purchaseId: string) {
  const [row] = await db.select().from(invoices).where(eq(invoices.purchaseId, purchaseId)).limit(1);
  return row;
}
