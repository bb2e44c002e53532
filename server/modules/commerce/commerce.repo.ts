import { noteControlled } from '../../core/control-trace';
import { and, desc, eq, sql } from 'drizzle-orm';
import { preparedText, type DbOrTx } from '../../db/client';
import { invoices, products, purchases, users } from '../../db/schema/index';
import { walletDebitCtes, walletDebitsCtes } from '../wallet';
import { sealedAnswer, storeAnswersCte } from '../../db/idempotency-keys';
import { insertRow, updateById } from '../../db/rows';
import { ownerColumns } from '../../db/owner-columns';

export type ProductRow = typeof products.$inferSelect;
export type PurchaseRow = typeof purchases.$inferSelect;

export async function activeProducts(db: DbOrTx, f: { purchaseType?: string; category?: string }) {
  return db
    .select()
    .from(products)
    .where(and(eq(products.isActive, true), f.purchaseType ? eq(products.purchaseType, f.purchaseType) : undefined, f.category ? eq(products.category, f.category) : undefined))
    .orderBy(products.purchaseType, products.name);
}

export async function allProducts(db: DbOrTx) {
  return db
    .select({ p: products, purchaseCount: sql<number>`(select count(*)::int from ${purchases} x where x.product_id = ${products.id})` })
    .from(products)
    .orderBy(desc(products.isActive), products.name);
}

export async function findProduct(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  // Every purchase reads its product first: a prepared statement (planned once per connection).
  const [row] = await db
    .select()
    .from(products)
    .where(eq(products.id, sql.placeholder('id')))
    .limit(1)
    .prepare('commerce_find_product')
    .execute({ id });
  return row;
}

export async function insertProduct(db: DbOrTx, values: typeof products.$inferInsert) {
  return insertRow(db, products, values);
}

export async function updateProduct(db: DbOrTx, id: string, values: Partial<typeof products.$inferInsert>) {
  return updateById(db, products, id, values);
}

export async function insertPurchase(db: DbOrTx, values: typeof purchases.$inferInsert) {
  if (values.paymentStatus === 'completed') noteControlled('money');
  return insertRow(db, purchases, values);
}

/** Who bought a purchase, what, and whether it is paid (for the invoice's access check and its product's thumbnail). */
export async function findPurchaseOwner(db: DbOrTx, id: string) {
  const [row] = await db.select({ userId: purchases.userId, productId: purchases.productId, paymentStatus: purchases.paymentStatus }).from(purchases).where(eq(purchases.id, id)).limit(1);
  return row;
}

export async function purchaseForUpdate(db: DbOrTx, id: string): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id)).for('update');
  return row;
}

export async function updatePurchase(db: DbOrTx, id: string, values: Partial<typeof purchases.$inferInsert>) {
  if (values.paymentStatus === 'completed') noteControlled('money');
  return updateById(db, purchases, id, values);
}

export async function purchasesOf(db: DbOrTx, userId: string) {
  // The invoice's number only (read; the invoices module writes them): a paid order without one is still being prepared.
  return db
    .select({ p: purchases, productName: products.name, productCategory: products.category, invoiceNumber: invoices.invoiceNumber })
    .from(purchases)
    .innerJoin(products, eq(products.id, purchases.productId))
    .leftJoin(invoices, eq(invoices.purchaseId, purchases.id))
    .where(eq(purchases.userId, userId))
    .orderBy(desc(purchases.createdAt))
    .limit(500);
}

export async function purchasesPage(db: DbOrTx, f: { paymentStatus?: string; deliveryStatus?: string }, cursor: { at: string; id: string } | undefined, limit: number) {
  return db
    .select({
      p: purchases,
      productName: products.name,
      productCategory: products.category,
      ...ownerColumns,
      invoiceNumber: invoices.invoiceNumber,
    })
    .from(purchases)
    .innerJoin(products, eq(products.id, purchases.productId))
    .innerJoin(users, eq(users.id, purchases.userId))
    .leftJoin(invoices, eq(invoices.purchaseId, purchases.id))
    .where(
      and(
        f.paymentStatus ? eq(purchases.paymentStatus, f.paymentStatus) : undefined,
        f.deliveryStatus ? eq(purchases.deliveryStatus, f.deliveryStatus) : undefined,
        cursor ? sql`(${purchases.createdAt}, ${purchases.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(limit + 1);
}

export interface WalletPurchase {
  id: string;
  userId: string;
  product: { id: string; price: string; gst: string; bv: string };
  quantity: number;
  total: string;
  totalBV: string;
  deliveryAddress: string;
  deliveryState: string;
  deliveryPincode: string;
  description: string;
  now: Date;
  /**
   * The request's Idempotency-Key and its answer should the purchase be made: stored by the coalesced statement
   * (insertWalletPurchases) with the purchase, never by insertWalletPurchase.
   */
  key?: { key: string; route: string; requestHash: string; statusCode: number; response: unknown };
  /** The audit row; its newState gains the balance after the debit. */
  audit: { actorId: string | null; actorRole: string | null; onBehalfOfId: string | null; ipAddress: string | null; userAgent: string | null; sessionId: string | null };
}

/**
 * A wallet purchase in one statement (one round trip, and with no Idempotency-Key no transaction of its
 * own): the debit takes the wallet row and moves only when the balance covers it (the predicate of
 * wallet.repo's shiftBalance) and the product is still active at the price that was charged; the ledger
 * row carries the balance before and after from that same update; then the purchase, the volume
 * journal entry and the audit row (the applier adds the BV to the buyer's and the ancestors' rows, so the
 * request touches no `users` row and never waits on a batch). When the debit does not happen nothing is
 * written and `funded` is false. The check constraints of the wallet and the ledger stay the last guard.
 */
export async function insertWalletPurchase(db: DbOrTx, p: WalletPurchase) {
  noteControlled('money');
  const a = p.audit;
  const rows = await preparedText<{ funded: boolean; balance_after: string | null }>(db, 'commerce_wallet_purchase', WALLET_PURCHASE_SQL, [
    p.userId,
    p.total,
    p.now.toISOString(),
    p.product.id,
    p.product.price,
    p.product.gst,
    p.product.bv,
    p.id,
    p.quantity,
    p.totalBV,
    p.deliveryAddress,
    p.description,
    a.actorId,
    a.actorRole,
    a.onBehalfOfId,
    a.ipAddress,
    a.userAgent,
    a.sessionId,
    p.deliveryState,
    p.deliveryPincode,
  ]);
  return { funded: rows[0].funded, balanceAfter: rows[0].balance_after };
}

/** The statement of insertWalletPurchase; its values in the order of the array there. */
const WALLET_PURCHASE_SQL = `
  with ${walletDebitCtes({
    userId: '$1::uuid',
    amount: '$2::numeric',
    at: '$3::timestamptz',
    type: "'purchase'",
    description: '$12::text',
    referenceId: '$8::text',
    guard: 'exists (select 1 from products x where x.id = $4::uuid and x.is_active and x.price = $5::numeric and x.gst = $6::numeric and x.bv = $7::numeric)',
  })},
  pur as (
    insert into purchases (id, user_id, product_id, quantity, unit_price, total_amount, total_bv, payment_method, payment_status,
                           delivery_address, delivery_state, delivery_pincode, bv_credited_at, created_at, updated_at)
    select $8::uuid, $1::uuid, $4::uuid, $9::int, $5::numeric, $2::numeric, $10::numeric, 'wallet', 'completed',
           $11::text, $19::text, $20::text, $3::timestamptz, $3::timestamptz, $3::timestamptz
    from w
  ),
  journal as (
    insert into volume_events (kind, member_id, purchase_id, bv, occurred_at)
    select 'purchase', $1::uuid, $8::uuid, $10::numeric, $3::timestamptz from w
  ),
  audited as (
    insert into audit_log (entity_type, entity_id, action, actor_id, actor_role, on_behalf_of_id, new_state, ip_address, user_agent, session_id, created_at)
    select 'purchase', $8::text, 'purchase.wallet', $13::uuid, $14::text, $15::uuid,
           jsonb_build_object('total', $2::numeric::text, 'bv', $10::numeric::text, 'balanceAfter', w.after::text),
           $16::text, $17::text, $18::text, $3::timestamptz
    from w
  )
  select exists (select 1 from w) as funded, (select after::text from w) as balance_after`;

/**
 * Many wallet purchases in one statement (purchase-batches.ts): each row is exactly insertWalletPurchase's
 * statement for one purchase (the same debit predicate and guard, ledger row, purchase, journal entry and audit
 * row), so a purchase whose debit does not happen writes nothing. A purchase with an Idempotency-Key stores its
 * answer under the key in the same statement when it is made (db/idempotency-keys storeAnswersCte); a key stored
 * before, or meanwhile by another process, fails the whole statement (a unique violation). The purchases must be of
 * distinct buyers; they are sent sorted by buyer, so every batch takes wallet rows in one order. A purchase whose
 * wallet another transaction holds is skipped (wallet walletDebitsCtes) and writes nothing. Answers, by purchase id,
 * the balance after each debit that happened, and the purchases skipped.
 */
export async function insertWalletPurchases(db: DbOrTx, ps: WalletPurchase[]): Promise<{ after: Map<string, string>; skipped: Set<string> }> {
  noteControlled('money');
  const sorted = [...ps].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const column = <T>(f: (p: WalletPurchase) => T) => sorted.map(f);
  const rows = await preparedText<{ id: string; balance_after: string | null; skipped: boolean }>(db, 'commerce_wallet_purchases', WALLET_PURCHASES_SQL, [
    column((p) => p.userId),
    column((p) => p.total),
    column((p) => p.now.toISOString()),
    column((p) => p.product.id),
    column((p) => p.product.price),
    column((p) => p.product.gst),
    column((p) => p.product.bv),
    column((p) => p.id),
    column((p) => p.quantity),
    column((p) => p.totalBV),
    column((p) => p.deliveryAddress),
    column((p) => p.description),
    column((p) => p.audit.actorId),
    column((p) => p.audit.actorRole),
    column((p) => p.audit.onBehalfOfId),
    column((p) => p.audit.ipAddress),
    column((p) => p.audit.userAgent),
    column((p) => p.audit.sessionId),
    column((p) => p.deliveryState),
    column((p) => p.deliveryPincode),
    column((p) => p.key?.key ?? null),
    column((p) => p.key?.route ?? null),
    column((p) => p.key?.requestHash ?? null),
    column((p) => p.key?.statusCode ?? null),
    column((p) => (p.key ? sealedAnswer(p.key.response) : null)),
  ]);
  const after = new Map<string, string>();
  const skipped = new Set<string>();
  for (const r of rows) {
    if (r.skipped) skipped.add(r.id);
    else if (r.balance_after !== null) after.set(r.id, r.balance_after);
  }
  return { after, skipped };
}

/** The statement of insertWalletPurchases: one array per value of WALLET_PURCHASE_SQL, in the same order, then the keys'. */
const WALLET_PURCHASES_SQL = `
  with t as (
    select *
    from unnest($1::uuid[], $2::numeric[], $3::timestamptz[], $4::uuid[], $5::numeric[], $6::numeric[], $7::numeric[], $8::uuid[],
                $9::int[], $10::numeric[], $11::text[], $12::text[], $13::uuid[], $14::text[], $15::uuid[], $16::text[], $17::text[],
                $18::text[], $19::text[], $20::text[], $21::text[], $22::text[], $23::text[], $24::int[], $25::text[])
      as t(user_id, amount, at, product_id, price, gst, bv, key, quantity, total_bv, address, description, actor_id, actor_role,
           on_behalf_of_id, ip_address, user_agent, session_id, state, pincode, idem_key, route, request_hash, status_code, response)
  ),
  i as (select t.*, t.key::text as reference_id from t),
  ${walletDebitsCtes({
    input: 'i',
    type: "'purchase'",
    guard: 'exists (select 1 from products x where x.id = i.product_id and x.is_active and x.price = i.price and x.gst = i.gst and x.bv = i.bv)',
  })},
  d as (select i.*, w.after from w join i on i.key = w.key),
  pur as (
    insert into purchases (id, user_id, product_id, quantity, unit_price, total_amount, total_bv, payment_method, payment_status,
                           delivery_address, delivery_state, delivery_pincode, bv_credited_at, created_at, updated_at)
    select key, user_id, product_id, quantity, price, amount, total_bv, 'wallet', 'completed', address, state, pincode, at, at, at
    from d
  ),
  journal as (
    insert into volume_events (kind, member_id, purchase_id, bv, occurred_at)
    select 'purchase', user_id, key, total_bv, at from d
  ),
  audited as (
    insert into audit_log (entity_type, entity_id, action, actor_id, actor_role, on_behalf_of_id, new_state, ip_address, user_agent, session_id, created_at)
    select 'purchase', reference_id, 'purchase.wallet', actor_id, actor_role, on_behalf_of_id,
           jsonb_build_object('total', amount::text, 'bv', total_bv::text, 'balanceAfter', after::text),
           ip_address, user_agent, session_id, at
    from d
  ),
  ${storeAnswersCte('d')}
  select key::text as id, after::text as balance_after, false as skipped from d
  union all
  select i.key::text, null, true from i where not exists (select 1 from held h where h.key = i.key)`;
